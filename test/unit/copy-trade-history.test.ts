/**
 * The trade history of copy-trade-signals: what a wallet gave and got in a swap (Helius enhanced
 * format: wrapped SOL, native SOL, rent dust, failures, multi-asset), and paging back to the window
 * start with a page cap.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HISTORY_MAX_PAGES, HISTORY_PAGE_SIZE, historySince, walletSwapOf } from '../../src/endpoints/shared/copy-trade-history.js';
import { USDC_MINT, WSOL_MINT } from '../../src/analytics/copy-trade-valuation.js';
import type { HeliusClient, TransactionHistoryOptions } from '../../src/sources/helius.js';
import type { EnhancedTransaction } from '../../src/sources/wire/helius.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** The caller's deadline on manual time that no test here moves: no verdict depends on how fast the machine is. */
const sourceTimers = new ManualTimers();

const ME = '86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY';
const POOL = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1';
const TOKEN = 'TokenMint1111111111111111111111111111111111';
const recorded = JSON.parse(readFileSync(new URL('../fixtures/helius/transactionsByAddress.json', import.meta.url), 'utf8')) as EnhancedTransaction[];

function swapTx(over: Partial<EnhancedTransaction>): EnhancedTransaction {
  return { description: '', type: 'SWAP', source: 'JUPITER', fee: 5000, feePayer: ME, signature: 'sig', slot: 1, timestamp: 1_750_000_000, nativeTransfers: [], tokenTransfers: [], transactionError: null, ...over };
}
const token = (from: string, to: string, mint: string, amount: number) => ({ fromUserAccount: from, toUserAccount: to, mint, tokenAmount: amount });

describe('walletSwapOf', () => {
  it('the recorded Helius swap: 2 SOL (wrapped; the native wrap is not counted twice) for 284.61 USDC', () => {
    const s = walletSwapOf(recorded[0]!, ME);
    assert.ok(s && s !== 'unparsed');
    assert.deepEqual(s.sold, { mint: WSOL_MINT, amount: 2 });
    assert.deepEqual(s.bought.mint, USDC_MINT);
    assert.ok(Math.abs(s.bought.amount - 284.613452) < 1e-9);
    assert.equal(walletSwapOf(recorded[1]!, ME), null, 'a TRANSFER is not a swap');
  });

  it('native SOL is the SOL leg when no wrapped-SOL transfer shows it', () => {
    const s = walletSwapOf(swapTx({ nativeTransfers: [{ fromUserAccount: ME, toUserAccount: POOL, amount: 1_500_000_000 }], tokenTransfers: [token(POOL, ME, TOKEN, 1000)] }), ME);
    assert.deepEqual(s, { signature: 'sig', timestamp: 1_750_000_000, sold: { mint: WSOL_MINT, amount: 1.5 }, bought: { mint: TOKEN, amount: 1000 } });
  });

  it('rent and tips (native moves under 0.01 SOL) are not a leg', () => {
    const s = walletSwapOf(swapTx({
      nativeTransfers: [{ fromUserAccount: ME, toUserAccount: 'NewTokenAccount111111111111111111111111111', amount: 2_039_280 }],
      tokenTransfers: [token(ME, POOL, USDC_MINT, 250), token(POOL, ME, TOKEN, 1000)],
    }), ME);
    assert.ok(s && s !== 'unparsed');
    assert.equal(s.sold.mint, USDC_MINT);
  });

  it('failed swaps and swaps of several assets are not trades', () => {
    assert.equal(walletSwapOf(swapTx({ transactionError: { error: 'custom program error: 0x1771' }, tokenTransfers: [token(ME, POOL, USDC_MINT, 1), token(POOL, ME, TOKEN, 1)] }), ME), null);
    assert.equal(walletSwapOf(swapTx({ tokenTransfers: [token(ME, POOL, USDC_MINT, 10), token(POOL, ME, TOKEN, 5), token(POOL, ME, 'Other111111111111111111111111111111111111111', 5)] }), ME), 'unparsed');
    assert.equal(walletSwapOf(swapTx({}), ME), 'unparsed', 'nothing moved');
  });
});

describe('historySince', () => {
  /** A fake Helius over `total` transactions one hour apart, newest first, paged like the real one. */
  function fakeHelius(total: number, newest: number) {
    const all = Array.from({ length: total }, (_, i) => swapTx({ signature: `s${i}`, timestamp: newest - i * 3600 }));
    const calls: (string | undefined)[] = [];
    const helius = {
      async getTransactionsByAddress(_address: string, options: TransactionHistoryOptions = {}) {
        calls.push(options.beforeSignature);
        const from = options.beforeSignature ? all.findIndex((t) => t.signature === options.beforeSignature) + 1 : 0;
        return all.slice(from, from + (options.limit ?? 100));
      },
    } as unknown as HeliusClient;
    return { helius, calls };
  }
  const NEWEST = 1_750_000_000;

  it('pages back until a page reaches the window start, keeping only the window', async () => {
    const { helius, calls } = fakeHelius(1000, NEWEST);
    const h = await historySince(helius, ME, NEWEST - 150 * 3600, sourceTimers.timeout(1000));
    assert.equal(h.pages, 2);
    assert.deepEqual(calls, [undefined, 's99']);
    assert.equal(h.transactions.length, 151);
    assert.equal(h.complete, true);
  });

  it('a short page is the end of the history: complete', async () => {
    const { helius } = fakeHelius(30, NEWEST);
    const h = await historySince(helius, ME, NEWEST - 1000 * 3600, sourceTimers.timeout(1000));
    assert.equal(h.pages, 1);
    assert.equal(h.transactions.length, 30);
    assert.equal(h.complete, true);
  });

  it('the page cap before the window start: incomplete, with the oldest moment read', async () => {
    const { helius } = fakeHelius(5000, NEWEST);
    const h = await historySince(helius, ME, NEWEST - 4000 * 3600, sourceTimers.timeout(1000));
    assert.equal(h.pages, HISTORY_MAX_PAGES);
    assert.equal(h.transactions.length, HISTORY_MAX_PAGES * HISTORY_PAGE_SIZE);
    assert.equal(h.complete, false);
    assert.equal(h.oldestRead, NEWEST - (HISTORY_MAX_PAGES * HISTORY_PAGE_SIZE - 1) * 3600);
  });
});
