/**
 * new-tokens' risk side without the HTTP stack: the token risk score read from an enrich-token-light
 * answer (launch-risk.ts), and the handler's treatment of a risk read that fails (the token is excluded
 * with a caveat) or of every read failing (the call fails, so it is not charged). The sources and
 * `ctx.call` are stubs; numbers are the spec's increments, worked out by hand.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/errors/api-error.js';
import { riskOfLightAnswer } from '../../src/endpoints/discovery/shared/launch-risk.js';
import { newTokensAnswer } from '../../src/endpoints/discovery/shared/new-tokens.js';
import type { CallResult, HandlerContext } from '../../src/registry/types.js';
import type { DexPair } from '../../src/sources/dexscreener.js';
import { ManualTimers } from '../../src/lib/timers.js';

const NOW = Date.parse('2026-11-20T01:00:00Z');
const HOUR = 3_600_000;

function pair(mint: string, liquidityUsd: number, ageHours: number): DexPair {
  return {
    chainId: 'solana', dexId: 'pumpswap', url: `https://dexscreener.com/solana/${mint}`, pairAddress: `pair-${mint}`,
    baseToken: { address: mint, name: `Token ${mint}`, symbol: mint.toUpperCase() },
    quoteToken: { address: 'So11111111111111111111111111111111111111112', name: 'Wrapped SOL', symbol: 'SOL' },
    priceNative: '0.0000001', priceUsd: '0.00002',
    txns: { m5: { buys: 10, sells: 10 }, h1: { buys: 100, sells: 100 }, h6: { buys: 100, sells: 100 }, h24: { buys: 100, sells: 100 } },
    volume: { m5: 100, h1: 1000, h6: 1000, h24: 1000 },
    priceChange: { m5: 0, h1: 0, h6: 0, h24: 0 },
    liquidity: { usd: liquidityUsd, base: 1, quote: 1 },
    marketCap: 20_000, fdv: 20_000, pairCreatedAt: NOW - ageHours * HOUR,
  };
}

/** An enrich-token-light `data` (include_holders: true) with the fields the risk score reads. */
function light(opts: { mintAuthority?: string | null; freezeAuthority?: string | null; topHolders?: { owner: string; ui: number; kind: string }[] | null; lowLiquidity?: boolean }) {
  const flags = [{ flag: 'unverified', severity: 'medium', kind: 'risk', detail: 'not verified' }];
  if (opts.mintAuthority) flags.push({ flag: 'mint_authority_active', severity: 'high', kind: 'risk', detail: 'mint authority' });
  if (opts.lowLiquidity) flags.push({ flag: 'low_liquidity', severity: 'high', kind: 'risk', detail: 'thin pool' });
  return {
    mint: 'x',
    supply: { raw: '1000000000000000', ui: 1_000_000_000 },
    authorities: { mint_authority: opts.mintAuthority ?? null, freeze_authority: opts.freezeAuthority ?? null },
    verification: { verified: false, source: 'price_aggregator', tags: [] },
    risk_flags: flags,
    top_holders: opts.topHolders === null ? null : (opts.topHolders ?? []).map((h, i) => ({ rank: i + 1, owner: h.owner, token_account: `ta-${h.owner}`, amount_raw: String(h.ui * 1e6), ui_amount: h.ui, kind: h.kind, entity: null })),
  };
}

describe('riskOfLightAnswer', () => {
  it('sums the spec increments; only whale distribution is unknown when holders were read', () => {
    const r = riskOfLightAnswer(light({ mintAuthority: 'Dev111', topHolders: [{ owner: 'dev', ui: 600_000_000, kind: 'other' }, { owner: 'b', ui: 10_000_000, kind: 'other' }] }));
    // unverified 0.1 + mint authority 0.15 + top holder 60 % > 50 % 0.15 = 0.4 → CAUTION; top 5 = 61 % ≤ 80 %.
    assert.equal(r.score, 0.4);
    assert.equal(r.verdict, 'CAUTION');
    assert.deepEqual(r.factors.map((f) => f.name), ['unverified', 'mint_authority_active', 'top_holder_over_50pct']);
    assert.deepEqual(r.unknown_factors, ['whale_distribution']);
    assert.equal(r.is_lower_bound, true);
    assert.deepEqual(r.flags, ['unverified', 'mint_authority_active']);
  });

  it('a pool holding over half the raw supply counts, as in due-diligence; 50 % exactly does not', () => {
    const pool = riskOfLightAnswer(light({ topHolders: [{ owner: 'pool', ui: 520_000_000, kind: 'pool' }] }));
    assert.equal(pool.score, 0.25);
    const half = riskOfLightAnswer(light({ topHolders: [{ owner: 'pool', ui: 500_000_000, kind: 'pool' }] }));
    assert.equal(half.score, 0.1);
    assert.equal(half.verdict, 'SAFE');
  });

  it('holders not read: both holder factors unknown (never "safe"), the rest still counts', () => {
    const r = riskOfLightAnswer(light({ topHolders: null, lowLiquidity: true }));
    // unverified 0.1 + the low-liquidity flag 0.1.
    assert.equal(r.score, 0.2);
    assert.deepEqual(r.unknown_factors, ['top_holder_over_50pct', 'top5_over_80pct', 'whale_distribution']);
  });
});

