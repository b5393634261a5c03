/**
 * Paid calls for HTTP tests:
 *
 * - `paidOk`: one paid call that must answer 200; its JSON, checked against the endpoint's output schema.
 * - `pollAlerts`: a check-alerts poll by `paidOk`, resolved once the observations it made are recorded.
 * - `paidCall`: one paid call by a fresh payer, whatever it answers: status, JSON and the exact amount charged.
 * - `paidAnswers`: paid calls memoised per (endpoint, body) for suites that ask the same question from
 *   several tests: each distinct call is paid once, by payers taken in turn (so Solana and Base
 *   alternate), and must answer 200 (`paidOk`).
 * - `paidSuite`: a suite's service, its payers and a `paidAnswers` call over them, set up by the suite's hooks.
 */
import assert from 'node:assert/strict';
import { newPayer, paidInvoke, type Payer, type PayNetwork } from './payers.js';
import { suiteService, type TestService, type TestServiceOptions } from './service.js';
import { assertMatchesOutputSchema } from './output-schema.js';

// Test answers are read field by field; typing every endpoint's data here would add nothing.
type Json = any;

/** A paid call that must answer 200: its JSON, checked against the output schema (unless `format: 'llm'`). */
export async function paidOk(payer: Payer, service: TestService, key: string, body: Record<string, unknown>, what = key): Promise<Json> {
  const res = await paidInvoke(payer, service, key, body);
  const text = await res.text();
  assert.equal(res.status, 200, `${what} (${payer.network}): ${text}`);
  const json = JSON.parse(text);
  if (body.format !== 'llm') assertMatchesOutputSchema(key, json);
  return json;
}

/** A paid check-alerts poll that must answer 200 (`paidOk`); resolves once its observations are recorded. */
export async function pollAlerts(payer: Payer, service: TestService, body: Record<string, unknown>): Promise<Json> {
  const json = await paidOk(payer, service, 'check-alerts', body);
  await service.recorder.idle();
  return json;
}

export interface PaidCall {
  status: number;
  json: Json;
  /** What the payer's balance went down by (exactly the price when charged, 0 when not). */
  cost: bigint;
  /** A payment-response header came back (the payment was settled). */
  settled: boolean;
}

/**
 * A paid call by a fresh payer on `network`, whatever it answers. With `outputSchema`, a 200 JSON answer
 * (not `format: 'llm'`) is also checked against the endpoint's output schema.
 */
export async function paidCall(
  service: TestService,
  network: PayNetwork,
  key: string,
  body: Record<string, unknown>,
  options: { outputSchema?: boolean } = {},
): Promise<PaidCall> {
  const payer = await newPayer(service, network);
  const before = await payer.balance();
  const res = await paidInvoke(payer, service, key, body);
  const json = await res.json();
  if (options.outputSchema && res.status === 200 && body.format !== 'llm') assertMatchesOutputSchema(key, json);
  return { status: res.status, json, cost: before - (await payer.balance()), settled: res.headers.get('payment-response') !== null };
}

export function paidAnswers(service: () => TestService, payers: () => Payer[]) {
  const answers = new Map<string, Promise<Json>>();
  let turn = 0;
  return function call(key: string, body: Record<string, unknown>): Promise<Json> {
    const id = `${key} ${JSON.stringify(body)}`;
    let answer = answers.get(id);
    if (!answer) {
      const all = payers();
      const payer = all[turn++ % all.length]!;
      answer = paidOk(payer, service(), key, body, id);
      answers.set(id, answer);
    }
    return answer;
  };
}

export interface PaidSuite {
  /** The suite's service (`suiteService`). */
  service: TestService;
  /** The suite's payers, in turn (filled by the suite's `before`). */
  payers: Payer[];
  /** `paidAnswers` over the suite's service and payers. */
  call(key: string, body: Record<string, unknown>): Promise<Json>;
}

/**
 * Registers the current suite's hooks (also at the top level of a file): a service (`suiteService(options)`)
 * and, once it is started, one payer per network of `networks` (by default two each, Solana and Base alternating).
 */
export function paidSuite(options: TestServiceOptions = {}, networks: readonly PayNetwork[] = ['solana', 'base', 'solana', 'base']): PaidSuite {
  const payers: Payer[] = [];
  const service = suiteService(options, {}, async (started) => {
    payers.push(...(await Promise.all(networks.map((n) => newPayer(started, n)))));
  });
  return { service, payers, call: paidAnswers(() => service, () => payers) };
}
