/**
 * The smart-money wallet reader (src/endpoints/discovery/shared/smart-wallets.ts) against a fake wallet
 * source: the seed list's precedence (request, operator, default; live mode without a list derives one), the
 * winner rule's boundaries (5 closed trades, the 4-decimal win rate against min_win_rate), a wallet whose
 * history fails is skipped with a leg_degraded caveat, and every wallet failing is a 502/504.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { USDC_MINT } from '../../src/analytics/copy-trade-valuation.js';
import { ApiError } from '../../src/errors/api-error.js';
import { DEFAULT_SMART_MONEY_WALLETS } from '../../src/endpoints/discovery/shared/smart-money-seed.js';
import { readSmartWallets, smartMoneySeed, walletStatus } from '../../src/endpoints/discovery/shared/smart-wallets.js';
import type { WalletTrades } from '../../src/endpoints/shared/copy-trade-pipeline.js';
import type { HandlerContext } from '../../src/registry/types.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { SourceError } from '../../src/sources/errors.js';
import type { EnhancedTransaction } from '../../src/sources/wire/helius.js';

const NOW = new Date('2026-11-20T09:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const W1 = 'uHux2Y8XjMYJfYCUyymhkEQgU7C55kSmNhmk6usuNFj';
const W2 = '8e3X4xmsTfSaibLmiKhXVKE4aXAH7Ztnq8spsGSDhEbF';
const W3 = 'Bt52h89zaix4q7QKYAc2iZXeW9SmSEw4xwX2qquryrYm';
const POOL = 'Pool111111111111111111111111111111111111111';
const TOKEN = 'Tok1111111111111111111111111111111111111111';

function ctxWith(over: Partial<HandlerContext> = {}): HandlerContext {
  return { now: () => NOW, signal: new AbortController().signal, timers: new ManualTimers(), dataMode: 'sandbox', ...over } as HandlerContext;
}

describe('smartMoneySeed', () => {
  const listed = (wallets: string[], source: string) => ({ wallets, source, derivation: null, caveats: [] });
  it('the caller\'s wallets (deduplicated, in order), else the operator\'s, else the curated default', async () => {
    assert.deepEqual(await smartMoneySeed(ctxWith({ smartMoneyWallets: [W3] }), [W2, W1, W2]), listed([W2, W1], 'request'));
    assert.deepEqual(await smartMoneySeed(ctxWith({ smartMoneyWallets: [W3, W1] }), undefined), listed([W3, W1], 'operator'));
    assert.deepEqual(await smartMoneySeed(ctxWith({ smartMoneyWallets: [W3] }), []), listed([W3], 'operator'), 'an empty list names nobody');
    assert.deepEqual(await smartMoneySeed(ctxWith(), undefined), listed([...DEFAULT_SMART_MONEY_WALLETS], 'default'));
  });

  it('live mode: the operator\'s list or the caller\'s wallets when given, never the sandbox\'s list; without either the seed is derived', async () => {
    assert.equal((await smartMoneySeed(ctxWith({ dataMode: 'live', smartMoneyWallets: [W1] }), undefined)).source, 'operator');
    assert.equal((await smartMoneySeed(ctxWith({ dataMode: 'live' }), [W1])).source, 'request');
    // No candidate feed answers here: the derivation reads them (and fails with their source's error), it never falls back to the sandbox cast.
    const down = new SourceError('market_data', 'unavailable', 'down');
    const dexscreener = { latestTokenProfiles: async () => { throw down; }, topBoostedTokens: async () => { throw down; } };
    await assert.rejects(smartMoneySeed(ctxWith({ dataMode: 'live', sources: { dexscreener } as unknown as HandlerContext['sources'] }), undefined), (e: unknown) => e === down);
  });
});

describe('walletStatus: the winner rule', () => {
  const trades = (n: number, wins: number) => ({ metrics: { win_rate: { n, wins } } }) as unknown as WalletTrades;
  it('fewer than 5 closed trades: insufficient, whatever the wins', () => {
    assert.deepEqual(walletStatus(trades(4, 4), 0.55), { winRate: null, status: 'insufficient_trades' });
    assert.deepEqual(walletStatus(trades(0, 0), 0), { winRate: null, status: 'insufficient_trades' });
    assert.deepEqual(walletStatus(trades(5, 5), 0.55), { winRate: 1, status: 'winner' });
  });
  it('the 4-decimal win rate against min_win_rate, equal qualifies', () => {
    assert.deepEqual(walletStatus(trades(20, 11), 0.55), { winRate: 0.55, status: 'winner' });
    assert.deepEqual(walletStatus(trades(20, 11), 0.5501), { winRate: 0.55, status: 'below_win_rate' });
    // 5/9 = 0.5555… shows as 0.5556: compared as shown.
    assert.deepEqual(walletStatus(trades(9, 5), 0.5556), { winRate: 0.5556, status: 'winner' });
    assert.deepEqual(walletStatus(trades(9, 5), 0.5557), { winRate: 0.5556, status: 'below_win_rate' });
  });
});

/** A USDC → TOKEN (buy) or TOKEN → USDC (sell) swap of `wallet` at `t`. */
function swap(wallet: string, sig: string, t: number, side: 'buy' | 'sell', usd: number): EnhancedTransaction {
  const [gave, got] = side === 'buy' ? [USDC_MINT, TOKEN] : [TOKEN, USDC_MINT];
  return {
    signature: sig, timestamp: t, type: 'SWAP', transactionError: null, feePayer: wallet, nativeTransfers: [], instructions: [],
    tokenTransfers: [
      { fromUserAccount: wallet, toUserAccount: POOL, mint: gave, tokenAmount: side === 'buy' ? usd : 100 },
      { fromUserAccount: POOL, toUserAccount: wallet, mint: got, tokenAmount: side === 'buy' ? 100 : usd },
    ],
  } as unknown as EnhancedTransaction;
}