describe('newTokensAnswer: risk reads that fail', () => {
  function ctx(pairs: DexPair[], profiles: string[], call: (mint: string) => Promise<CallResult>, asked: string[]) {
    return {
      requestId: 'req_test',
      now: () => new Date(NOW),
      signal: new AbortController().signal,
      // The risk reads' budget (the deadline minus what the call used) on manual time that never moves:
      // the stubs answer at once, and no verdict here may depend on how fast the machine gets to them.
      timers: new ManualTimers(),
      deadlineMs: 15_000,
      sources: {
        dexscreener: {
          latestTokenProfiles: async () => profiles.map((tokenAddress) => ({ url: 'u', chainId: 'solana', tokenAddress })),
          tokenPairs: async (mints: string[]) => pairs.filter((p) => mints.includes(p.baseToken.address)),
        },
      },
      call: async (key: string, input: Record<string, unknown>) => {
        assert.equal(key, 'enrich-token-light');
        assert.equal(input.include_holders, true);
        asked.push(String(input.mint));
        return call(String(input.mint));
      },
    } as unknown as HandlerContext;
  }
  const ok = (data: Record<string, unknown>): CallResult => ({ data, caveats: [], briefing: '' });

  it('a failed read excludes its token (risk_unknown) with a risk_unread caveat; no read is spent below the liquidity minimum', async () => {
    const asked: string[] = [];
    const pairs = [pair('good', 5_000, 2), pair('thin', 500, 1), pair('broken', 20_000, 3)];
    const c = ctx(pairs, ['good', 'thin', 'broken', 'nopair'], async (mint) => {
      if (mint === 'broken') throw new ApiError('upstream_unavailable', 'The chain_rpc source failed. You were not charged.');
      return ok(light({ topHolders: [] }));
    }, asked);
    const r = await newTokensAnswer({}, c);
    assert.deepEqual(asked.sort(), ['broken', 'good']);
    const tokens = r.data.tokens as Record<string, unknown>[];
    assert.deepEqual(tokens.map((t) => [t.mint, t.risk_score, t.verdict, t.liquidity_usd, t.age_hours]), [['good', 0.1, 'SAFE', 5_000, 2]]);
    const excluded = (r.data.excluded as Record<string, unknown>[]).map((e) => [e.mint, e.reason]);
    assert.deepEqual(excluded, [['thin', 'liquidity_below_min'], ['broken', 'risk_unknown'], ['nopair', 'liquidity_unknown']]);
    const unread = r.caveats!.find((cv) => cv.code === 'risk_unread');
    assert.ok(unread && /broken \(upstream_unavailable\)/.test(unread.message), JSON.stringify(r.caveats));
    assert.ok(!/not charged/.test(unread.message), 'the call is charged: the sentence would be false');
    assert.ok(r.caveats!.some((cv) => cv.code === 'candidate_pool'));
    assert.deepEqual(r.data.summary, {
      candidates: 4, with_market: 3, passed_liquidity: 2, risk_read: 1, passed_both: 1, returned: 1,
      excluded_by_reason: { liquidity_unknown: 1, liquidity_below_min: 1, risk_unknown: 1, risk_above_max: 0 },
    });
  });

  it('every read failing fails the call like the reads did (502 upstream_unavailable: not charged)', async () => {
    const c = ctx([pair('a', 5_000, 1), pair('b', 9_000, 1)], ['a', 'b'], async () => {
      throw new ApiError('upstream_unavailable', 'down');
    }, []);
    await assert.rejects(newTokensAnswer({}, c), (err: unknown) => err instanceof ApiError && err.code === 'upstream_unavailable' && err.status === 502);
  });

  it('nothing passes the liquidity filter: an ordinary empty answer, no read made', async () => {
    const asked: string[] = [];
    const r = await newTokensAnswer({ min_liquidity_usd: 10_000 }, ctx([pair('a', 5_000, 1)], ['a'], async () => ok(light({})), asked));
    assert.deepEqual(r.data.tokens, []);
    assert.deepEqual(asked, []);
    assert.ok(!r.caveats!.some((cv) => cv.code === 'risk_score_scope'));
  });
});
