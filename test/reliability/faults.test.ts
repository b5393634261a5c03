/**
 * Fault suite (issue 11): every upstream leg in turn is made to hang, answer slowly past its budget,
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
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LegName } from '../../src/sources/errors.js';
import { paidCall, type PaidCall } from '../helpers/paid-answers.js';
import type { PayNetwork } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { ANSWER_DEADLINE_MS, BREAKER_PROBES, MODES, PLAN, SOURCE_TIMEOUT_MS, type Call, type FaultMode, type LegPlan } from './fault-plan.js';

type Json = any;

const crashes = { unhandledRejection: 0, uncaughtException: 0 };
process.on('unhandledRejection', () => void crashes.unhandledRejection++);
process.on('uncaughtException', () => void crashes.uncaughtException++);

/** No retries: one failing request is one failed leg, so every mode is seen as the leg's failure. */
const ENV = { SOURCE_TIMEOUT_MS: String(SOURCE_TIMEOUT_MS), SOURCE_RETRIES: '0', ANSWER_DEADLINE_MS: String(ANSWER_DEADLINE_MS) };

const breakerFigures: string[] = [];
const tally = { calls: 0, wrong: [] as string[], maxMs: 0, slowest: '', single: 0, degraded: 0, failedUncharged: 0 };

async function withService<T>(fn: (service: TestService) => Promise<T>): Promise<T> {
  const service = await startTestService({}, ENV);
  try {
    return await fn(service);
  } finally {
    await service.close();
  }
}

async function timedCall(service: TestService, network: PayNetwork, [key, body]: Call): Promise<PaidCall & { ms: number }> {
  const started = performance.now();
  const outcome = await paidCall(service, network, key, body);
  return { ...outcome, ms: performance.now() - started };
}

/** What is wrong with one call's outcome (empty: nothing). A breaker already open is the leg failing too. */
function judge(o: PaidCall & { ms: number }, leg: LegName, mode: FaultMode, composite: boolean): string[] {
  const wrong: string[] = [];
  const kinds = `(${mode.kind}|circuit_open)`;
  if (o.ms >= ANSWER_DEADLINE_MS) wrong.push(`took ${Math.round(o.ms)} ms`);
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

/** One fresh service, one fault on one leg, every planned call on that leg at once. */
async function scenario(plan: LegPlan, mode: FaultMode, index: number): Promise<string[]> {
  return withService(async (service) => {
    const providers = service.sandbox!.providers!;
    providers.faults.set(plan.leg, mode.fault);
    const reached = providers.servers[plan.leg].requestCount();
    const calls = [...plan.composites.map((c) => [c, true] as const), ...(plan.single ? [[plan.single, false] as const] : [])];
    const one = async ([call, composite]: (typeof calls)[number], i: number) => {
      const o = await timedCall(service, (index + i) % 2 ? 'base' : 'solana', call);
      tally.calls++;
      if (o.ms > tally.maxMs) Object.assign(tally, { maxMs: o.ms, slowest: `${plan.leg} × ${mode.name} × ${call[0]}` });
      if (o.status !== 200 && o.cost === 0n && !o.settled) tally.failedUncharged++;
      if (composite) tally.degraded++;
      else tally.single++;
      return judge(o, plan.leg, mode, composite).map((w) => `${plan.leg} × ${mode.name} × ${call[0]}: ${w}`);
    };
    // A flapping leg's odd requests fail, counted per leg: concurrent calls would share the sequence (one
    // call could get only the good half). So each call runs alone, with the sequence restarted for it.
    const wrong = mode.fault.flapping
      ? await calls.reduce<Promise<string[]>>(async (acc, c, i) => {
        const done = await acc;
        providers.faults.set(plan.leg, mode.fault);
        return [...done, ...(await one(c, i))];
      }, Promise.resolve([]))
      : (await Promise.all(calls.map(one))).flat();
    if (providers.servers[plan.leg].requestCount() === reached) wrong.push(`${plan.leg} × ${mode.name}: the fault was never reached`);
    return wrong;
  });
}

// The two groups run one after the other (not side by side): all services share this process's event
// loop, and a loaded loop (under `npm test`, beside another file) stretched a hung-leg call to 15 s.
describe('faults on every upstream leg', { concurrency: 3 }, () => {
  PLAN.forEach((plan, i) => {
    it(`${plan.leg}: ${MODES.map((m) => m.name).join(', ')} → ${[...plan.composites.map((c) => c[0]), ...(plan.single ? [`${plan.single[0]} (single)`] : [])].join(', ')}`, async () => {
      const wrong: string[] = [];
      // Modes one after another: the slow ones cost a source budget each; legs run side by side.
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
      await withService(async (service) => {
        const providers = service.sandbox!.providers!;
        const server = providers.servers[plan.leg];
        const probe = (n: number) => timedCall(service, (i + n) % 2 ? 'base' : 'solana', call(n));
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

        // Recovery: the source heals; after the cool-down (the breaker's real-time 10 s) it is half-open,
        // and calls close it. Half-open lets one trial request through: a call sending several requests to
        // the leg at once can have the others refused (circuit_open), so the first call may still be down.
        providers.faults.clear();
        await new Promise((r) => setTimeout(r, 10_100));
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
  t.diagnostic(`wrong outcomes: ${tally.wrong.length}; failed paid calls left uncharged: ${tally.failedUncharged}; slowest call ${Math.round(tally.maxMs)} ms, ${tally.slowest} (deadline ${ANSWER_DEADLINE_MS} ms)`);
  for (const line of breakerFigures) t.diagnostic(`breaker: ${line}`);
  t.diagnostic(`unhandled rejections: ${crashes.unhandledRejection}, uncaught exceptions: ${crashes.uncaughtException}`);
  assert.deepEqual(crashes, { unhandledRejection: 0, uncaughtException: 0 });
  assert.equal(tally.calls, PLAN.reduce((n, p) => n + p.composites.length + (p.single ? 1 : 0), 0) * MODES.length, 'every scenario ran');
});
