/**
 * The card path (`Authorization: Payment`, MPP with the Stripe charge method), offline: a fake
 * Stripe client records every call, and credentials are made the way an mppx client makes them
 * (`mppx/stripe/client`'s `charge().createCredential` over the server's `WWW-Authenticate` value).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { Challenge, Credential, Receipt } from 'mppx';
import { charge as stripeClientCharge } from 'mppx/stripe/client';
import { buildRegistry, type RegisteredEndpoint } from '../../src/registry/index.js';
import { defineEndpoint } from '../../src/registry/types.js';
import {
  CARD_NETWORK, cardMinimumAtomic, createCardGate,
  type CardGateOptions, type CardPaymentIntent, type CardPaymentIntentParams, type CardPaymentIntentRequestOptions, type CardStripeClient,
} from '../../src/payments/card/index.js';
import type { PaymentCheck, VerifiedPayment } from '../../src/payments/types.js';

const SECRET = 'test-mpp-secret-key-0123456789-abcdefghij';
const URL_ = 'https://api.example.test/entrypoints/card-mid/invoke';

// ---- endpoints ----
const input = Type.Object({}, { additionalProperties: false });
const common = { family: 'wallet-token' as const, description: 'card fixture', input, output: Type.Object({}), cacheTtlSeconds: 30, example: {} };
function registry(prices: Record<string, string | null>) {
  return buildRegistry(Object.entries(prices).map(([key, price]) => defineEndpoint({
    ...common, key, price, summary: key, handler: async () => ({ data: {} }),
  })));
}
const reg = registry({ 'card-low': '0.25', 'card-mid': '0.50', 'card-high': '1.00', 'card-subcent': '0.505', 'card-free': null });
function ep(key: string, r = reg): RegisteredEndpoint {
  const e = r.get(key);
  assert.ok(e, key);
  return e;
}

// ---- fake Stripe ----
interface FakeCall { params: CardPaymentIntentParams; options: CardPaymentIntentRequestOptions | undefined }
class FakeStripe implements CardStripeClient {
  calls: FakeCall[] = [];
  fail: 'throw' | 'requires_action' | undefined;
  private byKey = new Map<string, CardPaymentIntent>();
  paymentIntents = {
    create: async (params: CardPaymentIntentParams, options?: CardPaymentIntentRequestOptions): Promise<CardPaymentIntent> => {
      this.calls.push({ params, options });
      if (this.fail === 'throw') throw new Error('Your card was declined.');
      const key = options?.idempotencyKey;
      const earlier = key !== undefined ? this.byKey.get(key) : undefined;
      // Stripe answers a repeated idempotency key with the original object and this header.
      if (earlier) return { ...earlier, lastResponse: { headers: { 'idempotent-replayed': 'true' } } };
      const pi = { id: `pi_fake_${this.calls.length}`, status: this.fail === 'requires_action' ? 'requires_action' : 'succeeded', lastResponse: { headers: {} } };
      if (key !== undefined) this.byKey.set(key, pi);
      return pi;
    },
  };
}

function gate(stripe: FakeStripe, extra: Partial<CardGateOptions> = {}) {
  return createCardGate({ secretKey: SECRET, stripe, networkId: 'profile_test', ...extra });
}

// ---- an mppx client ----
let sptCounter = 0;
const tokenRequests: { amount: string; currency: string; networkId: string | undefined }[] = [];
const client = stripeClientCharge({
  paymentMethod: 'pm_card_visa',
  createToken: async ({ amount, currency, networkId }) => {
    tokenRequests.push({ amount, currency, networkId });
    return `spt_test_${++sptCounter}`;
  },
});
async function pay(wwwAuthenticate: string): Promise<string> {
  const challenge = Challenge.deserialize(wwwAuthenticate, { methods: [client] });
  return client.createCredential({ challenge, context: {} });
}

/** Rewrites a credential's wire JSON (what a tampering client could do). */
function tamper(authorization: string, edit: (wire: { challenge: Record<string, unknown>; payload: Record<string, unknown> }) => void): string {
  const wire = JSON.parse(Buffer.from(authorization.replace(/^Payment\s+/, ''), 'base64url').toString('utf8'));
  edit(wire);
  return `Payment ${Buffer.from(JSON.stringify(wire)).toString('base64url')}`;
}

