/**
 * Paid calls with the official x402 clients against the real server and the sandbox chains:
 * round trips on both networks and both protocol versions, and every attack the issue lists —
 * each asserting the payer's on-chain balance moved by exactly the price, or not at all.
 */
import { until } from '../helpers/measured.js';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { paymentIdentity } from '../../src/payments/idempotency.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { newPayer, paidInvoke, type PayNetwork, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

const NETWORKS: PayNetwork[] = ['solana', 'base'];

async function challengeFor(service: TestService, key: string, body: unknown): Promise<PaymentRequired> {
  const res = await service.invoke(key, body);
  assert.equal(res.status, 402);
  return decodePaymentRequiredHeader(res.headers.get('payment-required')!);
}

/** Signs a payment for (a possibly doctored copy of) an endpoint's challenge with the payer's own client. */
async function signPayment(payer: Payer, challenge: PaymentRequired, doctor?: (c: PaymentRequired) => void): Promise<PaymentPayload> {
  const copy = structuredClone(challenge);
  copy.accepts = copy.accepts.filter((a) => a.network.startsWith(payer.network === 'base' ? 'eip155:' : 'solana:'));
  doctor?.(copy);
  return payer.client.createPaymentPayload(copy);
}

function header(payload: PaymentPayload): Record<string, string> {
  return { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) };
}

async function errorOf(res: Response): Promise<string> {
  const body = (await res.json()) as { error: string | { code: string } };
  return typeof body.error === 'string' ? body.error : body.error.code;
}

