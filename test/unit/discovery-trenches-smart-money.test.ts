/**
 * The trenches' smart-money leg (trenches-signals.ts over smart-wallets.ts) without the network: only the
 * seed wallets QUALIFYING as winners under smart-money-flow's defaults (≥ 5 closed trades, win rate ≥ 0.55 in
 * 14 days) are smart buyers — a loser's or an unproven wallet's buy does not count; which swaps are buys
 * (cash → token only); the 24 h window (both edges included); the token filter; a wallet failing leaves the
 * others (partial), every wallet failing is the leg failing (a SourceError, not the call's 502); and which
 * wallets count (operator list, sandbox default, in live mode a seed the leg derives: its own unit test is
 * test/unit/smart-money-derived-seed.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { USDC_MINT, USDT_MINT } from '../../src/analytics/copy-trade-valuation.js';
import { DEFAULT_SMART_MONEY_WALLETS } from '../../src/endpoints/discovery/shared/smart-money-seed.js';
import { winnerBuys } from '../../src/endpoints/discovery/shared/smart-wallets.js';
import {
  seedWalletCount, smartMoneyCaveats, smartMoneyLeg, smartMoneyState, smartSeedOf, tokenBuys, winnerCount,
} from '../../src/endpoints/discovery/shared/trenches-signals.js';
import type { HandlerContext } from '../../src/registry/types.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { SourceError } from '../../src/sources/errors.js';
import type { EnhancedTransaction } from '../../src/sources/wire/helius.js';

const W1 = 'uHux2Y8XjMYJfYCUyymhkEQgU7C55kSmNhmk6usuNFj'; // winner
const W2 = '8e3X4xmsTfSaibLmiKhXVKE4aXAH7Ztnq8spsGSDhEbF'; // loser
const W3 = 'Bt52h89zaix4q7QKYAc2iZXeW9SmSEw4xwX2qquryrYm'; // too few closed trades
const POOL = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1';
const OLD = 'TokenOLD111111111111111111111111111111111111';
const TOKEN_A = 'TokenA1111111111111111111111111111111111111';
const TOKEN_B = 'TokenB1111111111111111111111111111111111111';
const NOW_S = 1_790_000_000;
const DAY_S = 86_400;

const transfer = (from: string, to: string, mint: string, amount: number) => ({ fromUserAccount: from, toUserAccount: to, mint, tokenAmount: amount });
function swap(wallet: string, sig: string, t: number, sold: [string, number], bought: [string, number]): EnhancedTransaction {
  return {
    description: '', type: 'SWAP', source: 'JUPITER', fee: 5000, feePayer: wallet, signature: sig, slot: 1, timestamp: t, nativeTransfers: [], transactionError: null,
    tokenTransfers: [transfer(wallet, POOL, sold[0], sold[1]), transfer(POOL, wallet, bought[0], bought[1])],
  };
}

/** Six $100 round trips of OLD over the last week, `wins` of them sold for $110 and the rest for $90. */
function roundTrips(wallet: string, wins: number): EnhancedTransaction[] {
  const txs: EnhancedTransaction[] = [];
  for (let i = 0; i < 6; i++) {
    const t = NOW_S - DAY_S * (i + 2);
    txs.push(swap(wallet, `${wallet}-s${i}`, t + 600, [OLD, 100], [USDC_MINT, i < wins ? 110 : 90]), swap(wallet, `${wallet}-b${i}`, t, [USDC_MINT, 100], [OLD, 100]));
  }
  return txs;
}

// Newest first, as served. W1: 5/6 = 0.8333 (winner); W2: 1/6 = 0.1667 (below 0.55); W3: no closed trade.
const HISTORIES: Record<string, EnhancedTransaction[]> = {
  [W1]: [
    swap(W1, 'a-now', NOW_S, [USDC_MINT, 10], [TOKEN_A, 1]), // exactly now: counts
    swap(W1, 'tok-tok', NOW_S - 100, [TOKEN_B, 5], [TOKEN_A, 5]), // token to token: no cash paid
    swap(W1, 'conv', NOW_S - 200, [USDC_MINT, 50], [USDT_MINT, 50]), // cash to cash
    swap(W1, 'a-usdc', NOW_S - 600, [USDC_MINT, 80], [TOKEN_A, 20]),
    swap(W1, 'b-edge', NOW_S - DAY_S, [USDT_MINT, 300], [TOKEN_B, 40]), // exactly 24 h old: counts
    swap(W1, 'b-old', NOW_S - DAY_S - 1, [USDC_MINT, 300], [TOKEN_B, 40]), // a second before the window
    ...roundTrips(W1, 5),
  ],
  [W2]: [swap(W2, 'loser-a', NOW_S - 300, [USDC_MINT, 500], [TOKEN_A, 100]), ...roundTrips(W2, 1)],
  [W3]: [swap(W3, 'new-a', NOW_S - 400, [USDC_MINT, 500], [TOKEN_A, 100])],
};

/** Helius answers each wallet's list, or fails for the wallets in `failing` with `kind`; no SOL-quoted swap, so no price read. */
function ctxWith(failing: readonly string[] = [], extra: Partial<HandlerContext> = {}, kind: 'unavailable' | 'timeout' = 'unavailable'): HandlerContext {
  const helius = {
    async getTransactionsByAddress(address: string) {
      if (failing.includes(address)) throw new SourceError('wallet_assets', kind, 'down');
      return HISTORIES[address] ?? [];
    },
  };
  const defillama = { batchHistoricalPrices: async () => assert.fail('no SOL-quoted swap: no SOL price read') };
  return { now: () => new Date(NOW_S * 1000), signal: new AbortController().signal, timers: new ManualTimers(), sources: { helius, defillama }, dataMode: 'sandbox', ...extra } as unknown as HandlerContext;
}