function verified(check: PaymentCheck): VerifiedPayment {
  assert.equal(check.kind, 'verified', check.kind === 'invalid' ? `${check.reason}: ${check.message}` : check.kind);
  return (check as Extract<PaymentCheck, { kind: 'verified' }>).payment;
}
function refused(check: PaymentCheck, reason: string): string {
  assert.equal(check.kind, 'invalid');
  const c = check as Extract<PaymentCheck, { kind: 'invalid' }>;
  assert.equal(c.reason, reason, c.message);
  return c.message;
}

test('cardMinimumAtomic converts USD to 6-decimal atomic units and rejects bad input', () => {
  assert.equal(cardMinimumAtomic('0.50'), 500_000n);
  assert.equal(cardMinimumAtomic('0.5'), 500_000n);
  assert.equal(cardMinimumAtomic('1'), 1_000_000n);
  assert.equal(cardMinimumAtomic('12.34'), 12_340_000n);
  assert.throws(() => cardMinimumAtomic('0.505'));
  assert.throws(() => cardMinimumAtomic('abc'));
  assert.throws(() => cardMinimumAtomic('0'));
});

test('a card challenge is offered only at or above the minimum, priced in cents, scoped to the endpoint', async () => {
  const stripe = new FakeStripe();
  const g = gate(stripe);
  assert.equal(await g.challenge(ep('card-low'), URL_), undefined, '0.25 is under Stripe\'s 0.50 minimum');
  assert.equal(await g.challenge(ep('card-free'), URL_), undefined, 'free endpoint');
  assert.equal(await g.challenge(ep('card-subcent'), URL_), undefined, '0.505 is not a whole number of cents');

  const mid = await g.challenge(ep('card-mid'), URL_);
  assert.ok(mid?.startsWith('Payment '), mid);
  const midChallenge = Challenge.deserialize(mid!);
  assert.equal(midChallenge.method, 'stripe');
  assert.equal(midChallenge.intent, 'charge');
  assert.equal(midChallenge.realm, 'api.example.test');
  assert.deepEqual(
    { amount: midChallenge.request.amount, currency: midChallenge.request.currency },
    { amount: '50', currency: 'usd' },
  );
  assert.deepEqual(midChallenge.request.methodDetails, { networkId: 'profile_test', paymentMethodTypes: ['card'], metadata: { endpoint: 'card-mid' } });
  assert.ok(midChallenge.expires && Date.parse(midChallenge.expires) > Date.now());

  const high = Challenge.deserialize((await g.challenge(ep('card-high'), URL_))!);
  assert.equal(high.request.amount, '100');

  // A raised minimum removes the offer; a lowered one would add it (operator's choice, documented).
  const strict = gate(stripe, { minimumChargeUsd: '0.75' });
  assert.equal(await strict.challenge(ep('card-mid'), URL_), undefined);
  assert.ok(await strict.challenge(ep('card-high'), URL_));
  assert.equal(stripe.calls.length, 0, 'issuing challenges never calls Stripe');
});

