/**
 * Calls without payment against the real server: the 402 challenge for every paid key (header and
 * body), free endpoints, request-shape errors (404, 413, invalid JSON) and input errors in the 402.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { createAjv } from '../../src/registry/validation.js';
import { bazaarOutput } from '../../src/registry/output-example.js';
import { startTestService, type TestService } from '../helpers/service.js';

const registry = buildServiceRegistry();
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const BASE = 'eip155:8453';

describe('unpaid calls', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('registers all 48 endpoints', () => {
    assert.equal(registry.list.length, 48);
  });

  for (const endpoint of registry.list.filter((e) => e.priceAtomic !== null)) {
    const key = endpoint.def.key;
    it(`${key}: 402 with the v2 header and the v1 body challenge`, async () => {
      const res = await service.invoke(key, undefined);
      assert.equal(res.status, 402);
      const header = res.headers.get('payment-required');
      assert.ok(header, 'PAYMENT-REQUIRED header');
      const v2 = decodePaymentRequiredHeader(header);
      assert.equal(v2.x402Version, 2);
      assert.equal(v2.resource.url, `${service.url}/entrypoints/${key}/invoke`);
      // exact on both networks for every endpoint (upto, beside it where offered, is test/http/paid-upto.test.ts's).
      const exact = v2.accepts.filter((a) => a.scheme === 'exact');
      assert.deepEqual(exact.map((a) => a.network).sort(), [BASE, SOLANA].sort());
      // Beside exact on Base: batch-settlement (a deposit once, then vouchers), the facilitator as receiver authorizer.
      const batch = v2.accepts.find((a) => a.scheme === 'batch-settlement');
      assert.equal(batch?.network, BASE);
      assert.match(String(batch?.extra.receiverAuthorizer), /^0x[0-9a-fA-F]{40}$/);
      for (const a of v2.accepts) assert.equal(a.amount, endpoint.priceAtomic!.toString(), 'same price on both networks');
      assert.equal(v2.accepts.find((a) => a.network === SOLANA)!.asset, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
      assert.equal(v2.accepts.find((a) => a.network === BASE)!.asset, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
      assert.ok(v2.accepts.find((a) => a.network === SOLANA)!.extra.feePayer, 'Solana challenge names the fee payer');
      // Bazaar discovery: a concrete input example and the input schema, within a header size proxies accept.
      const bazaar = (v2.extensions as any).bazaar;
      assert.deepEqual(bazaar.info.input.body, endpoint.def.example);
      assert.equal(bazaar.info.input.method, 'POST');
      assert.ok(bazaar.schema, 'bazaar schema');
      // …and the output: an example of its shape and the (compacted) output schema it satisfies.
      assert.equal(bazaar.info.output?.type, 'json');
      assert.deepEqual(bazaar.info.output.example, bazaarOutput(endpoint).example);
      const outputSchema = bazaar.schema.properties?.output?.properties?.example;
      assert.ok(outputSchema?.properties || outputSchema?.anyOf || outputSchema?.allOf, `${key}: bazaar output schema`);
      assert.ok(createAjv().compile(outputSchema)(bazaar.info.output.example), `${key}: bazaar output example fits its schema`);
      assert.ok(header.length < 8192, `PAYMENT-REQUIRED is ${header.length} bytes`);

      const body = (await res.json()) as Record<string, any>;
      assert.equal(body.x402Version, 1);
      assert.equal(body.error, 'payment_required');
      assert.equal(body.resource, v2.resource.url);
      assert.deepEqual(body.accepts.map((a: any) => a.network).sort(), ['base', 'solana']);
      for (const a of body.accepts) assert.equal(a.maxAmountRequired, endpoint.priceAtomic!.toString());
      assert.equal(body.pricing.price_usdc, endpoint.def.price);
      assert.equal(body.pricing.endpoint, key);
      assert.ok(body.how_to_pay.v2 && body.how_to_pay.v1);
      assert.equal(body.all_endpoints.length, 48);
      assert.equal(body.all_endpoints.find((e: any) => e.key === 'launchpad-pairs').price_usdc, null);
      assert.equal(body.input_errors, undefined, 'an empty probe gets no input_errors');
      assert.match(String(body.request_id), /^req_/);
    });
  }

  it('a wrapped body is accepted the same as a flat one (402, no input errors)', async () => {
    const flat = await service.invoke('enrich-wallet-light', { address: 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg' });
    const wrapped = await service.invoke('enrich-wallet-light', { input: { address: 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg' }, format: 'llm' });
    for (const res of [flat, wrapped]) {
      assert.equal(res.status, 402);
      assert.equal(((await res.json()) as any).input_errors, undefined);
    }
  });

  it('an invalid body sent unpaid gets 402 with input_errors, so the caller never pays for a refusal', async () => {
    const res = await service.invoke('whale-watch', { mint: 'not-base58-0OIl', threshold_usd: 5, bogus: true });
    assert.equal(res.status, 402);
    const body = (await res.json()) as any;
    const paths = [...new Set<string>(body.input_errors.map((i: any) => i.path))].sort();
    assert.deepEqual(paths, ['/bogus', '/mint', '/threshold_usd']);
  });

  it('unknown key → 404 unknown_endpoint, even with a broken body', async () => {
    const res = await service.invoke('no-such-endpoint', '{broken');
    assert.equal(res.status, 404);
    const body = (await res.json()) as any;
    assert.equal(body.error.code, 'unknown_endpoint');
    assert.equal(body.error.retryable, false);
    assert.equal(body.error.request_id, res.headers.get('x-request-id'));
  });

  it('malformed JSON → 400 invalid_json', async () => {
    const res = await service.invoke('enrich-wallet-light', '{"address": ');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as any).error.code, 'invalid_json');
  });

  it('a JSON array body → 400 invalid_json', async () => {
    const res = await service.invoke('enrich-wallet-light', '[1,2]');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as any).error.code, 'invalid_json');
  });

  it('body over 64 KiB → 413 body_too_large', async () => {
    const res = await service.invoke('enrich-wallet-light', { address: 'x'.repeat(70 * 1024) });
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as any).error.code, 'body_too_large');
  });

  it('launchpad-pairs is free: answered without any payment (no 402, nothing settled); bad input is still a 400', async () => {
    const res = await service.invoke('launchpad-pairs', {});
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('payment-response'), null);
    const body = (await res.json()) as any;
    assert.ok(body.pairs.length > 0);
    const bad = await service.invoke('launchpad-pairs', { category: 'nope' });
    assert.equal(bad.status, 400);
    const issues = ((await bad.json()) as any).error.issues;
    assert.equal(issues[0].path, '/category');
  });

  it('every response carries a request id and the service version; CORS exposes the payment headers', async () => {
    const res = await fetch(`${service.url}/entrypoints/enrich-wallet-light/invoke`, { method: 'POST', headers: { origin: 'http://example.test' } });
    assert.match(res.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
    assert.equal(res.headers.get('x-service-version'), '1.0.0');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['payment-required', 'payment-response', 'x-payment-response']) assert.ok(exposed.includes(h), h);
  });
});