describe('paid calls', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ registry: fixtureRegistry() });
  });
  after(() => service.close());

  for (const network of NETWORKS) {
    for (const version of [2, 1] as const) {
      it(`v${version} round trip on ${network}: 200, receipt, payer debited exactly the price, operator credited`, async () => {
        const payer = await newPayer(service, network, version);
        const [before, opBefore] = await Promise.all([payer.balance(), payer.operatorBalance()]);
        const res = await paidInvoke(payer, service, 'test-echo', { value: `hello-${network}-${version}` });
        assert.equal(res.status, 200, await res.clone().text());
        const receiptHeader = res.headers.get(version === 2 ? 'payment-response' : 'x-payment-response');
        assert.ok(receiptHeader, 'settlement receipt header');
        const receipt = decodePaymentResponseHeader(receiptHeader);
        assert.equal(receipt.success, true);
        assert.ok(receipt.transaction.length > 0);
        const body = (await res.json()) as any;
        assert.equal(body.echo, `hello-${network}-${version}`);
        assert.equal(body.meta.endpoint, 'test-echo');
        assert.deepEqual(body.caveats.map((c: any) => c.code), ['sandbox_data']);
        const [afterBal, opAfter] = await Promise.all([payer.balance(), payer.operatorBalance()]);
        assert.equal(before - afterBal, 2000n);
        assert.equal(opAfter - opBefore, 2000n);
      });
    }
  }

  it('format llm returns a briefing; both adds llm_summary to the data', async () => {
    const payer = await newPayer(service, 'base');
    const llm = (await (await paidInvoke(payer, service, 'test-echo', { value: 'v', format: 'llm' })).json()) as any;
    assert.match(llm.briefing, /## Echo/);
    assert.equal(llm.echo, undefined);
    assert.ok(llm.meta && llm.caveats && llm.next_steps);
    const both = (await (await paidInvoke(payer, service, 'test-echo', { input: { value: 'v' }, format: 'both' })).json()) as any;
    assert.equal(both.echo, 'v');
    assert.match(both.llm_summary, /## Echo/);
  });

  for (const network of NETWORKS) {
    it(`${network}: a replayed payment is refused (sequential), charged once`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}));
      const first = await service.invoke('test-echo', {}, header(payload));
      assert.equal(first.status, 200);
      const again = await service.invoke('test-echo', {}, header(payload));
      assert.equal(again.status, 402);
      assert.equal(await errorOf(again), 'payment_replayed');
      assert.equal(again.headers.get('payment-response'), null);
      assert.equal(before - (await payer.balance()), 2000n);
    });

    it(`${network}: 20 concurrent copies of one payment → exactly one succeeds`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}));
      const results = await Promise.all(Array.from({ length: 20 }, () => service.invoke('test-echo', {}, header(payload))));
      const statuses = results.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, `statuses: ${statuses.join(',')}`);
      assert.equal(statuses.filter((s) => s === 402).length, 19);
      for (const r of results.filter((x) => x.status === 402)) assert.equal(await errorOf(r), 'payment_replayed');
      assert.equal(before - (await payer.balance()), 2000n);
    });

    const attacks: [string, (c: PaymentRequired) => void][] = [
      ['amount too low', (c) => { c.accepts[0]!.amount = '1999'; }],
      ['wrong payTo', (c) => {
        c.accepts[0]!.payTo = network === 'base' ? '0x000000000000000000000000000000000000dEaD' : 'Vote111111111111111111111111111111111111111';
      }],
      // The Solana sandbox hosts only the USDC mint, so no client can build a transfer of another token
      // there; the Solana case claims another asset in the signed payload's `accepted` instead (below).
      ...(network === 'base' ? [['wrong asset', (c: PaymentRequired) => { c.accepts[0]!.asset = '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb'; }] as [string, (c: PaymentRequired) => void]] : []),
      ['wrong network', (c) => {
        c.accepts[0]!.network = network === 'base' ? 'eip155:84532' : 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
      }],
    ];
    for (const [name, doctor] of attacks) {
      it(`${network}: ${name} → 402 payment_invalid, balance unchanged`, async () => {
        const payer = await newPayer(service, network);
        payer.client.setSpendControls?.(false);
        const before = await payer.balance();
        const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}), doctor);
        const res = await service.invoke('test-echo', {}, header(payload));
        assert.equal(res.status, 402);
        assert.equal(await errorOf(res), 'payment_invalid');
        assert.equal(await payer.balance(), before);
      });
    }

    it(`${network}: a payload claiming another asset or price than the challenge → 402`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      for (const doctor of [(p: PaymentPayload) => { p.accepted.asset = 'So11111111111111111111111111111111111111112'; }, (p: PaymentPayload) => { p.accepted.amount = '1'; }]) {
        const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}));
        doctor(payload);
        const res = await service.invoke('test-echo', {}, header(payload));
        assert.equal(res.status, 402);
        assert.equal(await errorOf(res), 'payment_invalid');
      }
      assert.equal(await payer.balance(), before);
    });

    it(`${network}: tampered signature → 402, balance unchanged`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}));
      if (network === 'base') {
        const sig = String(payload.payload.signature);
        payload.payload.signature = sig.slice(0, 10) + (sig[10] === 'a' ? 'b' : 'a') + sig.slice(11);
      } else {
        const tx = Buffer.from(String(payload.payload.transaction), 'base64');
        tx[70] = (tx[70]! + 1) % 256; // inside the payer's signature
        payload.payload.transaction = tx.toString('base64');
      }
      const res = await service.invoke('test-echo', {}, header(payload));
      assert.equal(res.status, 402);
      assert.equal(await payer.balance(), before);
    });

    it(`${network}: expired authorization → 402, balance unchanged`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}));
      service.advance(30 * 60_000);
      try {
        const res = await service.invoke('test-echo', {}, header(payload));
        assert.equal(res.status, 402);
        assert.equal(await payer.balance(), before);
      } finally {
        service.advance(-30 * 60_000);
      }
    });

    it(`${network}: a payment for a cheaper endpoint is refused on a dearer one`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}));
      const res = await service.invoke('test-dear', {}, header(payload));
      assert.equal(res.status, 402);
      assert.equal(await errorOf(res), 'payment_invalid');
      assert.equal(await payer.balance(), before);
    });
  }

  it('10 different payments settling at once on each network all succeed (settlements may reach the chain out of order)', async () => {
    for (const network of NETWORKS) {
      const payers = await Promise.all(Array.from({ length: 10 }, () => newPayer(service, network)));
      const results = await Promise.all(payers.map((p, i) => paidInvoke(p, service, 'test-echo', { value: `concurrent-${network}-${i}` })));
      assert.deepEqual(results.map((r) => r.status), Array(10).fill(200), network);
    }
  });

  it('garbage payment headers → 402 payment_invalid, never a 500', async () => {
    const cases: Record<string, string>[] = [{ 'PAYMENT-SIGNATURE': 'not-base64!!' }, { 'X-PAYMENT': 'e30=' }, { 'PAYMENT-SIGNATURE': Buffer.from('{"x402Version":1}').toString('base64') }];
    for (const headers of cases) {
      const res = await service.invoke('test-echo', {}, headers);
      assert.equal(res.status, 402, JSON.stringify(headers));
      assert.equal(await errorOf(res), 'payment_invalid');
    }
  });

  const failures: [string, string, number, string][] = [
    ['a handler that throws', 'test-throws', 500, 'internal'],
    ['an upstream failure', 'test-upstream', 502, 'upstream_unavailable'],
    ['an endpoint not built yet', 'test-unbuilt', 501, 'not_implemented'],
  ];
  for (const [name, key, status, code] of failures) {
    it(`${name} → ${status} ${code}, nothing settled`, async () => {
      const payer = await newPayer(service, 'solana');
      const before = await payer.balance();
      const body = {};
      const payload = await signPayment(payer, await challengeFor(service, key, body));
      const res = await service.invoke(key, body, header(payload));
      assert.equal(res.status, status);
      assert.equal(res.headers.get('payment-response'), null);
      const err = ((await res.json()) as any).error;
      assert.equal(err.code, code);
      assert.doesNotMatch(JSON.stringify(err), /secret internal detail/);
      assert.equal(await payer.balance(), before);
      const claim = await service.store.getClaim(paymentIdentity(payload.accepted.network, payload.payload).key);
      assert.equal(claim?.status, 'not_settled');
    });
  }

  it('records the referral code with the settlement', async () => {
    const payer = await newPayer(service, 'base');
    const payload = await signPayment(payer, await challengeFor(service, 'test-echo', {}));
    const res = await service.invoke('test-echo', {}, { ...header(payload), 'x-referral-code': 'partner-42' });
    assert.equal(res.status, 200);
    // Recorded once the answer went out: a moment after the response.
    const claim = await until(async () => {
      const c = await service.store.getClaim(paymentIdentity(payload.accepted.network, payload.payload).key);
      return c?.status !== 'claimed' && c;
    });
    assert.equal(claim.status, 'delivered');
    assert.equal(claim?.referralCode, 'partner-42');
    assert.ok(claim?.transaction);
  });
});