test('a valid credential verifies without any Stripe call; settle charges exactly the price once', async () => {
  const stripe = new FakeStripe();
  const g = gate(stripe);
  const tokensBefore = tokenRequests.length;
  const auth = await pay((await g.challenge(ep('card-mid'), URL_))!);
  assert.deepEqual(tokenRequests.slice(tokensBefore), [{ amount: '50', currency: 'usd', networkId: 'profile_test' }], 'the SPT is requested for exactly the price');

  const payment = verified(await g.check(ep('card-mid'), auth, URL_));
  assert.equal(stripe.calls.length, 0, 'check never charges');
  assert.equal(payment.network, CARD_NETWORK);
  assert.equal(payment.amountAtomic, 500_000n);
  assert.match(payment.idempotencyKey, /^card:[0-9a-f]{64}$/);
  assert.equal(g.identify(auth), payment.idempotencyKey, 'identify names the key check would claim');

  await payment.cancel(500);
  assert.equal(stripe.calls.length, 0, 'cancel has nothing to release');

  const outcome = await payment.settle({ body: Buffer.from('{}'), headers: {} });
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.transaction, 'pi_fake_1');
  assert.equal(outcome.network, CARD_NETWORK);
  assert.equal(stripe.calls.length, 1);
  const call = stripe.calls[0]!;
  assert.equal(call.params.amount, 50, 'charged 50 cents, the price');
  assert.equal(call.params.currency, 'usd');
  assert.equal(call.params.confirm, true);
  assert.equal(call.params.shared_payment_granted_token, (Credential.deserialize(auth).payload as { spt: string }).spt);
  assert.ok(call.options?.idempotencyKey?.startsWith('mpp_'), 'Stripe call is idempotent');
  assert.equal(call.params.metadata.endpoint, 'card-mid');
  assert.equal(call.params.metadata.machine_payment, 'true');

  const receipt = Receipt.deserialize(outcome.headers['Payment-Receipt']!);
  assert.equal(receipt.method, 'stripe');
  assert.equal(receipt.status, 'success');
  assert.equal(receipt.reference, 'pi_fake_1');

  const again = await payment.settle({ body: Buffer.from('{}'), headers: {} });
  assert.deepEqual(again, outcome);
  assert.equal(stripe.calls.length, 1, 'a second settle() does not charge again');

  const high = await pay((await g.challenge(ep('card-high'), URL_))!);
  const highOutcome = await verified(await g.check(ep('card-high'), high, URL_)).settle({ body: Buffer.from('{}'), headers: {} });
  assert.ok(highOutcome.ok);
  assert.equal(stripe.calls[1]!.params.amount, 100);
});

test('two copies of one credential share an idempotency key; different credentials do not', async () => {
  const stripe = new FakeStripe();
  const g = gate(stripe);
  const header = (await g.challenge(ep('card-mid'), URL_))!;
  const auth = await pay(header);
  const a = verified(await g.check(ep('card-mid'), auth, URL_));
  const b = verified(await g.check(ep('card-mid'), `${auth}`, URL_));
  assert.equal(a.idempotencyKey, b.idempotencyKey);
  // Same credential, re-encoded (e.g. by another client library): still the same key.
  const reencoded = Credential.serialize(Credential.deserialize(auth));
  assert.equal(verified(await g.check(ep('card-mid'), reencoded, URL_)).idempotencyKey, a.idempotencyKey);

  const sameChallengeNewToken = verified(await g.check(ep('card-mid'), await pay(header), URL_));
  assert.notEqual(sameChallengeNewToken.idempotencyKey, a.idempotencyKey);
  const newChallenge = verified(await g.check(ep('card-mid'), await pay((await g.challenge(ep('card-mid'), URL_))!), URL_));
  assert.notEqual(newChallenge.idempotencyKey, a.idempotencyKey);
  assert.equal(stripe.calls.length, 0);

  // Behind our store, Stripe's idempotency also refuses to serve one credential twice.
  assert.ok((await a.settle({ body: Buffer.alloc(0), headers: {} })).ok);
  const second = await b.settle({ body: Buffer.alloc(0), headers: {} });
  assert.equal(second.ok, false);
  // The client gets a code; Stripe's own words stay in `detail`, for the logs.
  assert.equal((second as { reason: string }).reason, 'card_charge_failed');
  assert.match((second as { detail: string }).detail, /already been processed/);
});

