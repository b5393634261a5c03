/**
 * The gate's paid route (src/payments/paid-route.ts, `PaymentGate.checkV2`) against the library's whole path
 * (`x402HTTPResourceServer.processHTTPRequest`) on the same service configuration: for the same payment, the
 * facilitator and every hook see the same payload, requirements, declared extensions and request context;
 * settle gets the same requirements; a refusal carries the reason processHTTPRequest gives; a payment the route
 * does not match is decided by the library's path without the facilitator.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { x402Client } from '@x402/core/client';
import { encodePaymentSignatureHeader, decodePaymentRequiredHeader } from '@x402/core/http';
import { FacilitatorResponseError, type FacilitatorClient, type HTTPRequestContext } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import { PaymentGate } from '../../src/payments/gate.js';
import { FacilitatorUnavailableError } from '../../src/payments/errors.js';
import type { PaymentRequest } from '../../src/payments/types.js';
import { createHttpResourceServer } from '../../src/payments/resource-server.js';
import { safeReason } from '../../src/payments/reasons.js';
import { evmV2ClientScheme, newEvmPayer } from '../helpers/evm-payer.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const BASE = 'eip155:8453';
const PUBLIC_URL = 'https://api.example';

/** A facilitator whose answers the test sets; it records what it was asked. */
function stubFacilitator() {
  const calls = { verify: [] as [PaymentPayload, PaymentRequirements][], settle: [] as [PaymentPayload, PaymentRequirements][] };
  let verify: (p: PaymentPayload) => Promise<VerifyResponse> = async (p) => ({ isValid: true, payer: (p.payload as { authorization: { from: string } }).authorization.from });
  const client: FacilitatorClient = {
    verify: (p, r) => {
      calls.verify.push([p, r]);
      return verify(p);
    },
    settle: async (p, r): Promise<SettleResponse> => {
      calls.settle.push([p, r]);
      return { success: true, transaction: '0xsettled', network: r.network, payer: 'x' };
    },
    getSupported: async () => ({
      kinds: [
        { x402Version: 2, scheme: 'exact', network: BASE },
        { x402Version: 2, scheme: 'exact', network: SOLANA, extra: { feePayer: 'FeePayer1111111111111111111111111111111111' } },
      ],
      extensions: [],
      signers: {},
    }),
  };
  return { client, calls, answer: (f: typeof verify) => { verify = f; } };
}

function setup() {
  const registry = fixtureRegistry();
  const endpoint = registry.get('test-echo')!;
  const facilitator = stubFacilitator();
  const http = createHttpResourceServer(registry, facilitator.client, { solana: 'PayTo11111111111111111111111111111111111111', base: '0x1111111111111111111111111111111111111111' }, PUBLIC_URL);
  const seen: { payload: PaymentPayload; requirements: PaymentRequirements; extensions: Record<string, unknown>; request: HTTPRequestContext }[] = [];
  http.server.onBeforeVerify(async (ctx) => {
    seen.push({ payload: ctx.paymentPayload as PaymentPayload, requirements: ctx.requirements as PaymentRequirements, extensions: ctx.declaredExtensions, request: (ctx.transportContext as { request: HTTPRequestContext }).request });
  });
  const gate = new PaymentGate(http, facilitator.client);
  const request = (headers: Record<string, string>): PaymentRequest => ({
    header: (name) => headers[name.toLowerCase()], url: `http://127.0.0.1${endpoint.path}`, userAgent: 'test',
  });
  /** processHTTPRequest itself, as the gate called it before it had a paid route. */
  const libraryPath = (header: string) => http.processHTTPRequest({
    adapter: {
      getHeader: (name) => (name.toLowerCase() === 'payment-signature' ? header : undefined),
      getMethod: () => 'POST', getPath: () => endpoint.path, getUrl: () => `http://127.0.0.1${endpoint.path}`,
      getAcceptHeader: () => 'application/json', getUserAgent: () => 'test',
    },
    path: endpoint.path, decodedPath: endpoint.path, method: 'POST', paymentHeader: header,
  });
  const sign = async (mutate: (p: PaymentPayload) => void = () => undefined) => {
    const challenge = await gate.challenge(endpoint, request({}));
    const client = new x402Client().register('eip155:*', evmV2ClientScheme(newEvmPayer()));
    // A copy: the client's payload shares objects with the (cached) challenge it was made from.
    const payload = structuredClone(await client.createPaymentPayload(challenge.v2));
    mutate(payload);
    return encodePaymentSignatureHeader(payload);
  };
  return { endpoint, facilitator, http, gate, seen, request, libraryPath, sign };
}

