/**
 * batch-enrich through the real stack with paid calls: cast members as items, per-item errors (wrong
 * type, an upstream failing for one item, an item past the deadline), batches that fail as a whole
 * (not charged), duplicates, and items equal to the matching enrich-* answers.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { SourceError } from '../../src/sources/errors.js';
import { BATCH_DEADLINE_MARGIN_MS } from '../../src/endpoints/intelligence/batch-enrich/batch.js';
import { SourceRequests } from '../helpers/drive.js';
import { paidCall } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const PRICE = 15_000n;
const names = Object.keys(A) as (keyof typeof A)[];
const WALLETS = names.filter((n) => n.startsWith('WALLET_'));
/** A wallet the cast does not name (the sandbox answers any address). */
const UNNAMED_WALLET = '5VWq2UqhvxWCcVBuLk3mUnCwbtm3ZZ2YH4KL4bJJc1ak';

/** A fixed past moment (paid authorizations are checked against real time): every run reads the same world. */
const AT = new Date('2026-11-20T10:00:00Z');

const withoutSandbox = (caveats: Json[]) => caveats.filter((c) => c.code !== 'sandbox_data');

describe('batch-enrich', () => {
  let service: TestService;
  before(async () => {
    // A frozen clock: the batch and the single calls it is compared with read the same sandbox moment.
    service = await startTestService({ fixedNow: AT });
  });
  after(() => service.close());

  it('25 mixed cast addresses as wallets: wallets answered, mints not_found items, input order, exactly 0.015 charged', async () => {
    const tokens = [A.TOKEN_SAFE, A.TOKEN_RISKY, A.TOKEN_USDC];
    const wallets = WALLETS.slice(0, 25 - tokens.length).map((n) => A[n]);
    assert.equal(wallets.length, 22, 'the cast has enough wallets');
    const addresses = [...wallets.slice(0, 5), tokens[0]!, ...wallets.slice(5, 15), tokens[1]!, ...wallets.slice(15), tokens[2]!];
    const { status, json, cost, settled } = await paidCall(service, 'solana', 'batch-enrich', { addresses, type: 'wallet' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.ok(settled);
    assert.equal(cost, PRICE);
    assert.equal(json.item_endpoint, 'enrich-wallet-light');
    assert.deepEqual(json.items.map((it: Json) => it.address), addresses);
    for (const it of json.items) {
      if (tokens.includes(it.address)) {
        assert.equal(it.ok, false);
        assert.deepEqual([it.error.code, it.error.retryable], ['not_found', false]);
        assert.match(it.error.message, /is a token mint, not a wallet/);
      } else {
        assert.equal(it.ok, true, `${it.address}: ${JSON.stringify(it.error)}`);
        assert.equal(it.data.address, it.address);
        assert.ok(Array.isArray(it.caveats));
      }
    }
    assert.deepEqual(
      [json.summary.requested, json.summary.unique, json.summary.ok, json.summary.failed, json.summary.errors_by_code],
      [25, 25, 22, 3, { not_found: 3 }],
    );
    assert.ok(json.caveats.some((c: Json) => c.code === 'items_failed' && /3 of 25/.test(c.message)));
    // Cast facts survive the batch: the risk levels the cast documents.
    const item = (name: keyof typeof A) => json.items.find((it: Json) => it.address === A[name]);
    if (WALLETS.slice(0, 22).includes('WALLET_RISK_LOW')) assert.equal(item('WALLET_RISK_LOW').data.risk_score.level, 'LOW');
    if (WALLETS.slice(0, 22).includes('WALLET_NFT_COLLECTOR')) assert.ok(item('WALLET_NFT_COLLECTOR').data.labels.includes('nft_collector'));
  });

  it('each item equals the matching enrich-* answer (wallet light and full, token light and full)', async () => {
    const cases: [Record<string, unknown>, string, (a: string) => Record<string, unknown>][] = [
      [{ addresses: [A.WALLET_DEFI, A.WALLET_NFT_COLLECTOR], type: 'wallet' }, 'enrich-wallet-light', (a) => ({ address: a })],
      [{ addresses: [A.WALLET_REGULAR_INTERVALS], type: 'wallet', depth: 'full' }, 'enrich-wallet-full', (a) => ({ address: a })],
      [{ addresses: [A.TOKEN_CAUTION], type: 'token' }, 'enrich-token-light', (a) => ({ mint: a })],
      [{ addresses: [A.TOKEN_SAFE, A.TOKEN_FLOAT], type: 'token', depth: 'full' }, 'enrich-token-full', (a) => ({ mint: a })],
    ];
    await Promise.all(cases.map(async ([batchInput, single, singleInput], i) => {
      const batch = await paidCall(service, i % 2 ? 'base' : 'solana', 'batch-enrich', batchInput);
      assert.equal(batch.status, 200, JSON.stringify(batch.json));
      assert.equal(batch.json.item_endpoint, single);
      for (const item of batch.json.items) {
        const one = await paidCall(service, i % 2 ? 'solana' : 'base', single, singleInput(item.address));
        assert.equal(one.status, 200);
        const { caveats, next_steps: _n, meta: _m, ...data } = one.json;
        assert.equal(item.ok, true);
        assert.deepEqual(item.data, data, `${single} ${item.address}: same data`);
        assert.deepEqual(item.caveats, withoutSandbox(caveats), `${single} ${item.address}: same caveats`);
      }
    }));
  });

  it('duplicates are answered once (first-appearance order), said in the summary and a caveat; briefing with format both', async () => {
    const { status, json } = await paidCall(service, 'base', 'batch-enrich', { addresses: [A.TOKEN_SAFE, A.TOKEN_RISKY, A.TOKEN_SAFE, A.TOKEN_SAFE], type: 'token', format: 'both' });
    assert.equal(status, 200);
    assert.deepEqual(json.items.map((it: Json) => it.address), [A.TOKEN_SAFE, A.TOKEN_RISKY]);
    assert.deepEqual([json.summary.requested, json.summary.unique, json.summary.duplicates_ignored], [4, 2, 2]);
    assert.ok(json.caveats.some((c: Json) => c.code === 'duplicates_ignored'));
    assert.match(json.llm_summary, /Batch enrich \(tokens, light\): 2 of 2 ok, 2 duplicates ignored/);
    assert.match(json.llm_summary, /RUGR: .*flags .*mint_authority_active/);
  });

  it('a batch where no item succeeds answers like a single call (404 not_found) and is not charged', async () => {
    const { status, json, cost, settled } = await paidCall(service, 'solana', 'batch-enrich', { addresses: [A.WALLET_DEFI, A.WALLET_RISK_LOW], type: 'token' });
    assert.equal(status, 404);
    assert.equal(json.error.code, 'not_found');
    assert.deepEqual(json.error.items.map((i: Json) => [i.address, i.error.code]), [[A.WALLET_DEFI, 'not_found'], [A.WALLET_RISK_LOW, 'not_found']]);
    assert.equal(cost, 0n);
    assert.equal(settled, false);
  });
});

describe('batch-enrich when sources fail or are slow', () => {
  let service: TestService;
  const DEADLINE_MS = 2500;
  /** When the batch stops and answers with what finished (src/endpoints/intelligence/batch-enrich/batch.ts). */
  const BUDGET_MS = DEADLINE_MS - BATCH_DEADLINE_MARGIN_MS;
  before(async () => {
    service = await startTestService({ fixedNow: AT }, { ANSWER_DEADLINE_MS: String(DEADLINE_MS) });
  });
  after(() => service.close());

  /** Makes the wallet-asset reads of one address behave as `behave` says (the others untouched) for the duration of `run`. */
  async function withAssetsOf<T>(address: string, behave: (signal?: AbortSignal) => Promise<never>, run: () => Promise<T>): Promise<T> {
    const helius = service.sources.helius;
    const original = helius.getAssetsByOwner;
    helius.getAssetsByOwner = (owner, options) => (owner === address ? behave(options?.signal) : original.call(helius, owner, options));
    try {
      return await run();
    } finally {
      helius.getAssetsByOwner = original;
    }
  }

  it('an item not finished before the answer deadline is an upstream_timeout item; the others are answered and charged', async () => {
    // The slow wallet's assets never come (a request left hanging until the call gives up on it). The
    // time moves to the batch's budget only once every other read of the batch has finished: the other
    // items are then done whatever the machine's speed, and the slow one cannot be.
    const requests = new SourceRequests(service);
    let slowAsked!: () => void;
    const slowCalled = new Promise<void>((resolve) => {
      slowAsked = resolve;
    });
    const hang = (signal?: AbortSignal) => {
      slowAsked();
      return new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(new SourceError('wallet_assets', 'timeout', 'slow')), { once: true }));
    };
    try {
      const { status, json, cost } = await withAssetsOf(A.WALLET_RISK_HIGH, hang, async () => {
        const call = paidCall(service, 'base', 'batch-enrich', { addresses: [A.WALLET_DEFI, A.WALLET_RISK_HIGH, A.WALLET_EMPTY], type: 'wallet' });
        await slowCalled;
        // Every item has started (the lanes start together); wait for all their reads (and the mint check) to end.
        await requests.idle();
        const started = service.timers.now();
        service.advance(BUDGET_MS);
        const answer = await call;
        assert.equal(service.timers.now() - started, BUDGET_MS, 'answered at the batch budget, before the answer deadline');
        return answer;
      });
      assert.equal(status, 200, JSON.stringify(json));
      assert.deepEqual(json.items.map((it: Json) => it.ok), [true, false, true]);
      assert.deepEqual([json.items[1].error.code, json.items[1].error.retryable], ['upstream_timeout', true]);
      assert.equal(json.summary.errors_by_code.upstream_timeout, 1);
      assert.ok(!json.caveats.some((c: Json) => c.code === 'wallet_check_unavailable'), 'the mint check had finished too');
      assert.equal(cost, PRICE);
      // The retry suggestion names only the failed item.
      assert.deepEqual(json.next_steps.find((s: Json) => s.endpoint === 'batch-enrich' && s.input.depth === 'light')?.input.addresses, [A.WALLET_RISK_HIGH]);
    } finally {
      requests.restore();
    }
  });

  it('every item past the deadline (latency injected into the wallet-asset source) → 504, not charged', async () => {
    const faults = service.sandbox!.providers!.faults;
    faults.set('wallet_assets', { latencyMs: DEADLINE_MS + 1_000 });
    try {
      const held = faults.stalled('wallet_assets');
      const call = paidCall(service, 'solana', 'batch-enrich', { addresses: [A.WALLET_NEW, A.WALLET_REPETITIVE], type: 'wallet' });
      // A wallet-asset request is held: the batch is running and its budget set. No item can be done
      // before its assets come, DEADLINE_MS + 1 s after they were asked (time only moves here).
      await held;
      service.advance(BUDGET_MS);
      const { status, json, cost, settled } = await call;
      assert.equal(status, 504, JSON.stringify(json));
      assert.equal(json.error.code, 'upstream_timeout');
      assert.deepEqual(json.error.items.map((i: Json) => [i.address, i.error.code]), [[A.WALLET_NEW, 'upstream_timeout'], [A.WALLET_REPETITIVE, 'upstream_timeout']]);
      assert.equal(cost, 0n);
      assert.equal(settled, false);
    } finally {
      faults.set('wallet_assets', undefined);
    }
  });

  it('the chain source failing: a mint degrades to an item with a caveat, an address only the chain could classify fails upstream', async () => {
    const faults = service.sandbox!.providers!.faults;
    faults.set('chain_rpc', { errorRate: 1 });
    try {
      const { status, json, cost } = await paidCall(service, 'base', 'batch-enrich', { addresses: [A.TOKEN_SAFE, UNNAMED_WALLET], type: 'token' });
      assert.equal(status, 200, JSON.stringify(json));
      const [token, unknown] = json.items;
      assert.equal(token.ok, true);
      assert.equal(token.data.symbol, 'ROCK');
      assert.equal(token.data.authorities, null, 'authorities unknown, not "revoked"');
      assert.ok(token.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'chain_rpc'));
      assert.equal(unknown.ok, false);
      assert.deepEqual([unknown.error.code, unknown.error.retryable], ['upstream_unavailable', true]);
      assert.equal(json.summary.degraded, 1);
      assert.ok(json.caveats.some((c: Json) => c.code === 'items_degraded'));
      assert.equal(cost, PRICE);
    } finally {
      faults.set('chain_rpc', undefined);
    }
  });

  it('one wallet whose asset source fails is an upstream_unavailable item; all failing → 502, not charged', async () => {
    const one = await withAssetsOf(
      A.WALLET_DEFI,
      () => Promise.reject(new SourceError('wallet_assets', 'unavailable', 'down')),
      () => paidCall(service, 'solana', 'batch-enrich', { addresses: [A.WALLET_DEFI, A.WALLET_RISK_LOW], type: 'wallet' }),
    );
    assert.equal(one.status, 200);
    assert.deepEqual(one.json.items.map((it: Json) => [it.ok, it.error?.code]), [[false, 'upstream_unavailable'], [true, undefined]]);
    assert.equal(one.cost, PRICE);

    const faults = service.sandbox!.providers!.faults;
    faults.set('wallet_assets', { errorRate: 1 });
    try {
      const all = await paidCall(service, 'base', 'batch-enrich', { addresses: [A.WALLET_24_7_ACTIVE, A.WALLET_SPAM_RECEIVER], type: 'wallet' });
      assert.equal(all.status, 502, JSON.stringify(all.json));
      assert.equal(all.json.error.code, 'upstream_unavailable');
      assert.deepEqual(all.json.error.items.map((i: Json) => i.error.code), ['upstream_unavailable', 'upstream_unavailable']);
      assert.equal(all.cost, 0n);
      assert.equal(all.settled, false);
    } finally {
      faults.set('wallet_assets', undefined);
    }
  });
});
