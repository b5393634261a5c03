/**
 * Fuzz suite (docs/reliability.md): property-based requests generated with fast-check (fixed seed, printed) from the
 * registry's input schemas, over all endpoints, against one in-process service with bounded concurrency.
 *
 * Unpaid (10,000+): valid and boundary inputs, inputs broken in one field, one violation per schema
 * constraint, odd encodings, huge numbers, deep nesting, unicode, wrong content types, empty, non-object
 * and oversized bodies, wrong methods. Expected: no 5xx; a valid input gets the 402 challenge without
 * `input_errors` (the free endpoint: 200); an invalid one the 402 whose `input_errors` name the offending
 * JSON Pointer (free: 400 `invalid_input` with it in `issues`); unparsable bodies 400 `invalid_json`,
 * oversized ones 413, other methods 404.
 *
 * Paid (real x402 payments on Solana and Base, pre-signed on each endpoint's challenge): valid inputs on
 * sandbox subjects answer 200 (404 `not_found` counted, and accepted only where the endpoint's description
 * documents it); one invalid input per endpoint answers 400 `invalid_input` with its path and is not
 * settled; the payers lose exactly the price of each 200 answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import type { RegisteredEndpoint } from '../../src/registry/index.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import { suiteService } from '../helpers/service.js';
import { buildCases, type Expect, type FuzzCase } from './fuzz-cases.js';
import { paidFixup, paidOverrides, validOverrides } from './fuzz-pools.js';
import { brokenArb, objectArb, type FieldSchema, type Input } from './fuzz-schema.js';

// Answers are read field by field; typing every body shape here would add nothing.
type Json = any;

const SEED = 0x11f022;
const CONCURRENCY = 16;
const COUNTS = { valid: 40, boundary: 25, invalid: 60 };
const PAID_PER_ENDPOINT = 5;

interface Reply {
  status: number;
  headers: Headers;
  json: Json;
  text: string;
}

async function inPool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  }));
  return out;
}

async function send(base: string, c: FuzzCase, extra: Record<string, string> = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...extra };
  if (c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json';
  const res = await fetch(`${base}/entrypoints/${c.key}/invoke`, { method: c.method ?? 'POST', headers, body: c.body });
  const text = await res.text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Every issue is a `{path, message}` whose path is a JSON Pointer ("/" for the whole body). */
const wellFormed = (issues: Json[]) => issues.every((i) => typeof i.path === 'string' && i.path.startsWith('/') && typeof i.message === 'string');

/** Why the reply breaks the contract for `expect`, or undefined when it keeps it. */
function judge(expect: Expect, free: boolean, r: Reply): string | undefined {
  if (r.status >= 500) return `server error ${r.status}`;
  if (r.json === undefined) return `not JSON (${r.status})`;
  const requestId = r.headers.get('x-request-id');
  if (expect.kind === 'error' || (free && expect.kind === 'invalid')) {
    const [status, code] = expect.kind === 'error' ? [expect.status, expect.code] : [400, 'invalid_input'];
    if (r.status !== status || r.json.error?.code !== code) return `want ${status} ${code}`;
    if (r.json.error.request_id !== requestId) return 'request_id differs from X-Request-Id';
    // An unreadable body is refused at the whole body's path, `/`.
    const path = expect.kind === 'invalid' ? expect.path : code === 'invalid_json' ? '/' : undefined;
    if (path !== undefined) {
      const issues: Json[] = r.json.error.issues ?? [];
      if (!wellFormed(issues)) return 'malformed issue';
      if (!issues.some((i) => i.path === path)) return `no issue at ${path}`;
    }
    return undefined;
  }
  if (free) return r.status === 200 ? undefined : 'want 200';
  if (r.status !== 402 || r.json.error !== 'payment_required') return 'want 402 payment_required';
  if (r.json.request_id !== requestId) return 'request_id differs from X-Request-Id';
  if (expect.kind === 'valid') return r.json.input_errors === undefined ? undefined : 'input_errors on a valid input';
  const issues: Json[] = r.json.input_errors ?? [];
  if (!wellFormed(issues)) return 'malformed input_error';
  return issues.some((i) => i.path === expect.path) ? undefined : `no input_error at ${expect.path}`;
}

function tally(map: Map<string, number>, key: string, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by);
}
const table = (map: Map<string, number>) => [...map].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join(' ');

