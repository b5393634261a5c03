/**
 * Source failures injected at the sandbox providers (src/sandbox/providers/faults.ts), seen through the
 * real stack with paid calls: a composite answer degrades to a `leg_degraded` caveat naming the leg and
 * leaves that leg's fields unknown (null, never zero or "safe"); a required single source fails the call
 * with a 502/504 JSON error that is never charged; nothing waits past the answer deadline; retries honour
 * 429 Retry-After; the circuit breaker opens and `/status` shows it.
 *
 * Budgets and deadlines run on manual time (docs/testing.md): a hanging leg times out when the test moves
 * the time past the source budget, which it does only once the service waits on that leg alone
 * (`driveHeld`), so every other leg has answered whatever the machine's speed.
 *
 * Every scenario runs on its own service, so neither breakers nor cached answers leak between them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A, CAST_SIGNATURE as S } from '../../src/sandbox/world/index.js';
import type { Fault } from '../../src/sandbox/providers/faults.js';
import type { LegName } from '../../src/sources/errors.js';
import { driveHeld, SourceRequests } from '../helpers/drive.js';
import { newPayer, paidInvoke, type PayNetwork } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;

const DEADLINE_MS = 5000;
const SOURCE_TIMEOUT_MS = 2000;
/** No retries (a failing leg fails once) and a per-call budget under the deadline (both on manual time). */
const FAULT_ENV = { SOURCE_TIMEOUT_MS: String(SOURCE_TIMEOUT_MS), SOURCE_RETRIES: '0', ANSWER_DEADLINE_MS: String(DEADLINE_MS) };

interface Outcome {
  status: number;
  body: Json;
  /** How far the test moved the service's time before the answer (only past held legs' budgets). */
  advancedMs: number;
  /** Real time the call took (only a lower bound is ever asserted: a designed real-time pause). */
  elapsedMs: number;
  /** USDC atomic units the payer lost. */
  charged: bigint;
  receipt: string | null;
}

/** A fixed past moment (paid authorizations are checked against real time): every run reads the same world. */
const AT = new Date('2026-11-20T10:00:00Z');

async function withService<T>(env: Record<string, string>, fn: (service: TestService) => Promise<T>): Promise<T> {
  const service = await startTestService({ fixedNow: AT }, env);
  try {
    return await fn(service);
  } finally {
    await service.close();
  }
}

/**
 * One paid call by a fresh payer: what came back, how far the time was moved, what it cost. With `held`
 * (legs a hang fault holds), the time moves past the source budget each time the service waits on those
 * legs only.
 */
async function paidCall(service: TestService, network: PayNetwork, key: string, body: unknown, held: LegName[] = []): Promise<Outcome> {
  const payer = await newPayer(service, network);
  const before = await payer.balance();
  const requests = new SourceRequests(service);
  try {
    const started = performance.now();
    const { value: res, advancedMs } = await driveHeld(service, requests, paidInvoke(payer, service, key, body), { legs: held, stepMs: SOURCE_TIMEOUT_MS });
    const elapsedMs = performance.now() - started;
    const json = await res.json();
    return { status: res.status, body: json, advancedMs, elapsedMs, charged: before - (await payer.balance()), receipt: res.headers.get('payment-response') };
  } finally {
    requests.restore();
  }
}

/** A fresh service with one fault on one leg, and one paid call (a hanging leg driven past its budget). */
function callWithFault(leg: LegName, fault: Fault, network: PayNetwork, key: string, body: unknown): Promise<Outcome> {
  return withService(FAULT_ENV, (service) => {
    service.sandbox!.providers!.faults.set(leg, fault);
    return paidCall(service, network, key, body, fault.hang ? [leg] : []);
  });
}

async function sourcesStatus(service: TestService): Promise<Json[]> {
  const res = await fetch(`${service.url}/status`);
  assert.equal(res.status, 200);
  return ((await res.json()) as Json).components.sources;
}

const flag = (t: Json, name: string): Json => t.risk_flags.find((f: Json) => f.flag === name);
const sourcesUsed = (t: Json): string[] => t.price.sources_used.map((s: Json) => s.source).sort();

