/**
 * Runs an invariants suite: one sandbox service at a fixed moment, real x402 payers (Solana and Base in
 * turn), every call paid and schema-checked (`paidOk`), each answer put through the generic checks and its
 * endpoint's own, then cross-endpoint checks over the whole set. One test per invariant asserts that it
 * held everywhere, listing each violation (endpoint, subject, field, values); the counts are printed.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { checkGeneric, type Json } from './generic.js';
import { INVARIANTS, Tally, type Invariant } from './tally.js';

export interface Call {
  key: string;
  body: Record<string, unknown>;
  /** The subject as a reader would name it (cast name, coin symbol, market). */
  subject: string;
  /** Calls run in phases (ascending, default 0); the service's recorder is idle before the next phase starts. */
  phase?: number;
}

export interface Answer extends Call {
  json: Json;
}

/** What an endpoint's own checks see: the answer, where to report, the ledger. */
export type AnswerCheck = (a: Answer, where: string, t: Tally) => void;
/** Checks over all answers at once (cross-endpoint agreement). */
export type SetCheck = (answers: readonly Answer[], t: Tally) => void;

export interface SuiteSpec {
  title: string;
  at: Date;
  /** Set-up after the service starts and before the calls (job ticks, backfill); may move the clock. */
  prepare?: (service: TestService) => Promise<void>;
  /** The calls, made once the set-up is done (a function: some depend on what set-up produced). */
  calls: (service: TestService) => Call[] | Promise<Call[]>;
  checks: Readonly<Record<string, AnswerCheck[]>>;
  setChecks?: SetCheck[];
  /** Paid calls in flight at once. */
  concurrency?: number;
}

export const whereOf = (a: Call): string => `${a.key} ${a.subject}`;

/** Runs `work` over `items`, `lanes` at a time. */
async function inLanes<T, R>(items: readonly T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return out;
}

/** Checks a set of answers (also used by the checkers' own test on crafted answers). */
export function checkAnswers(answers: readonly Answer[], spec: Pick<SuiteSpec, 'checks' | 'setChecks'>, t: Tally): void {
  for (const a of answers) {
    t.answers += 1;
    const where = whereOf(a);
    checkGeneric(a.json, where, t);
    for (const check of spec.checks[a.key] ?? []) check(a, where, t);
  }
  for (const check of spec.setChecks ?? []) check(answers, t);
}

export function invariantsSuite(spec: SuiteSpec): void {
  describe(`invariants: ${spec.title}`, () => {
    const t = new Tally();
    let service: TestService | undefined;
    /** Calls that did not answer 200 with a schema-valid answer (an answer that is not one cannot be true on its face). */
    const refused: string[] = [];
    let paid = 0;
    const timeByKey = new Map<string, number>();

    before(async () => {
      service = await startTestService({ fixedNow: spec.at });
      const prepared = performance.now();
      await spec.prepare?.(service);
      if (process.env.INVARIANTS_TIMES) console.log(`prepare ${Math.round(performance.now() - prepared)} ms`);
      const s = service;
      const payers: Payer[] = await Promise.all((['solana', 'base', 'solana', 'base'] as const).map((n) => newPayer(s, n)));
      const calls = await spec.calls(s);
      let turn = 0;
      const pay = async (c: Call): Promise<Answer | undefined> => {
        const started = performance.now();
        // This suite checks answers, not the money path (test/payments and test/reliability assert balances):
        // a payment refused as retryable or a payload the payer could not build (a loopback transport hiccup
        // on a saturated machine) is never charged, so the call is paid again, by the next payer, at most twice.
        let res: Response | undefined;
        let text = '';
        for (let attempt = 1; attempt <= 3; attempt++) {
          try {
            res = await paidInvoke(payers[turn++ % payers.length]!, s, c.key, c.body);
            text = await res.text();
          } catch (err) {
            res = undefined;
            text = (err as Error).message;
            continue;
          }
          if (!(res.status === 402 && /"retryable":true/.test(text))) break;
        }
        timeByKey.set(c.key, (timeByKey.get(c.key) ?? 0) + performance.now() - started);
        if (!res) {
          refused.push(`${whereOf(c)}: no answer (${text})`);
          return undefined;
        }
        if (res.status !== 200) {
          refused.push(`${whereOf(c)}: ${res.status} ${text.slice(0, 300)}`);
          return undefined;
        }
        const json = JSON.parse(text) as Json;
        try {
          assertMatchesOutputSchema(c.key, json);
        } catch (err) {
          refused.push(`${whereOf(c)}: ${(err as Error).message}`);
        }
        return { ...c, json };
      };
      const answered: Array<Answer | undefined> = [];
      for (const phase of [...new Set(calls.map((c) => c.phase ?? 0))].sort((a, b) => a - b)) {
        answered.push(...(await inLanes(calls.filter((c) => (c.phase ?? 0) === phase), spec.concurrency ?? 6, pay)));
        await s.recorder.idle();
      }
      paid = calls.length;
      // INVARIANTS_DUMP=dir keeps every answer for reading (a debugging aid; off in the suite).
      if (process.env.INVARIANTS_DUMP) {
        mkdirSync(process.env.INVARIANTS_DUMP, { recursive: true });
        answered.forEach((a, i) => a && writeFileSync(join(process.env.INVARIANTS_DUMP!, `${a.key}-${i}.json`), JSON.stringify({ subject: a.subject, body: a.body, answer: a.json }, null, 1)));
      }
      checkAnswers(answered.filter((a): a is Answer => a !== undefined), spec, t);
      const report = t.report(spec.title);
      console.log(report);
      if (process.env.INVARIANTS_TIMES) console.log([...timeByKey].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${Math.round(ms)} ms`).join('\n'));
    });
    after(async () => {
      await service?.close();
    });

    it('every paid call answers 200 with an answer that matches its output schema', (ctx) => {
      ctx.diagnostic(`report: ${spec.title}: ${paid} paid calls, ${refused.length} refused or off-schema`);
      assert.ok(paid > 0, 'the suite paid for its calls');
      assert.equal(refused.length, 0, refused.join('\n'));
    });

    for (const inv of Object.keys(INVARIANTS) as Invariant[]) {
      it(`${inv}: ${INVARIANTS[inv]}`, (ctx) => {
        const c = t.count(inv);
        ctx.diagnostic(`report: ${spec.title} ${inv}: ${c.held} of ${c.checked} checks held over ${t.answers} answers`);
        const v = t.of(inv);
        assert.equal(v.length, 0, `${v.length} violations of "${INVARIANTS[inv]}":\n${v.slice(0, 40).map((x) => `  ${x.where}: ${x.detail}`).join('\n')}${v.length > 40 ? `\n  … and ${v.length - 40} more` : ''}`);
      });
    }
  });
}