/** The request context minus the adapter (an object of functions), plus what its adapter answers. */
function comparable(request: HTTPRequestContext) {
  const { adapter, ...rest } = request;
  return { ...rest, url: adapter.getUrl(), path: adapter.getPath(), method: adapter.getMethod(), header: adapter.getHeader('payment-signature') };
}

test('a matching payment: the facilitator and the hooks see what processHTTPRequest shows them; settle gets the same requirements', async () => {
  const t = setup();
  const header = await t.sign();
  const library = await t.libraryPath(header);
  assert.equal(library.type, 'payment-verified');
  const check = await t.gate.check(t.endpoint, t.request({ 'payment-signature': header }));
  assert.equal(check.kind, 'verified');
  assert.equal(t.seen.length, 2);
  const [viaLibrary, viaGate] = t.seen as [(typeof t.seen)[0], (typeof t.seen)[0]];
  assert.deepEqual(viaGate.payload, viaLibrary.payload);
  assert.deepEqual(viaGate.requirements, viaLibrary.requirements);
  assert.deepEqual(viaGate.extensions, viaLibrary.extensions);
  assert.ok(Object.keys(viaGate.extensions).length > 0, 'the route declares extensions (bazaar, payment-identifier)');
  assert.deepEqual(comparable(viaGate.request), comparable(viaLibrary.request));
  assert.equal(t.facilitator.calls.verify.length, 2);
  assert.deepEqual(t.facilitator.calls.verify[1], t.facilitator.calls.verify[0]);
  if (check.kind !== 'verified' || library.type !== 'payment-verified') return;
  assert.equal(check.payment.amountAtomic, BigInt(library.paymentRequirements.amount));
  const settled = await check.payment.settle({ body: Buffer.from('{}'), headers: { 'content-type': 'application/json' } });
  assert.equal(settled.ok, true);
  assert.deepEqual(t.facilitator.calls.settle[0]?.[1], library.paymentRequirements);
});

test('refusals: the reason processHTTPRequest gives, and an unreachable facilitator is unavailable on both paths', async () => {
  const t = setup();
  const cases: [string, () => Promise<VerifyResponse>][] = [
    ['a refusal with a reason code', async () => ({ isValid: false, invalidReason: 'insufficient_funds' })],
    ['a refusal whose reason is text', async () => ({ isValid: false, invalidReason: 'RPC said: no' })],
    ['a refusal without a reason', async () => ({ isValid: false })],
    ['a verify that throws', async () => { throw new Error('invalid_exact_evm_payload_signature'); }],
    ['a verify that throws text', async () => { throw new Error('socket hang up at http://10.0.0.1'); }],
  ];
  for (const [label, answer] of cases) {
    t.facilitator.answer(answer);
    const header = await t.sign();
    const library = await t.libraryPath(header);
    assert.equal(library.type, 'payment-error', label);
    const expected = library.type === 'payment-error' ? safeReason(decodePaymentRequiredHeader(library.response.headers['PAYMENT-REQUIRED']!).error, 'payment_invalid') : '';
    const check = await t.gate.check(t.endpoint, t.request({ 'payment-signature': header }));
    assert.deepEqual(check.kind === 'invalid' ? check.reason : check.kind, expected, label);
  }
  t.facilitator.answer(async () => { throw new FacilitatorResponseError('facilitator down'); });
  const header = await t.sign();
  await assert.rejects(t.libraryPath(header), FacilitatorResponseError);
  await assert.rejects(t.gate.check(t.endpoint, t.request({ 'payment-signature': header })), FacilitatorUnavailableError);
});

test('a payment the route does not match is refused as processHTTPRequest refuses it, without verifying', async () => {
  const t = setup();
  for (const [label, mutate] of [
    ['a lower amount', (p: PaymentPayload) => { p.accepted.amount = '1'; }],
    ['another payee', (p: PaymentPayload) => { p.accepted.payTo = '0x2222222222222222222222222222222222222222'; }],
    ['an altered extension echo', (p: PaymentPayload) => { (p.extensions as Record<string, { info: unknown }>).bazaar!.info = { input: { type: 'http', method: 'GET' } }; }],
  ] as const) {
    const header = await t.sign(mutate);
    const library = await t.libraryPath(header);
    assert.equal(library.type, 'payment-error', label);
    const expected = library.type === 'payment-error' ? safeReason(decodePaymentRequiredHeader(library.response.headers['PAYMENT-REQUIRED']!).error, 'payment_invalid') : '';
    const check = await t.gate.check(t.endpoint, t.request({ 'payment-signature': header }));
    assert.deepEqual(check.kind === 'invalid' ? check.reason : check.kind, expected, label);
  }
  assert.equal(t.facilitator.calls.verify.length, 0);
});