/**
 * What TOKEN_SAFE (normally: three price sources, verified, no flag at all, deep liquidity, holders
 * read) must look like with each leg gone: that leg's fields unknown, everything else still there.
 */
const EXPECT: Record<Exclude<LegName, 'defi_data' | `perps_venue_${string}` | 'card_packs' | 'launchpad'>, (t: Json) => void> = {
  wallet_assets: (t) => {
    assert.deepEqual(sourcesUsed(t), ['market_data', 'price_aggregator']);
    assert.deepEqual(t.price.sources_rejected, [{ source: 'wallet_assets', reason: 'missing' }]);
    const [a, b] = t.price.sources_used.map((s: Json) => s.price);
    assert.equal(t.price.price_usd, (Math.min(a, b) + Math.max(a, b)) / 2, 'the median of the two left');
    assert.equal(t.symbol, 'ROCK');
    assert.equal(t.verification.verified, true);
    assert.equal(t.concentration.raw_supply.band, 'well_distributed');
  },
  market_data: (t) => {
    assert.deepEqual([t.liquidity_usd, t.volume_24h_usd, t.pairs_count, t.fdv_usd], [null, null, null, null]);
    assert.deepEqual(t.price_change, { change_1h_pct: null, change_6h_pct: null, change_24h_pct: null });
    assert.deepEqual([t.volatility.level, t.volatility.daily_std_pct], ['UNKNOWN', null]);
    assert.equal(flag(t, 'liquidity_unknown')?.kind, 'unknown');
    assert.equal(flag(t, 'low_liquidity'), undefined, 'unknown liquidity is not read as zero');
    assert.deepEqual(sourcesUsed(t), ['price_aggregator', 'wallet_assets']);
  },
  price_aggregator: (t) => {
    assert.equal(t.verification.verified, null);
    assert.equal(flag(t, 'verification_unknown')?.kind, 'unknown');
    assert.equal(flag(t, 'unverified'), undefined, 'unknown is not "unverified" either');
    assert.equal(t.holder_count, null);
    for (const s of t.slippage) assert.deepEqual([s.available, s.price_impact_pct], [false, null], `size ${s.size_usd}`);
    assert.deepEqual(sourcesUsed(t), ['market_data', 'wallet_assets']);
  },
  chain_rpc: (t) => {
    for (const field of ['supply', 'authorities', 'token_2022_extensions', 'token_program', 'concentration', 'top_holders']) {
      assert.equal(t[field], null, field);
    }
    for (const name of ['authority_status_unknown', 'holder_concentration_unknown', 'token_program_unknown']) {
      assert.equal(flag(t, name)?.kind, 'unknown', name);
    }
    assert.equal(t.decimals, 6, 'still known from the other sources');
    assert.equal(sourcesUsed(t).length, 3);
  },
};
const TOKEN_LEGS = Object.keys(EXPECT) as (keyof typeof EXPECT)[];

function assertDegraded(o: Outcome, leg: LegName, kind: string): void {
  assert.equal(o.status, 200, JSON.stringify(o.body));
  const caveats = o.body.caveats.filter((c: Json) => c.code === 'leg_degraded');
  assert.ok(caveats.length > 0, `a leg_degraded caveat: ${JSON.stringify(o.body.caveats)}`);
  for (const c of caveats) {
    assert.equal(c.leg, leg);
    assert.match(c.message, new RegExp(`the ${leg} source failed \\(${kind}\\)`));
  }
  assert.equal(o.advancedMs, kind === 'timeout' ? SOURCE_TIMEOUT_MS : 0, 'answered once the leg\'s budget ended, well within the deadline');
  assert.equal(o.charged, 4000n, 'a degraded answer is an answer: charged its price');
  assert.ok(o.receipt);
}

