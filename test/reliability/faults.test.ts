/**
 * Fault suite (docs/reliability.md): every upstream leg in turn is made to hang, answer slowly past its budget,
 * fail with 5xx, refuse with 429 + Retry-After, send truncated JSON, send its real answer with values of
 * the wrong type or with fields missing, and flap — through the sandbox providers' fault injection, with
 * paid calls through the real stack. Each (leg, mode) runs on a fresh service, so neither cached answers
 * nor breakers carry over from one scenario to the next.
 *
 * Expected, per call: a composite answers 200 naming the leg in a `leg_degraded` caveat (charged: it is an
 * answer); an endpoint that needs the leg answers 502/504 JSON marked `retryable`, and nothing is settled
 * (the payer's balance is unchanged); every call ends within the 15 s answer deadline. Then the breakers:
 * each leg's opens after repeated failures and closes once the leg recovers, as `/status` shows. No
 * unhandled rejection or uncaught exception may reach the process the whole time.
 *
 * Time (docs/testing.md): the services run on manual time, and so do the sandbox's held requests. A hung or
 * slow leg's requests are cut by moving that time forward to their source budget (`cutHeldRequests`, on
 * test/helpers/drive.ts's `SourceRequests` and `driveHeld`), once the leg holds them (`faults.stalled`) and
 * no other leg's request is out (it would be cut with them), so "slower than the budget" is the order of
 * two due times; "within the answer deadline" is read on the same clock; a breaker's cool-down passes by
 * moving the time too. Nothing here waits on real time, so no verdict depends on how fast or busy the
 * machine is.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LegName } from '../../src/sources/errors.js';
import { driveHeld, SourceRequests } from '../helpers/drive.js';
import { paidCall, type PaidCall } from '../helpers/paid-answers.js';
import type { PayNetwork } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { ANSWER_DEADLINE_MS, BREAKER_COOLDOWN_MS, BREAKER_PROBES, MODES, PLAN, SOURCE_TIMEOUT_MS, type Call, type FaultMode, type LegPlan } from './fault-plan.js';

type Json = any;

const crashes = { unhandledRejection: 0, uncaughtException: 0 };
process.on('unhandledRejection', () => void crashes.unhandledRejection++);
process.on('uncaughtException', () => void crashes.uncaughtException++);

/** No retries: one failing request is one failed leg, so every mode is seen as the leg's failure. */
const ENV = { SOURCE_TIMEOUT_MS: String(SOURCE_TIMEOUT_MS), SOURCE_RETRIES: '0', ANSWER_DEADLINE_MS: String(ANSWER_DEADLINE_MS) };

const breakerFigures: string[] = [];
const tally = { calls: 0, wrong: [] as string[], maxMs: 0, slowest: [] as string[], single: 0, degraded: 0, failedUncharged: 0, cuts: 0, maxCuts: 0 };
/** Calls per time taken on the service's clock (ms): the same every run, however busy the machine. */
const callTimes = new Map<number, number>();

interface FaultService {
  service: TestService;
  /** The service's source requests in flight, with their budgets (test/helpers/drive.ts). */
  requests: SourceRequests;
}

async function withService<T>(fn: (s: FaultService) => Promise<T>): Promise<T> {
  const service = await startTestService({}, ENV);
  try {
    return await fn({ service, requests: new SourceRequests(service) });
  } finally {
    await service.close();
  }
}

/** Whether the mode holds the leg's requests (on the service's manual time) instead of answering them. */
const holds = (mode: FaultMode) => Boolean(mode.fault.hang || mode.fault.latencyMs);

/**
 * Waits for `call`, and while it is pending cuts the requests `leg` holds by moving the service's manual
 * time forward (`driveHeld` without a fixed step): each time the service waits on `leg` only — every request
 * out is `leg`'s (another leg's would be cut too: it is merely on its way, in real time), none of them
 * already cut (its caller has not yet seen that: it may send more), and the leg has held a request since
 * the latest one was sent (so whatever was sent with it is out too) — to the earliest budget of the leg's
 * requests out (one source budget after they were sent: 2 s, or 10 s for DefiLlama's yields and
 * Hyperliquid's stats). Their budgets fire before a slow leg's latency (past the longest budget) and before
 * the answer deadline, so a composite answers with its degraded leg; the whole deadline at once would fire
 * the answer deadline first. Requests sent together are cut together, as in real time (ten held requests
 * cut one by one would take 20 s of the 15), and nothing sent later (a composite's next request, sent once
 * these failed, gets a budget of its own). Returns the call's value and how many times the time moved.
 */