const SEED = { wallets: [W1, W2, W3], source: 'operator' as const };

describe('smartMoneyLeg: only the qualifying winners\' buys count', () => {
  it('the winner\'s cash → token buys inside [now − 24 h, now]; the loser\'s and the unproven wallet\'s buys of the same token do not count', async () => {
    const leg = await smartMoneyLeg(ctxWith(), SEED, [TOKEN_A, TOKEN_B]);
    assert.ok(leg);
    assert.deepEqual(leg.read.wallets.map((w) => [w.address, w.status, w.winRate]), [[W1, 'winner', 0.8333], [W2, 'below_win_rate', 0.1667], [W3, 'insufficient_trades', null]]);
    assert.deepEqual(leg.buys.map((b) => [b.wallet, b.signature, b.mint]).sort(), [[W1, 'a-now', TOKEN_A], [W1, 'a-usdc', TOKEN_A], [W1, 'b-edge', TOKEN_B]]);
    assert.deepEqual(tokenBuys(leg.buys, TOKEN_A).map((b) => b.wallet), [W1, W1], 'W2 (loser) and W3 (5 closed trades short) bought TOKEN_A too');
    assert.deepEqual(tokenBuys(leg.buys, TOKEN_B), [{ wallet: W1, atMs: (NOW_S - DAY_S) * 1000 }]);
    assert.equal(winnerCount(leg), 1);
    assert.equal(smartMoneyState(SEED, leg), 'ok');
    const caveats = smartMoneyCaveats(SEED, leg);
    assert.deepEqual(caveats.map((c) => c.code), ['smart_money_wallets']);
    assert.match(caveats[0]!.message, /qualify as winners .*win rate ≥ 0\.55 over ≥ 5 closed trades in the last 14 days \(1 of the 3 read qualify\)/);
    assert.doesNotMatch(caveats[0]!.message, /as listed/);
  });

  it('narrows to the tokens asked about', async () => {
    const leg = await smartMoneyLeg(ctxWith(), SEED, [TOKEN_B]);
    assert.deepEqual(leg?.buys.map((b) => b.signature), ['b-edge']);
  });

  it('winnerBuys: the window\'s edges are inclusive, and only winners are read', async () => {
    const leg = await smartMoneyLeg(ctxWith(), SEED, []);
    const wallets = leg!.read.wallets;
    assert.deepEqual(winnerBuys(wallets, (NOW_S - 600) * 1000, NOW_S * 1000).map((b) => b.signature).sort(), ['a-now', 'a-usdc']);
    assert.deepEqual(winnerBuys(wallets, (NOW_S - 600) * 1000 + 1, NOW_S * 1000 - 1).map((b) => b.signature), []);
    assert.deepEqual(winnerBuys(wallets.filter((w) => w.address !== W1), 0, NOW_S * 1000), [], 'no winner, no smart buy');
  });

  it('a wallet failing: the others count (partial, leg_degraded); every wallet failing is the leg failing (SourceError), not the call', async () => {
    const partial = await smartMoneyLeg(ctxWith([W2]), SEED, [TOKEN_A]);
    assert.deepEqual(partial?.buys.map((b) => b.signature).sort(), ['a-now', 'a-usdc']);
    assert.equal(smartMoneyState(SEED, partial), 'partial');
    const degraded = smartMoneyCaveats(SEED, partial).find((c) => c.code === 'leg_degraded');
    assert.equal(degraded?.leg, 'wallet_assets');
    assert.match(degraded!.message, /1 of 3 seed wallet\(s\) skipped/);

    await assert.rejects(smartMoneyLeg(ctxWith([W1, W2, W3]), SEED, [TOKEN_A]), (e: unknown) => e instanceof SourceError && e.leg === 'wallet_assets' && e.kind === 'unavailable');
    await assert.rejects(smartMoneyLeg(ctxWith([W1, W2, W3], {}, 'timeout'), SEED, [TOKEN_A]), (e: unknown) => e instanceof SourceError && e.kind === 'timeout');
    assert.equal(smartMoneyState(SEED, null), 'failed');
    assert.equal(winnerCount(null), null);
    const failedMessage = smartMoneyCaveats(SEED, null)[0]!.message;
    assert.match(failedMessage, /qualify as winners.*14 days\. Present means still holding/);
    assert.doesNotMatch(failedMessage, /qualify\)|read qualify/, 'failed: no count of winners claimed');
  });
});

describe('smartSeedOf (which wallets count: smart-money-flow\'s precedence)', () => {
  it('the operator\'s list first, else the curated default in sandbox mode, else (live) a seed the leg derives', async () => {
    assert.deepEqual(smartSeedOf(ctxWith([], { smartMoneyWallets: [W2] })), { wallets: [W2], source: 'operator' });
    assert.deepEqual(smartSeedOf(ctxWith([], { smartMoneyWallets: [W2], dataMode: 'live' })), { wallets: [W2], source: 'operator' });
    assert.deepEqual(smartSeedOf(ctxWith()), { wallets: [...DEFAULT_SMART_MONEY_WALLETS], source: 'default' });
    const live = smartSeedOf(ctxWith([], { dataMode: 'live' }));
    assert.deepEqual(live, { wallets: null, source: 'derived' }, 'no list yet: the leg finds it');
    // A derived leg that failed read no wallet, and says so without claiming a count of winners.
    assert.equal(smartMoneyState(live, null), 'failed');
    assert.equal(seedWalletCount(live, null), 0);
    assert.match(smartMoneyCaveats(live, null)[0]!.message, /seed derived from recent public trading.*\(0\)/);
  });
});