// The three groups run side by side: most of their time is spent starting services and paying.
describe('source failures through the real stack', { concurrency: 3 }, () => {
  describe('enrich-token-full (composite): one leg failing degrades to a caveat naming it', { concurrency: 4 }, () => {
    TOKEN_LEGS.forEach((leg, i) => {
      const network: PayNetwork = i % 2 ? 'base' : 'solana';
      it(`${leg} answering 503 → 200 with a leg_degraded caveat, its fields unknown`, async () => {
        const o = await callWithFault(leg, { errorRate: 1, errorStatus: 503 }, network, 'enrich-token-full', { mint: A.TOKEN_SAFE });
        assertDegraded(o, leg, 'unavailable');
        EXPECT[leg](o.body);
        if (leg !== 'wallet_assets') assert.notDeepEqual(o.body.risk_flags, [], 'never "no flags" with a leg missing');
      });

      it(`${leg} sending a malformed body → the same caveat (malformed)`, async () => {
        const o = await callWithFault(leg, { malformed: true }, network === 'base' ? 'solana' : 'base', 'enrich-token-full', { mint: A.TOKEN_SAFE });
        assertDegraded(o, leg, 'malformed');
        EXPECT[leg](o.body);
      });

      it(`${leg} hanging → still answers with a caveat (timeout), well within the deadline`, async () => {
        const o = await callWithFault(leg, { hang: true }, network, 'enrich-token-full', { mint: A.TOKEN_SAFE });
        assertDegraded(o, leg, 'timeout');
        EXPECT[leg](o.body);
      });
    });

    it('valid JSON of the wrong shape is malformed too (market_data)', async () => {
      const o = await callWithFault('market_data', { wrongShape: true }, 'solana', 'enrich-token-full', { mint: A.TOKEN_SAFE });
      assertDegraded(o, 'market_data', 'malformed');
      EXPECT.market_data(o.body);
    });
  });

  describe('single-source endpoints: the required leg failing is a 502/504 JSON error, never charged', { concurrency: 3 }, () => {
    function assertFailed(o: Outcome, status: number, code: string): void {
      assert.equal(o.status, status, JSON.stringify(o.body));
      assert.equal(o.body.error.code, code);
      assert.equal(o.body.error.retryable, true);
      assert.equal(o.body.error.leg, 'wallet_assets');
      assert.match(o.body.error.message, /not charged/);
      assert.equal(o.receipt, null);
      assert.equal(o.charged, 0n, 'balance unchanged');
      assert.equal(o.advancedMs, code === 'upstream_timeout' ? SOURCE_TIMEOUT_MS : 0, 'failed once the leg\'s budget ended, well within the deadline');
    }

    it('enrich-wallet-full, wallet_assets 503 → 502 upstream_unavailable', async () => {
      assertFailed(await callWithFault('wallet_assets', { errorRate: 1 }, 'solana', 'enrich-wallet-full', { address: A.WALLET_DEFI }), 502, 'upstream_unavailable');
    });

    it('enrich-wallet-full, wallet_assets hanging → 504 upstream_timeout within the deadline', async () => {
      assertFailed(await callWithFault('wallet_assets', { hang: true }, 'base', 'enrich-wallet-full', { address: A.WALLET_DEFI }), 504, 'upstream_timeout');
    });

    it('enrich-wallet-light, wallet_assets malformed → 502 upstream_unavailable', async () => {
      assertFailed(await callWithFault('wallet_assets', { malformed: true }, 'base', 'enrich-wallet-light', { address: A.WALLET_NFT_COLLECTOR }), 502, 'upstream_unavailable');
    });

    it('parse-transaction, wallet_assets 503 → 502 upstream_unavailable', async () => {
      assertFailed(await callWithFault('wallet_assets', { errorRate: 1 }, 'base', 'parse-transaction', { signature: S.TX_NFT_SALE }), 502, 'upstream_unavailable');
    });

    it('parse-transaction, wallet_assets hanging → 504 upstream_timeout within the deadline', async () => {
      assertFailed(await callWithFault('wallet_assets', { hang: true }, 'solana', 'parse-transaction', { signature: S.TX_NFT_SALE }), 504, 'upstream_timeout');
    });

    it('a wallet profile with its optional chain_rpc leg down: 200, caveat, wallet age unknown (not "not new")', async () => {
      const o = await callWithFault('chain_rpc', { errorRate: 1 }, 'solana', 'enrich-wallet-light', { address: A.WALLET_NEW });
      assert.equal(o.status, 200, JSON.stringify(o.body));
      assert.deepEqual(o.body.caveats.filter((c: Json) => c.code === 'leg_degraded').map((c: Json) => c.leg), ['chain_rpc']);
      const age = o.body.risk_score.factors.find((f: Json) => f.name === 'new_wallet');
      assert.equal(age.triggered, null);
      assert.equal(o.body.risk_score.data_complete, false);
      assert.deepEqual(o.body.risk_score.unknown_factors, ['new_wallet']);
      assert.ok(Math.abs(o.body.risk_score.max_risk_score - o.body.risk_score.risk_score - 0.15) < 1e-9, 'max_risk_score adds what new_wallet could');
      assert.equal(o.body.activity.first_seen_at, null);
      assert.ok(o.body.caveats.some((c: Json) => c.code === 'risk_partial'));
      assert.equal(o.charged, 2000n);
    });
  });

  describe('retries and the circuit breaker', { concurrency: 2 }, () => {
    it('a 429 with Retry-After on a leg that then recovers: the retry answers, 200 without a caveat; /status shows the leg', async () => {
      await withService({ SOURCE_RETRIES: '2', SOURCE_TIMEOUT_MS: '4000' }, async (service) => {
        const providers = service.sandbox!.providers!;
        // Every 2nd request is a 429 (Retry-After: 1). The light profile sends two wallet_assets requests
        // (assets and history) at once: one of them is refused, waits the second, and is retried once.
        providers.faults.set('wallet_assets', { errorRate: 0.5, errorStatus: 429 });
        providers.servers.wallet_assets.resetCount();
        const o = await paidCall(service, 'base', 'enrich-wallet-light', { address: A.WALLET_REGULAR_INTERVALS });
        assert.equal(o.status, 200, JSON.stringify(o.body));
        assert.deepEqual(o.body.caveats.map((c: Json) => c.code), ['sandbox_data'], 'nothing degraded');
        assert.ok(o.body.labels.includes('regular_intervals'), 'the history made it');
        assert.equal(o.body.activity.transactions_analyzed, 100);
        assert.equal(providers.servers.wallet_assets.requestCount(), 3, 'two requests and one retry');
        // The pause before a retry is real time (pacing): a lower bound a slower machine only exceeds more.
        assert.ok(o.elapsedMs >= 1000, `waited for Retry-After (${Math.round(o.elapsedMs)} ms)`);
        assert.equal(o.charged, 2000n);
        const leg = (await sourcesStatus(service)).find((s) => s.leg === 'wallet_assets');
        assert.deepEqual({ state: leg.state, failures: leg.consecutive_failures, requests: leg.requests }, { state: 'closed', failures: 0, requests: 3 });
      });
    });

    it('repeated failures open the breaker (visible in /status), then calls fail fast without reaching the source', async () => {
      await withService(FAULT_ENV, async (service) => {
        const providers = service.sandbox!.providers!;
        providers.faults.set('wallet_assets', { errorRate: 1 });
        const payer = await newPayer(service, 'solana');
        const before = await payer.balance();
        const call = async () => {
          const res = await paidInvoke(payer, service, 'enrich-wallet-light', { address: A.WALLET_RISK_LOW });
          const body = (await res.json()) as Json;
          assert.equal(res.status, 502, JSON.stringify(body));
          assert.equal(body.error.code, 'upstream_unavailable');
          return body.error;
        };
        const walletAssets = async () => (await sourcesStatus(service)).find((s) => s.leg === 'wallet_assets');

        await call(); // two failing requests (assets and history)
        assert.deepEqual({ ...(await walletAssets()), requests: undefined }, { leg: 'wallet_assets', state: 'closed', consecutive_failures: 2, requests: undefined });
        await call();
        await call(); // 6 consecutive failures ≥ 5
        const open = await walletAssets();
        assert.equal(open.state, 'open');
        assert.ok(open.consecutive_failures >= 5);
        const others = (await sourcesStatus(service)).filter((s) => s.leg !== 'wallet_assets');
        assert.ok(others.every((s) => s.state === 'closed'), 'only the failing leg trips');

        const seen = providers.servers.wallet_assets.requestCount();
        const error = await call();
        assert.match(error.message, /circuit_open/);
        assert.equal(providers.servers.wallet_assets.requestCount(), seen, 'the open circuit sends nothing upstream');
        assert.equal(await payer.balance(), before, 'four failed calls, nothing charged');
      });
    });
  });
});