function cutHeldRequests<T>(s: FaultService, leg: LegName, call: Promise<T>): Promise<{ value: T; moves: number }> {
  return driveHeld(s.service, s.requests, call, { legs: [leg] });
}

type TimedCall = PaidCall & { ms: number; cuts: number };

/** One paid call, `leg`'s held requests cut as they come; `ms` is the time it took on the service's clock. */
async function timedCall(s: FaultService, network: PayNetwork, [key, body]: Call, leg: LegName): Promise<TimedCall> {
  const started = s.service.timers.now();
  const { value: outcome, moves: cuts } = await cutHeldRequests(s, leg, paidCall(s.service, network, key, body));
  return { ...outcome, ms: s.service.timers.now() - started, cuts };
}

/** What is wrong with one call's outcome (empty: nothing). A breaker already open is the leg failing too. */
function judge(o: TimedCall, leg: LegName, mode: FaultMode, composite: boolean): string[] {
  const wrong: string[] = [];
  const kinds = `(${mode.kind}|circuit_open)`;
  if (o.ms >= ANSWER_DEADLINE_MS) wrong.push(`took ${o.ms} ms on the service's clock (time moved ${o.cuts} times)`);
  if (composite) {
    if (o.status !== 200) return [...wrong, `composite answered ${o.status}: ${JSON.stringify(o.json).slice(0, 300)}`];
    const mine = (o.json.caveats ?? []).filter((c: Json) => c.code === 'leg_degraded' && c.leg === leg);
    if (mine.length === 0) wrong.push(`no leg_degraded caveat for ${leg}: ${JSON.stringify(o.json.caveats)}`);
    // The standard wording names the failure kind; an endpoint's own wording (e.g. "Some swap quotes failed")
    // must at least name no other kind.
    for (const c of mine) {
      const kind = /source failed \((\w+)\)/.exec(c.message)?.[1];
      if (kind !== undefined && !new RegExp(`^${kinds}$`).test(kind)) wrong.push(`caveat: ${c.message}`);
    }
    if (!mine.some((c: Json) => /source failed \(/.test(c.message))) wrong.push(`no caveat says the source failed: ${JSON.stringify(mine)}`);
    if (o.cost <= 0n || !o.settled) wrong.push('a degraded answer is an answer: it is charged');
    return wrong;
  }
  // Flapping: the call's first request to the leg fails, later ones work. If that first one was an optional
  // part (a wallet's history beside its assets, one of two candidate feeds), a partial answer is right.
  if (mode.fault.flapping && o.status === 200) return [...wrong, ...judge(o, leg, mode, true)];
  const expected = mode.kind === 'timeout' ? [504, 'upstream_timeout'] : [502, 'upstream_unavailable'];
  const error = o.json?.error;
  if (o.status !== expected[0] || error?.code !== expected[1]) wrong.push(`expected ${expected.join(' ')}, got ${o.status} ${JSON.stringify(o.json).slice(0, 300)}`);
  else {
    if (error.retryable !== true) wrong.push('error not retryable');
    if (error.leg !== leg) wrong.push(`error names ${error.leg}`);
    if (mode.kind !== 'timeout' && !new RegExp(`\\(${kinds}\\)`).test(error.message)) wrong.push(`error message: ${error.message}`);
  }
  if (o.cost !== 0n) wrong.push(`failed call charged ${o.cost}`);
  if (o.settled) wrong.push('failed call settled (payment-response sent)');
  return wrong;
}

/**
 * One fresh service, one fault on one leg, every planned call on that leg: at once, or one at a time when
 * the leg holds requests or flaps.
 */
async function scenario(plan: LegPlan, mode: FaultMode, index: number): Promise<string[]> {
  return withService(async (s) => {
    const providers = s.service.sandbox!.providers!;
    providers.faults.set(plan.leg, mode.fault);
    const reached = providers.servers[plan.leg].requestCount();
    // The single-source call first: run one at a time, the composites' failures could otherwise open the
    // leg's breaker before it (then it would fail fast, circuit_open, instead of on the leg's own fault).
    const calls = [...(plan.single ? [[plan.single, false] as const] : []), ...plan.composites.map((c) => [c, true] as const)];
    const one = async ([call, composite]: (typeof calls)[number], i: number) => {
      const o = await timedCall(s, (index + i) % 2 ? 'base' : 'solana', call, plan.leg);
      tally.calls++;
      tally.cuts += o.cuts;
      tally.maxCuts = Math.max(tally.maxCuts, o.cuts);
      callTimes.set(o.ms, (callTimes.get(o.ms) ?? 0) + 1);
      if (o.ms > tally.maxMs) Object.assign(tally, { maxMs: o.ms, slowest: [] });
      if (o.ms === tally.maxMs) tally.slowest.push(`${plan.leg} × ${mode.name} × ${call[0]}`);
      if (o.status !== 200 && o.cost === 0n && !o.settled) tally.failedUncharged++;
      if (composite) tally.degraded++;
      else tally.single++;
      return judge(o, plan.leg, mode, composite).map((w) => `${plan.leg} × ${mode.name} × ${call[0]}: ${w}`);
    };
    // A flapping leg's odd requests fail, counted per leg: concurrent calls would share the sequence (one
    // call could get only the good half). So each call runs alone, with the sequence restarted for it.
    // A leg that holds requests: each call runs alone too, so the time moved to cut its held requests is
    // its own, and "within the answer deadline" is read per call on the service's clock.
    const alone = mode.fault.flapping || holds(mode);
    const wrong = alone
      ? await calls.reduce<Promise<string[]>>(async (acc, c, i) => {
        const done = await acc;
        providers.faults.set(plan.leg, mode.fault);
        return [...done, ...(await one(c, i))];
      }, Promise.resolve([]))
      : (await Promise.all(calls.map(one))).flat();
    if (providers.servers[plan.leg].requestCount() === reached) wrong.push(`${plan.leg} × ${mode.name}: the fault was never reached`);
    if (holds(mode) && providers.faults.stallCount(plan.leg) === 0) wrong.push(`${plan.leg} × ${mode.name}: no request was held`);
    return wrong;
  });
}

// Legs side by side, each on services of its own (own manual time): how busy the shared event loop is
// changes how long this takes, not what it sees.
describe('faults on every upstream leg', { concurrency: 3 }, () => {
  PLAN.forEach((plan, i) => {
    it(`${plan.leg}: ${MODES.map((m) => m.name).join(', ')} → ${[...plan.composites.map((c) => c[0]), ...(plan.single ? [`${plan.single[0]} (single)`] : [])].join(', ')}`, async () => {
      const wrong: string[] = [];
      // Modes one after another, each on a fresh service.
      for (const [m, mode] of MODES.entries()) wrong.push(...(await scenario(plan, mode, i + m)));
      tally.wrong.push(...wrong);
      assert.deepEqual(wrong, []);
    });
  });
});

/** Per-leg breaker state as GET /status shows it. */
async function breakers(service: TestService): Promise<Map<string, Json>> {
  const res = await fetch(`${service.url}/status`);
  assert.equal(res.status, 200);
  const sources = ((await res.json()) as Json).components.sources as Json[];
  return new Map(sources.map((s) => [s.leg, s]));
}

/**
 * One service per leg, so only that leg's breaker trips and recovers (with every leg down at once, big
 * composites took other legs' half-open trials and muddled which call closed what).
 */
describe('circuit breakers open on repeated failures and close after recovery (GET /status)', { concurrency: PLAN.length }, () => {
  PLAN.forEach((plan, i) => {
    const call = BREAKER_PROBES[plan.leg]!;
    it(`${plan.leg} (${call(0)[0]}): opens at 5 consecutive failures, fails fast, closes after the cool-down once the leg recovers`, async () => {
      await withService(async (s) => {
        const { service } = s;
        const providers = service.sandbox!.providers!;
        const server = providers.servers[plan.leg];
        const probe = (n: number) => timedCall(s, (i + n) % 2 ? 'base' : 'solana', call(n), plan.leg);
        const legDown = (o: PaidCall, kind: RegExp) =>
          o.status === 200
            ? (o.json.caveats ?? []).some((c: Json) => c.code === 'leg_degraded' && c.leg === plan.leg && kind.test(c.message))
            : o.status === 502 && o.json.error.leg === plan.leg && kind.test(o.json.error.message) && o.cost === 0n;
        providers.faults.set(plan.leg, { errorRate: 1, errorStatus: 503 });

        // Calls until /status shows the leg open (a call may fail the leg more than once).
        let calls = 0;
        let state: Json;
        do {
          const o = await probe(calls++);
          assert.ok(o.ms < ANSWER_DEADLINE_MS);
          assert.ok(legDown(o, /\((unavailable|circuit_open)\)/), `call ${calls}: ${o.status} ${JSON.stringify(o.json.error ?? o.json.caveats)}`);
          state = (await breakers(service)).get(plan.leg);
        } while (state.state !== 'open' && calls < 8);
        assert.equal(state.state, 'open', `${plan.leg} after ${calls} calls`);
        assert.ok(state.consecutive_failures >= 5, `opened at ${state.consecutive_failures} failures`);
        const others = [...(await breakers(service)).values()].filter((s) => s.leg !== plan.leg && s.state !== 'closed');
        assert.deepEqual(others, [], 'only the failing leg trips');

        // Open: the call fails fast and sends nothing to the (still failing) source.
        const seen = server.requestCount();
        const fast = await probe(calls);
        assert.ok(legDown(fast, /\(circuit_open\)/), `${fast.status} ${JSON.stringify(fast.json.error ?? fast.json.caveats)}`);
        assert.equal(server.requestCount(), seen, 'an open circuit sends nothing upstream');

        // Recovery: the source heals; the breaker stays open until its cool-down has passed on the service's
        // clock, then it is half-open and calls close it. Half-open lets one trial request through: a call
        // sending several requests to the leg at once can have the others refused (circuit_open), so the
        // first call may still be down.
        providers.faults.clear();
        service.advance(BREAKER_COOLDOWN_MS - 1);
        assert.equal((await breakers(service)).get(plan.leg).state, 'open', 'open until the cool-down has passed');
        service.advance(1);
        assert.equal((await breakers(service)).get(plan.leg).state, 'half_open');
        let tries = 0;
        for (;;) {
          const o = await probe(calls + ++tries);
          const mine = (o.json.caveats ?? []).filter((c: Json) => c.code === 'leg_degraded' && c.leg === plan.leg);
          if (o.status === 200 && mine.length === 0) break;
          assert.ok(tries < 3, `${plan.leg} still failing after recovery: ${o.status} ${JSON.stringify(o.json.error ?? o.json.caveats)}`);
          assert.ok(legDown(o, /\(circuit_open\)/), `refused only by the half-open breaker: ${o.status} ${JSON.stringify(o.json.error ?? o.json.caveats)}`);
        }
        const closed = (await breakers(service)).get(plan.leg);
        assert.deepEqual([closed.state, closed.consecutive_failures], ['closed', 0]);
        breakerFigures.push(`${plan.leg} opened after ${calls} calls (${state.consecutive_failures} failures), closed on recovery call ${tries}`);
      });
    });
  });
});

it('figures; no unhandled rejection or uncaught exception reached the process', (t) => {
  t.diagnostic(`faults injected (leg × mode × endpoint calls): ${tally.calls} = ${PLAN.length} legs × ${MODES.length} modes (${MODES.map((m) => m.name).join(', ')}); ${tally.degraded} composite, ${tally.single} single-source`);
  t.diagnostic(`wrong outcomes: ${tally.wrong.length}; failed paid calls left uncharged: ${tally.failedUncharged}; slowest calls ${tally.maxMs} ms on the service's clock (deadline ${ANSWER_DEADLINE_MS} ms): ${tally.slowest.sort().join(', ')}`);
  t.diagnostic(`held requests cut by moving the service's time to their budgets (${SOURCE_TIMEOUT_MS} ms, or a 10 s source's): ${tally.cuts} moves in all, at most ${tally.maxCuts} in one call`);
  t.diagnostic(`calls by time taken on the service's clock: ${[...callTimes].sort(([a], [b]) => a - b).map(([ms, n]) => `${ms} ms × ${n}`).join(', ')}`);
  for (const line of breakerFigures) t.diagnostic(`breaker: ${line}`);
  t.diagnostic(`unhandled rejections: ${crashes.unhandledRejection}, uncaught exceptions: ${crashes.uncaughtException}`);
  assert.deepEqual(crashes, { unhandledRejection: 0, uncaughtException: 0 });
  assert.equal(tally.calls, PLAN.reduce((n, p) => n + p.composites.length + (p.single ? 1 : 0), 0) * MODES.length, 'every scenario ran');
});
