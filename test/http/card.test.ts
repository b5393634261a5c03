/**
 * The card path through the real server: `Authorization: Payment` (MPP, Stripe charge method) with a
 * fake Stripe client; credentials made by mppx's own client from the server's `WWW-Authenticate`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { Challenge } from 'mppx';
import { charge as stripeClientCharge } from 'mppx/stripe/client';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildRegistry } from '../../src/registry/index.js';
import { defineEndpoint } from '../../src/registry/types.js';
import type { CardPaymentIntent, CardPaymentIntentParams, CardStripeClient } from '../../src/payments/card/index.js';
import { FIXTURES } from '../helpers/fixture-endpoints.js';
import { startTestService, type TestService } from '../helpers/service.js';

class FakeStripe implements CardStripeClient {
  charges: CardPaymentIntentParams[] = [];
  paymentIntents = {
    create: async (params: CardPaymentIntentParams): Promise<CardPaymentIntent> => {
      this.charges.push(params);
      return { id: `pi_fake_${this.charges.length}`, status: 'succeeded', lastResponse: { headers: {} } };
    },
  };
}

const premium = defineEndpoint({
  key: 'test-premium', family: 'wallet-token', price: '1.00', summary: 'priced above the card minimum', description: 'fixture',
  input: Type.Object({}, { additionalProperties: false }), output: Type.Object({}), cacheTtlSeconds: 30, example: {},
  handler: async () => ({ data: { premium: true } }),
});

let spt = 0;
const mppClient = stripeClientCharge({ paymentMethod: 'pm_card_visa', createToken: async () => `spt_test_${++spt}` });
const credentialFor = (www: string) => mppClient.createCredential({ challenge: Challenge.deserialize(www, { methods: [mppClient] }), context: {} });

describe('card payments (MPP)', () => {
  let service: TestService;
  const stripe = new FakeStripe();
  before(async () => {
    service = await startTestService(
      { registry: buildRegistry([...ENDPOINTS, ...FIXTURES, premium]), cardStripe: stripe },
      { STRIPE_SECRET_KEY: 'sk_test_fake', MPP_SECRET_KEY: 'test-mpp-secret-key-0123456789-abcdefghij' },
    );
  });
  after(() => service.close());

  it('offers a card challenge only where the price reaches the card minimum', async () => {
    const cheap = await service.invoke('test-echo', {});
    assert.equal(cheap.status, 402);
    assert.equal(cheap.headers.get('www-authenticate'), null, '0.002 USDC is under the 0.50 USD card minimum');
    const dear = await service.invoke('test-premium', {});
    assert.equal(dear.status, 402);
    assert.match(dear.headers.get('www-authenticate') ?? '', /^Payment /);
    assert.ok(dear.headers.get('payment-required'), 'x402 stays on offer beside the card');
  });

  it('pays by card: 200 with a receipt, charged exactly the price once; the credential cannot be reused', async () => {
    const www = (await service.invoke('test-premium', {})).headers.get('www-authenticate')!;
    const authorization = await credentialFor(www);
    const res = await service.invoke('test-premium', {}, { authorization });
    assert.equal(res.status, 200, await res.clone().text());
    assert.ok(res.headers.get('payment-receipt'));
    assert.equal(((await res.json()) as any).premium, true);
    assert.equal(stripe.charges.length, 1);
    assert.equal(Number(stripe.charges[0]!.amount), 100, '1.00 USD in cents');
    const replay = await service.invoke('test-premium', {}, { authorization });
    assert.equal(replay.status, 402);
    assert.equal(((await replay.json()) as any).error, 'payment_replayed');
    assert.equal(stripe.charges.length, 1);
  });

  it('a card credential for one endpoint is refused on another, and invalid input is never charged', async () => {
    const www = (await service.invoke('test-premium', {})).headers.get('www-authenticate')!;
    const authorization = await credentialFor(www);
    const elsewhere = await service.invoke('test-echo', {}, { authorization });
    assert.equal(elsewhere.status, 402);
    const invalid = await service.invoke('test-premium', { nope: 1 }, { authorization });
    assert.equal(invalid.status, 400);
    assert.equal(stripe.charges.length, 1, 'still only the one earlier charge');
  });
});

describe('card payments disabled', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ registry: buildRegistry([...ENDPOINTS, ...FIXTURES, premium]) });
  });
  after(() => service.close());

  it('no Stripe settings: no card challenge, and a card credential is refused with a clear reason', async () => {
    const res = await service.invoke('test-premium', {});
    assert.equal(res.headers.get('www-authenticate'), null);
    const paid = await service.invoke('test-premium', {}, { authorization: 'Payment eyJ9' });
    assert.equal(paid.status, 402);
    assert.equal(((await paid.json()) as any).reason, 'card_payments_disabled');
  });
});