/** Six round trips of $100: five sold for $110, one for $90 → 5/6 = 0.8333. Newest first, as served. */
function winnerHistory(wallet: string): EnhancedTransaction[] {
  const txs: EnhancedTransaction[] = [];
  for (let i = 0; i < 6; i++) {
    const t = NOW_S - 86_400 * (i + 1);
    txs.push(swap(wallet, `${wallet}-s${i}`, t + 600, 'sell', i === 0 ? 90 : 110), swap(wallet, `${wallet}-b${i}`, t, 'buy', 100));
  }
  return txs;
}

function fakeSources(fail: Record<string, SourceError>) {
  return {
    helius: {
      getTransactionsByAddress: async (address: string) => {
        if (fail[address]) throw fail[address];
        return address === W1 ? winnerHistory(W1) : [];
      },
    },
    defillama: { batchHistoricalPrices: async () => assert.fail('no SOL-quoted swap: no SOL price read') },
  } as unknown as HandlerContext['sources'];
}

describe('readSmartWallets', () => {
  it('measures each wallet; a failing wallet is skipped with a leg_degraded caveat naming it', async () => {
    const ctx = ctxWith({ sources: fakeSources({ [W2]: new SourceError('wallet_assets', 'unavailable', 'down') }) });
    const r = await readSmartWallets(ctx, { wallets: [W1, W2, W3], source: 'request', derivation: null, caveats: [] }, 14, 0.55);
    assert.deepEqual(r.wallets.map((w) => [w.address, w.status, w.winRate]), [[W1, 'winner', 0.8333], [W3, 'insufficient_trades', null]]);
    assert.equal(r.wallets[0]!.trades.metrics.pnl.realized_pnl_usd, 40);
    assert.deepEqual(r.skipped, [{ address: W2, reason: 'the wallet_assets source failed (unavailable)' }]);
    const caveat = r.caveats.find((c) => c.code === 'leg_degraded');
    assert.equal(caveat?.leg, 'wallet_assets');
    assert.match(caveat!.message, new RegExp(`1 of 3 seed wallet\\(s\\) skipped.*${W2}`));
    assert.equal(r.solPrices, 'not_needed');
    assert.equal(r.startTs, NOW_S - 14 * 86_400);
  });

  it('the lookback keeps only its trades: 1 day holds the newest round trip (bought at its first second, inclusive)', async () => {
    const r = await readSmartWallets(ctxWith({ sources: fakeSources({}) }), { wallets: [W1], source: 'request', derivation: null, caveats: [] }, 1, 0.55);
    assert.equal(r.wallets[0]!.status, 'insufficient_trades');
    assert.equal(r.wallets[0]!.trades.metrics.pnl.closed_trades, 1);
    assert.equal(r.wallets[0]!.trades.metrics.pnl.realized_pnl_usd, -10);
  });

  it('every wallet failing: 502 upstream_unavailable (504 for timeouts), not an empty answer', async () => {
    const down = new SourceError('wallet_assets', 'unavailable', 'down');
    await assert.rejects(
      readSmartWallets(ctxWith({ sources: fakeSources({ [W1]: down, [W2]: down }) }), { wallets: [W1, W2], source: 'request', derivation: null, caveats: [] }, 14, 0.55),
      (e: unknown) => e instanceof ApiError && e.code === 'upstream_unavailable' && e.status === 502,
    );
    const slow = new SourceError('wallet_assets', 'timeout', 'slow');
    await assert.rejects(
      readSmartWallets(ctxWith({ sources: fakeSources({ [W1]: slow }) }), { wallets: [W1], source: 'request', derivation: null, caveats: [] }, 14, 0.55),
      (e: unknown) => e instanceof ApiError && e.code === 'upstream_timeout' && e.status === 504,
    );
  });
});