describe('settlement failure', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({
      registry: fixtureRegistry(),
      wrapFacilitator: (client) => ({
        verify: (p, r) => client.verify(p, r),
        getSupported: () => client.getSupported(),
        // A refusal decided before any broadcast (an unknown reason would be looked up on chain instead).
        settle: async (p) => ({ success: false, errorReason: 'insufficient_funds', transaction: '', network: p.accepted?.network ?? 'eip155:8453' }),
      }),
    });
  });
  after(() => service.close());

  for (const network of NETWORKS) {
    it(`${network}: the result is withheld, 402 with the reason, nothing charged`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      const payload = await signPayment(payer, await challengeFor(service, 'test-echo', { value: 'secret-result' }));
      const res = await service.invoke('test-echo', { value: 'secret-result' }, header(payload));
      assert.equal(res.status, 402);
      const text = await res.text();
      assert.doesNotMatch(text, /secret-result/);
      assert.match(text, /insufficient_funds/);
      const refusal = JSON.parse(text);
      assert.equal(refusal.error, 'payment_invalid');
      assert.equal(refusal.accepts.length, 2, 'the challenge comes back so the caller can pay again');
      assert.ok(res.headers.get('payment-required'));
      assert.equal(res.headers.get('payment-response'), null);
      assert.equal(await payer.balance(), before);
    });
  }
});
