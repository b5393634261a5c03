/**
 * `winnerExits` (src/endpoints/discovery/shared/smart-wallets.ts): whether a smart buyer still holds a token, from
 * its swaps over the lookback read — the rule behind "smart money present means holding now" (docs/discovery.md).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { WalletSwap } from '../../../src/analytics/copy-trade-valuation.js';
import { winnerExits, type SmartWallet } from '../../../src/endpoints/discovery/shared/smart-wallets.js';

const T = 'TOKEN';
const SOL = 'So11111111111111111111111111111111111111112';
const NOW_S = 1_800_000_000;
const buy = (min: number, amount: number): WalletSwap => ({ signature: `b${min}`, timestamp: NOW_S - min * 60, sold: { mint: SOL, amount: 1 }, bought: { mint: T, amount } });
const sell = (min: number, amount: number): WalletSwap => ({ signature: `s${min}`, timestamp: NOW_S - min * 60, sold: { mint: T, amount }, bought: { mint: SOL, amount: 1 } });
// Only the swaps are read; the rest of a wallet's record does not matter here.
const wallet = (address: string, swaps: WalletSwap[]) => ({ address, swaps }) as unknown as SmartWallet;
const exits = (swaps: WalletSwap[]) => winnerExits([wallet('W', swaps)], T, ['W'], NOW_S * 1000);
const at = (min: number) => (NOW_S - min * 60) * 1000;

describe('winnerExits', () => {
  test('bought and sold it all: exited at the sell', () => {
    assert.deepEqual([...exits([buy(300, 1_000), sell(90, 1_000)])], [['W', at(90)]]);
    // Sold in two steps: the exit is the step that emptied the position.
    assert.deepEqual([...exits([buy(300, 1_000), sell(120, 400), sell(60, 600)])], [['W', at(60)]]);
    // Sold back to the last raw unit (within 10⁻⁶ of what it bought): holds nothing.
    assert.deepEqual([...exits([buy(300, 1_000), sell(60, 999.9995)])], [['W', at(60)]]);
  });

  test('still holding: nothing sold, a partial sell, or a buy after the exit', () => {
    assert.equal(exits([buy(30, 1_000)]).size, 0);
    assert.equal(exits([buy(300, 1_000), sell(60, 500)]).size, 0);
    assert.equal(exits([buy(600, 1_000), sell(400, 1_000), buy(30, 700)]).size, 0);
  });

  test('a sell of tokens bought before the lookback is not a sale of the position opened inside it', () => {
    // The lookback starts inside an earlier round trip: its sell comes first, then a new buy that is still held.
    assert.equal(exits([sell(900, 1_200), buy(600, 1_000), sell(400, 1_000), buy(30, 800)]).size, 0);
    assert.deepEqual([...exits([sell(900, 1_200), buy(600, 1_000), sell(400, 1_000)])], [['W', at(400)]]);
  });

  test('swaps after now are not read; wallets not asked about, or not read, are left out', () => {
    const future = { ...sell(0, 1_000), timestamp: NOW_S + 60 };
    assert.equal(exits([buy(30, 1_000), future]).size, 0);
    assert.equal(winnerExits([wallet('W', [buy(300, 1), sell(60, 1)])], T, ['X'], NOW_S * 1000).size, 0);
  });
});