test('tampered, foreign, expired, wrong-amount and wrong-endpoint credentials are refused without a charge', async () => {
  const stripe = new FakeStripe();
  const g = gate(stripe);
  const auth = await pay((await g.challenge(ep('card-mid'), URL_))!);

  // Tampered price inside the signed challenge.
  const cheaper = tamper(auth, (w) => {
    const req = JSON.parse(Buffer.from(String(w.challenge.request), 'base64url').toString('utf8'));
    req.amount = '1';
    w.challenge.request = Buffer.from(JSON.stringify(req)).toString('base64url');
  });
  assert.match(refused(await g.check(ep('card-mid'), cheaper, URL_), 'challenge_invalid'), /not issued by this server/);
  // Tampered challenge id.
  refused(await g.check(ep('card-mid'), tamper(auth, (w) => { w.challenge.id = 'forged'; }), URL_), 'challenge_invalid');
  // Tampered expiry (extended).
  assert.match(refused(await g.check(ep('card-mid'), tamper(auth, (w) => { w.challenge.expires = '2999-01-01T00:00:00.000Z'; }), URL_), 'challenge_invalid'), /not issued by this server/);
  // Payload without a token.
  refused(await g.check(ep('card-mid'), tamper(auth, (w) => { w.payload = {}; }), URL_), 'invalid_payload');
  // Not a credential at all.
  refused(await g.check(ep('card-mid'), 'Payment !!!not-base64-json', URL_), 'invalid_payload');
  // Another method.
  refused(await g.check(ep('card-mid'), tamper(auth, (w) => { w.challenge.method = 'tempo'; }), URL_), 'unsupported_payment_method');

  // Issued by another server (different MPP secret).
  const foreign = createCardGate({ secretKey: 'another-mpp-secret-key-0123456789-abcdef', stripe, networkId: 'profile_test' });
  const foreignAuth = await pay((await foreign.challenge(ep('card-mid'), URL_))!);
  assert.match(refused(await g.check(ep('card-mid'), foreignAuth, URL_), 'challenge_invalid'), /not issued by this server/);

  // Issued for another host (realm).
  assert.match(refused(await g.check(ep('card-mid'), auth, 'https://other.example.test/entrypoints/card-mid/invoke'), 'challenge_invalid'), /realm/);

  // Expired: issued ten minutes ago with a five-minute lifetime.
  const past = gate(stripe, { now: () => new Date(Date.now() - 10 * 60_000) });
  const expired = await pay((await past.challenge(ep('card-mid'), URL_))!);
  assert.match(refused(await g.check(ep('card-mid'), expired, URL_), 'challenge_expired'), /expired at/);
  // Expiring before the call could be served and charged.
  const almost = gate(stripe, { now: () => new Date(Date.now() - 290_000) });
  assert.match(refused(await g.check(ep('card-mid'), await pay((await almost.challenge(ep('card-mid'), URL_))!), URL_), 'challenge_expired'), /too soon/);

  // Wrong endpoint: paid for card-mid, presented to card-high (and vice versa).
  assert.match(refused(await g.check(ep('card-high'), auth, URL_), 'challenge_invalid'), /scope/);
  const highAuth = await pay((await g.challenge(ep('card-high'), URL_))!);
  assert.match(refused(await g.check(ep('card-mid'), highAuth, URL_), 'challenge_invalid'), /scope/);

  // Wrong amount: the endpoint's price changed (0.50 → 1.00) after the challenge was paid.
  const repriced = registry({ 'card-mid': '1.00' });
  assert.match(refused(await g.check(ep('card-mid', repriced), auth, URL_), 'challenge_invalid'), /amount/);

  // Below the minimum: never charged, never charged more than the price.
  assert.match(refused(await g.check(ep('card-low'), auth, URL_), 'card_below_minimum'), /0\.25.*0\.50/);
  refused(await g.check(ep('card-subcent'), auth, URL_), 'card_amount_not_whole_cents');

  assert.equal(stripe.calls.length, 0, 'no refused credential reached Stripe');
  // The untouched credential is still good.
  verified(await g.check(ep('card-mid'), auth, URL_));
});

test('no Payment scheme means no card payment; identify ignores what it cannot read', async () => {
  const g = gate(new FakeStripe());
  assert.deepEqual(await g.check(ep('card-mid'), 'Bearer abc', URL_), { kind: 'none' });
  assert.deepEqual(await g.check(ep('card-mid'), '', URL_), { kind: 'none' });
  assert.equal(g.identify('Bearer abc'), undefined);
  assert.equal(g.identify('Payment garbage'), undefined);
});

test('a Stripe failure at charge time makes settle return ok:false', async () => {
  for (const fail of ['throw', 'requires_action'] as const) {
    const stripe = new FakeStripe();
    const g = gate(stripe);
    const payment = verified(await g.check(ep('card-mid'), await pay((await g.challenge(ep('card-mid'), URL_))!), URL_));
    stripe.fail = fail;
    const outcome = await payment.settle({ body: Buffer.from('{}'), headers: {} });
    assert.equal(outcome.ok, false, fail);
    assert.equal((outcome as { reason: string }).reason, 'card_charge_failed', fail);
    assert.match((outcome as { detail: string }).detail, fail === 'throw' ? /declined/ : /requires action/i);
    assert.equal(stripe.calls.length, 1);
  }
});

test('a too-short MPP secret key fails at construction', () => {
  assert.throws(() => createCardGate({ secretKey: 'short', stripe: new FakeStripe() }), /at least 32 bytes/);
});