// The two tests run side by side: both wait on the service far more than they compute.
describe('fuzz: schema-generated requests over every endpoint', { concurrency: true }, () => {
  // The clock stands still (moved only by `advance`): a payment's lifetime (Solana blockhash ~60 s, Base
  // validBefore) runs on it, so a cold scan slowed by a busy machine cannot outlive the payment it answers
  // and turn a 200 into a refused settlement. Real time decided that verdict before.
  const service = suiteService({ fixedNow: new Date() }, { FREE_ROUTE_LIMIT_PER_MINUTE: '1000000' });

  it('10,000+ unpaid requests: no 5xx, valid → 402 challenge, invalid → its path named, raw bodies refused by contract', async (t) => {
    const endpoints = buildServiceRegistry().list;
    assert.equal(endpoints.length, 48, 'every registered endpoint is fuzzed');
    const started = Date.now();
    const cases = buildCases(endpoints, SEED, COUNTS);
    const free = new Set(endpoints.filter((e) => e.priceAtomic === null).map((e) => e.def.key));
    const sent = new Map<string, number>();
    const wrongByClass = new Map<string, number>();
    const statuses = new Map<string, number>();
    const wrong: string[] = [];
    await inPool(cases, CONCURRENCY, async (c) => {
      tally(sent, c.cls);
      let why: string | undefined;
      let status = 'error';
      try {
        const r = await send(service.url, c);
        status = String(r.status);
        why = judge(c.expect, free.has(c.key), r);
        if (why) why += `: ${r.text.slice(0, 300)}`;
      } catch (err) {
        why = `request failed: ${(err as Error).message}`;
      }
      tally(statuses, status);
      if (why) {
        tally(wrongByClass, c.cls);
        wrong.push(`[${c.cls}] ${c.key} ${JSON.stringify(c.expect)} ${typeof c.body === 'string' ? c.body.slice(0, 200) : '<bytes>'} → ${why}`);
      }
    });
    const perEndpoint = new Set(cases.map((c) => c.key));
    t.diagnostic(`fast-check seed ${SEED} (0x${SEED.toString(16)}); concurrency ${CONCURRENCY}; ${endpoints.length} endpoints, all fuzzed: ${perEndpoint.size === endpoints.length}`);
    t.diagnostic(`unpaid requests fuzzed: ${cases.length} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    t.diagnostic(`by class: ${table(sent)}`);
    t.diagnostic(`by status: ${table(statuses)}`);
    for (const cls of sent.keys()) tally(wrongByClass, cls, 0);
    t.diagnostic(`wrong outcomes: ${wrong.length} (by class: ${table(wrongByClass)})`);
    for (const w of wrong.slice(0, 15)) t.diagnostic(w);
    assert.ok(cases.length >= 10_000, `at least 10,000 requests (${cases.length})`);
    assert.equal(perEndpoint.size, endpoints.length);
    assert.deepEqual(wrong.slice(0, 15), [], `${wrong.length} wrong outcomes`);
  });

  it('paid sample: 5 valid inputs per endpoint answer 200, invalid ones 400 with the path, uncharged', async (t) => {
    const started = Date.now();
    const endpoints = buildServiceRegistry().list;
    const payers: Payer[] = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => newPayer(service, i % 2 === 0 ? 'solana' : 'base')));
    const before = await Promise.all(payers.map((p) => p.balance()));

    /** `raw`: a body JSON.stringify cannot write (an overflowing number, 30,000 levels of nesting). */
    interface PaidCase { endpoint: RegisteredEndpoint; input: Input; raw?: string; invalidPath?: string; payer: number }
    const paidCases: PaidCase[] = [];
    let n = 0;
    for (const endpoint of endpoints) {
      const schema = endpoint.inputSchema as unknown as FieldSchema;
      const example = endpoint.def.example as Input;
      const overrides = { ...validOverrides(endpoint.def.key), ...paidOverrides(endpoint.def.key, example) };
      const seed = SEED + n;
      const valid = fc.sample(fc.boolean().chain((b) => objectArb(schema, b, overrides)), { seed, numRuns: PAID_PER_ENDPOINT });
      for (const input of valid) paidCases.push({ endpoint, input: paidFixup(endpoint.def.key, input), payer: n++ % payers.length });
      if (endpoint.priceAtomic !== null) {
        const [broken] = fc.sample(brokenArb(schema, overrides), { seed, numRuns: 1 });
        paidCases.push({ endpoint, input: broken!.input, invalidPath: broken!.path, payer: n++ % payers.length });
      }
    }
    // Regressions, paid: both once reached handlers or crashed (a 500) before the validator's structural check.
    const whale = endpoints.find((e) => e.def.key === 'whale-watch')!;
    const wallet = endpoints.find((e) => e.def.key === 'enrich-wallet-light')!;
    const walletBody = JSON.stringify(wallet.def.example);
    paidCases.push({ endpoint: whale, input: {}, raw: JSON.stringify(whale.def.example).replace(/"threshold_usd":\d+/, '"threshold_usd":1e309'), invalidPath: '/threshold_usd', payer: 0 });
    paidCases.push({ endpoint: wallet, input: {}, raw: `${walletBody.slice(0, -1)},"deep":${'['.repeat(30_000)}${']'.repeat(30_000)}}`, invalidPath: '/deep', payer: 1 });

    // One challenge per endpoint; each call then signs its own payment on it (fresh nonce).
    const challenges = new Map<string, ReturnType<typeof decodePaymentRequiredHeader>>();
    for (const e of endpoints.filter((x) => x.priceAtomic !== null)) {
      const res = await service.invoke(e.def.key, {});
      assert.equal(res.status, 402);
      await res.arrayBuffer();
      challenges.set(e.def.key, decodePaymentRequiredHeader(res.headers.get('payment-required')!));
    }

    const outcomes = new Map<string, number>();
    const charged = payers.map(() => 0n);
    const wrong: string[] = [];
    const documented404 = new Set<string>();
    await inPool(paidCases, CONCURRENCY, async (c) => {
      const key = c.endpoint.def.key;
      const body = c.raw ?? JSON.stringify(c.input);
      let headers: Record<string, string> = {};
      if (c.endpoint.priceAtomic !== null) {
        const payload = await payers[c.payer]!.client.createPaymentPayload(challenges.get(key)!);
        headers = { 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(payload)).toString('base64') };
      }
      const r = await send(service.url, { cls: 'paid', key, body, expect: { kind: 'valid' } }, headers);
      const settled = r.headers.get('payment-response') !== null;
      const label = `${key} ${body.slice(0, 200)} → ${r.status} ${r.text.slice(0, 300)}`;
      if (c.invalidPath !== undefined) {
        const issues: Json[] = r.json?.error?.issues ?? [];
        const ok = r.status === 400 && r.json.error.code === 'invalid_input' && wellFormed(issues) && issues.some((i) => i.path === c.invalidPath) && !settled;
        tally(outcomes, ok ? 'invalid→400' : 'wrong');
        if (!ok) wrong.push(`[paid invalid ${c.invalidPath}] ${label}`);
        return;
      }
      const documents404 = /\b404\b|not_found/.test(c.endpoint.def.description);
      if (r.status === 200 && (c.endpoint.priceAtomic === null || settled)) {
        tally(outcomes, c.endpoint.priceAtomic === null ? '200 free' : '200 paid');
        if (c.endpoint.priceAtomic !== null) charged[c.payer]! += c.endpoint.priceAtomic;
      } else if (r.status === 501 && r.json?.error?.code === 'not_implemented' && !settled) {
        tally(outcomes, '501');
      } else if (r.status === 404 && r.json?.error?.code === 'not_found' && documents404 && !settled) {
        tally(outcomes, '404 documented');
        documented404.add(key);
      } else {
        tally(outcomes, 'wrong');
        wrong.push(`[paid valid] ${label}`);
      }
    });
    const after = await Promise.all(payers.map((p) => p.balance()));
    const spent = payers.map((_, i) => before[i]! - after[i]!);
    const paidKeys = new Set(paidCases.filter((c) => c.endpoint.priceAtomic !== null).map((c) => c.endpoint.def.key));
    t.diagnostic(`paid requests: ${paidCases.filter((c) => c.endpoint.priceAtomic !== null).length} over ${paidKeys.size} paid endpoints (+ ${paidCases.filter((c) => c.endpoint.priceAtomic === null).length} on the free one), ${payers.length} payers (Solana and Base), in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    t.diagnostic(`paid outcomes: ${table(outcomes)}${documented404.size ? `; documented 404 at ${[...documented404].join(', ')}` : ''}`);
    t.diagnostic(`charged ${spent.reduce((a, b) => a + b, 0n)} atomic USDC, expected ${charged.reduce((a, b) => a + b, 0n)}; wrong outcomes: ${wrong.length}`);
    for (const w of wrong.slice(0, 15)) t.diagnostic(w);
    assert.ok(paidCases.filter((c) => c.endpoint.priceAtomic !== null && c.invalidPath === undefined).length >= 200);
    assert.equal(paidKeys.size, endpoints.filter((e) => e.priceAtomic !== null).length, 'every paid endpoint is paid for');
    assert.deepEqual(wrong, [], `${wrong.length} wrong paid outcomes`);
    assert.deepEqual(spent, charged, 'each payer is charged exactly the price of its 200 answers, nothing for the rest');
  });
});
