/**
 * Payment attack suite (docs/reliability.md): real x402 payers on Solana and Base, v2 and v1, against the real
 * server and sandbox chains. Extends test/http/payments.test.ts (which covers the basic replay, the
 * doctored-challenge substitutions and one expiry per network) with what an attacker tries next:
 * replay across endpoints, versions and a restart; 50 concurrent copies; forged, truncated and doubled
 * headers; v1/v2 confusion; a genuine outer `accepted` around a doctored inner authorization;
 * hand-signed validity windows; settlements that fail after the handler ran, or whose answer is lost
 * after the broadcast (recovered by the on-chain lookup of src/payments/settlement-lookup*.ts).
 *
 * Every attack is judged by attack-ledger.ts on the payer's on-chain balance: never served unpaid,
 * never charged twice, never charged for a refusal. The last test prints the tally.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FacilitatorClient } from '@x402/core/server';
import { decodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import type { PaymentPayloadV1 } from '@x402/core/types/v1';
import { paymentIdentity } from '../../src/payments/idempotency.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { suiteService } from '../helpers/service.js';
import { until } from '../helpers/measured.js';
import { AttackLedger, refused, served, unconfirmed } from './attack-ledger.js';
import {
  NETS, asV1, asV2, attackPayer, b64, challenges, invoke, optionFor, signAuthorization, v1Header, v2Header,
  type AttackPayer, type Challenges, type Net, type Target,
} from './attack-kit.js';
import { startRestartable, type Restartable } from './attack-restart.js';

const PRICE = 2000n; // test-echo and test-old: 0.002 USDC
const ledger = new AttackLedger();
const VERSIONS = [2, 1] as const;
const DEAD: Record<Net, string> = { base: '0x000000000000000000000000000000000000dEaD', solana: 'Vote111111111111111111111111111111111111111' };
const OTHER_NETWORK: Record<Net, { v2: string; v1: string }> = {
  base: { v2: 'eip155:84532', v1: 'base-sepolia' },
  solana: { v2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', v1: 'solana-devnet' },
};

async function judge(
  kind: string, payer: AttackPayer, run: () => Promise<Response[]>, expect?: Parameters<AttackLedger['attempt']>[4], detail = '',
): Promise<void> {
  const problems = await ledger.attempt(kind, PRICE, payer.balance, run, expect);
  // ATTACK_KEEP_GOING=1: log every wrong outcome and carry on (the tally still fails), to see them all at once.
  if (process.env.ATTACK_KEEP_GOING && problems.length) console.log('WRONG', kind, detail.slice(0, 300), problems);
  else assert.deepEqual(problems, [], `${kind} ${detail}`.slice(0, 400));
}

/** One genuine payment for `test-echo` from the payer, as the header of the version it was signed in. */
/** `other` is the same signed authorization re-wrapped in the other version's header. */
async function genuine(payer: AttackPayer, ch: Ch, version: 1 | 2): Promise<{ headers: Record<string, string>; other: Record<string, string> }> {
  if (version === 2) {
    const p = await payer.signV2(ch.echo.v2);
    return { headers: v2Header(p), other: v1Header(asV1(p, payer.net)) };
  }
  const p = await payer.signV1(ch.echo.v1);
  return { headers: v1Header(p), other: v2Header(asV2(p, ch.echo.v2, payer.net)) };
}

/** test-old has test-echo's price, so its challenge is the same: every payment here is signed for test-echo. */
interface Ch { echo: Challenges }
async function loadChallenges(target: Target): Promise<Ch> {
  return { echo: await challenges(target, 'test-echo') };
}

describe('payment attacks', () => {
  const service = suiteService({ registry: fixtureRegistry() });
  let ch: Ch;
  before(async () => {
    ch = await loadChallenges(service);
  });

  for (const net of NETS) {
    for (const version of VERSIONS) {
      it(`${net} v${version}: one payment replayed across endpoints and versions → served once`, async () => {
        const payer = await attackPayer(service, net);
        const p = await genuine(payer, ch, version);
        await judge('replay across endpoints', payer, async () => {
          const out = [await invoke(service, 'test-echo', { value: 'a' }, p.headers)];
          for (const key of ['test-old', 'test-dear', 'test-echo']) out.push(await invoke(service, key, {}, p.headers));
          out.push(await invoke(service, 'test-old', {}, p.other));
          return out;
        }, served(1, 'payment_replayed'));
        // A payment first spent on a refused call (invalid input: claimed, never settled) stays spent.
        const q = await genuine(payer, ch, version);
        await judge('replay of a payment spent on a failed call', payer, async () => [
          await invoke(service, 'test-echo', { value: 42 }, q.headers),
          await invoke(service, 'test-echo', { value: 'b' }, q.headers),
          await invoke(service, 'test-old', {}, q.other),
        ], refused('invalid_input', 'payment_replayed'));
      });

      it(`${net} v${version}: 50 concurrent copies across endpoints and both headers → exactly one answer`, async () => {
        const payer = await attackPayer(service, net);
        const p = await genuine(payer, ch, version);
        await judge('concurrent replay ×50', payer, () => Promise.all(Array.from({ length: 50 }, (_, i) =>
          invoke(service, i % 2 ? 'test-old' : 'test-echo', {}, i % 3 === 2 ? p.other : p.headers))), served(1, 'payment_replayed'));
      });
    }

    it(`${net}: forged and truncated headers → 402 payment_invalid; the genuine payment still works after`, async () => {
      const payer = await attackPayer(service, net);
      // Used at the end, after ~75 forged requests: they take under a second idle and loaded alike, while the
      // payments stay valid for 60 s (the Solana blockhash) or 120 s (Base's validBefore).
      const real = await payer.signV2(ch.echo.v2);
      const realV1 = await payer.signV1(ch.echo.v1);
      const accepted = optionFor(ch.echo.v2, net);
      // [kind, header value, the header it goes in (both, one after the other, when unnamed)]
      const forged: [string, string, string?, string?][] = [];
      for (const size of [1, 16, 300, 3000]) forged.push(['random base64', randomBytes(size).toString('base64')]);
      for (const text of ['hello world', '<payment/>', '\u0000\u0001\u0002', '{"x402Version":2,', 'x'.repeat(4000)]) forged.push(['base64 of non-JSON', b64(text)]);
      const shapes: unknown[] = [
        null, 42, 'str', [], true, {}, { x402Version: 2 }, { x402Version: 2, accepted: {} }, { x402Version: 2, accepted: null, payload: {} },
        { x402Version: 2, accepted, payload: 'str' }, { x402Version: 2, accepted, payload: {} }, { x402Version: 2, accepted, payload: { authorization: null, transaction: 7 } },
        { x402Version: 2, accepted: { ...accepted, amount: '-1' }, payload: real.payload }, { x402Version: 1e308, accepted, payload: real.payload },
        { x402Version: '2', accepted, payload: real.payload },
        // Regression: these two (and a Solana payload claimed for 'base') made the EVM v1 facilitator throw, which
        // the gate took for an outage: 503 "retry" to a forged payment. Now refused by src/payments/payload-shape.ts.
        { x402Version: 1, scheme: 'exact', network: net, payload: {} },
        { x402Version: 1, scheme: 'exact', network: net, payload: { transaction: 'AAAA', authorization: { from: 'x', nonce: 'y' } } },
        { x402Version: 1, scheme: 'upto', network: net, payload: realV1.payload }, { x402Version: 1, scheme: 'exact', network: ['base'], payload: realV1.payload },
        JSON.parse('{"__proto__":{"isValid":true},"x402Version":2}'),
        // Deep nesting where a payload is expected.
        { x402Version: 2, accepted, payload: JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500)) },
      ];
      for (const shape of shapes) forged.push(['JSON of the wrong shape', b64(shape), undefined, JSON.stringify(shape)]);
      const realHeader = v2Header(real)['PAYMENT-SIGNATURE']!;
      const realV1Header = v1Header(realV1)['X-PAYMENT']!;
      for (const [name, full] of [['PAYMENT-SIGNATURE', realHeader], ['X-PAYMENT', realV1Header]] as const) {
        // Cut at least 6 characters off the end: dropping only base64 padding would leave the payment whole.
        for (const cut of [1, 10, Math.floor(full.length / 4), Math.floor(full.length / 2), full.length - 10, full.length - 6]) {
          forged.push([`truncated ${name}`, full.slice(0, cut), name]);
        }
      }
      for (const [kind, value, only, shown] of forged) {
        for (const name of only ? [only] : ['PAYMENT-SIGNATURE', 'X-PAYMENT']) {
          await judge(kind, payer, async () => [await invoke(service, 'test-echo', {}, { [name]: value })], refused('payment_invalid'), `${name}: ${shown ?? value}`);
        }
      }
      // A copy of the genuine payment with a broken signature names the genuine payment's key; it must not burn it.
      const tampered = structuredClone(real);
      if (net === 'base') {
        const sig = String(tampered.payload.signature);
        tampered.payload.signature = sig.slice(0, 20) + (sig[20] === 'a' ? 'b' : 'a') + sig.slice(21);
      } else {
        const tx = Buffer.from(String(tampered.payload.transaction), 'base64');
        tx[70] = (tx[70]! + 1) % 256; // the payer's signature (the first slot is the facilitator's, filled at settlement)
        tampered.payload.transaction = tx.toString('base64');
      }
      await judge('tampered copy of a genuine payment', payer, async () => [await invoke(service, 'test-echo', {}, v2Header(tampered))], refused('payment_invalid'));
      await judge('genuine payments after the forgeries', payer, async () => [
        await invoke(service, 'test-echo', {}, v2Header(real)), await invoke(service, 'test-echo', {}, v1Header(realV1)),
      ], served(2));
    });

    it(`${net}: PAYMENT-SIGNATURE and X-PAYMENT at once → one payment used, never both`, async () => {
      const payer = await attackPayer(service, net);
      const same = await payer.signV2(ch.echo.v2);
      await judge('both headers, same payment', payer, async () => [
        await invoke(service, 'test-echo', {}, { ...v2Header(same), ...v1Header(asV1(same, net)) }),
        await invoke(service, 'test-echo', {}, { ...v2Header(same), ...v1Header(asV1(same, net)) }),
        await invoke(service, 'test-echo', {}, v1Header(asV1(same, net))),
      ], served(1, 'payment_replayed'));
      const a = await payer.signV2(ch.echo.v2);
      const b = await payer.signV1(ch.echo.v1);
      await judge('both headers, different payments', payer, async () => [
        await invoke(service, 'test-echo', {}, { ...v2Header(a), ...v1Header(b) }),
        await invoke(service, 'test-echo', {}, { ...v2Header(a), ...v1Header(b) }),
      ], served(1, 'payment_replayed'));
      // The X-PAYMENT of that pair was never used (PAYMENT-SIGNATURE wins), so it pays for one answer of its own.
      await judge('both headers, the unused one alone', payer, async () => [await invoke(service, 'test-echo', {}, v1Header(b))], served(1));
      const c = await payer.signV1(ch.echo.v1);
      await judge('both headers, garbage v2 + valid v1', payer, async () => [
        await invoke(service, 'test-echo', {}, { 'PAYMENT-SIGNATURE': b64({ x402Version: 2 }), ...v1Header(c) }),
      ], refused('payment_invalid'));
      const d = await payer.signV2(ch.echo.v2);
      await judge('both headers, valid v2 + garbage v1', payer, async () => [
        await invoke(service, 'test-echo', {}, { ...v2Header(d), 'X-PAYMENT': 'garbage' }),
      ], served(1));
    });

    it(`${net}: v1/v2 confusion → 402, nothing charged; the payloads stay usable where they belong`, async () => {
      const payer = await attackPayer(service, net);
      const v2 = await payer.signV2(ch.echo.v2);
      const v1 = await payer.signV1(ch.echo.v1);
      const other: Net = net === 'base' ? 'solana' : 'base';
      const confusions: [string, Record<string, string>][] = [
        ['v2 payload in X-PAYMENT', { 'X-PAYMENT': b64(v2) }],
        ['v1 payload in PAYMENT-SIGNATURE', { 'PAYMENT-SIGNATURE': b64(v1) }],
        ['x402Version swapped', { 'PAYMENT-SIGNATURE': b64({ ...v2, x402Version: 1 }) }],
        ['x402Version swapped', { 'X-PAYMENT': b64({ ...v1, x402Version: 2 }) }],
        ['x402Version swapped', { 'PAYMENT-SIGNATURE': b64({ ...v1, x402Version: 2 }) }],
        ['x402Version swapped', { 'X-PAYMENT': b64({ ...v2, x402Version: 1 }) }],
        ['network of the other chain', { 'X-PAYMENT': b64({ ...v1, network: other }) }],
        ['network of the other chain', { 'PAYMENT-SIGNATURE': b64({ ...v2, accepted: optionFor(ch.echo.v2, other) }) }],
      ];
      for (const [kind, headers] of confusions) {
        await judge(kind, payer, async () => [await invoke(service, 'test-echo', {}, headers)], refused('payment_invalid'), Object.keys(headers).join());
      }
      await judge('confused payloads used properly after', payer, async () => [
        await invoke(service, 'test-echo', {}, v2Header(v2)), await invoke(service, 'test-echo', {}, v1Header(v1)),
      ], served(2));
    });

    it(`${net}: a genuine outer requirement around a doctored inner payment → 402, nothing charged`, async () => {
      const payer = await attackPayer(service, net);
      const genuineV2 = optionFor(ch.echo.v2, net);
      type Doctor = (r: { amount?: string; maxAmountRequired?: string; payTo: string; asset: string; network: string }) => void;
      const doctors: [string, Doctor][] = [
        ['amount substitution', (r) => { if (r.amount) r.amount = '1999'; else r.maxAmountRequired = '1999'; }],
        ['payTo substitution', (r) => { r.payTo = DEAD[net]; }],
        ...(net === 'base' ? [['asset substitution', (r) => { r.asset = '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb'; }] as [string, Doctor]] : []),
      ];
      for (const [kind, doctor] of doctors) {
        const inner = await payer.signV2(ch.echo.v2, doctor);
        await judge(kind, payer, async () => [await invoke(service, 'test-echo', {}, v2Header({ ...inner, accepted: genuineV2 }))], refused('payment_invalid'));
        const innerV1 = await payer.signV1(ch.echo.v1, doctor);
        await judge(kind, payer, async () => [await invoke(service, 'test-echo', {}, v1Header(innerV1))], refused('payment_invalid'));
      }
      // Price substitution: a fresh payment at test-echo's price presented to the dearer test-dear, in both versions.
      const cheap = await payer.signV2(ch.echo.v2);
      const cheapV1 = await payer.signV1(ch.echo.v1);
      await judge('amount substitution (cheaper endpoint\'s payment)', payer, async () => [
        await invoke(service, 'test-dear', {}, v2Header(cheap)), await invoke(service, 'test-dear', {}, v1Header(cheapV1)),
      ], refused('payment_invalid'));
      // Network substitution: the network named in the payload is not the one the authorization is for.
      const wrongNet = await payer.signV2(ch.echo.v2);
      await judge('network substitution', payer, async () => [
        await invoke(service, 'test-echo', {}, v2Header({ ...wrongNet, accepted: { ...genuineV2, network: OTHER_NETWORK[net].v2 as `${string}:${string}` } })),
        await invoke(service, 'test-echo', {}, { 'X-PAYMENT': b64({ ...asV1(wrongNet, net), network: OTHER_NETWORK[net].v1 }) }),
      ], refused('payment_invalid'));
      if (net === 'base') {
        const account = payer.account!;
        const now = BigInt(Math.floor(Date.now() / 1000));
        const signed: [string, Parameters<typeof signAuthorization>[2]][] = [
          ['amount substitution (hand-signed value)', { value: '1999' }],
          ['payTo substitution (hand-signed recipient)', { to: DEAD.base }],
          ['overpayment (hand-signed value above the price)', { value: '5000' }],
          ['not-yet-valid authorization', { validAfter: now + 3600n }],
          ['expired authorization', { validBefore: now - 60n }],
        ];
        for (const [kind, fields] of signed) {
          const payload = await signAuthorization(account, genuineV2, fields);
          await judge(kind, payer, async () => [
            await invoke(service, 'test-echo', {}, v2Header({ x402Version: 2, payload, accepted: genuineV2, resource: ch.echo.v2.resource })),
          ], refused('payment_invalid'));
          const payloadV1 = await signAuthorization(account, genuineV2, fields);
          await judge(`${kind} v1`, payer, async () => [
            await invoke(service, 'test-echo', {}, { 'X-PAYMENT': b64({ x402Version: 1, scheme: 'exact', network: 'base', payload: payloadV1 }) }),
          ], refused('payment_invalid'));
        }
      }
    });

    it(`${net}: expired authorizations (clock moved) → 402 for v2 and v1, nothing charged`, async () => {
      const payer = await attackPayer(service, net);
      const v2 = await payer.signV2(ch.echo.v2);
      const v1 = await payer.signV1(ch.echo.v1);
      // Solana: the blockhash lives 150 slots (60 s); Base: validBefore is maxTimeoutSeconds (120 s) ahead.
      service.advance(30 * 60_000);
      try {
        await judge('expired authorization (clock)', payer, async () => [
          await invoke(service, 'test-echo', {}, v2Header(v2)), await invoke(service, 'test-echo', {}, v1Header(v1)),
        ], refused('payment_invalid'));
      } finally {
        service.advance(-30 * 60_000);
      }
      // The chain's clock behind the authorization's window (validAfter ahead of it, or a blockhash from its future).
      const v1Late = await payer.signV1(ch.echo.v1);
      service.advance(-30 * 60_000);
      try {
        // Base must refuse (validAfter is 10 min before signing); a Solana blockhash has no lower bound, so
        // there only the invariants apply (the sandbox serves it: paid once, answered once).
        await judge('not-yet-valid authorization (clock)', payer, async () => [await invoke(service, 'test-echo', {}, v1Header(v1Late))], net === 'base' ? refused('payment_invalid') : undefined);
      } finally {
        service.advance(30 * 60_000);
      }
    });
  }
});

describe('replay after a restart on the same data directory', () => {
  let r: Restartable;
  before(async () => {
    r = await startRestartable({ registry: fixtureRegistry() });
  });
  after(() => r?.close());

  it('payments used before the restart (served, or refused and unsettled) are refused after it', async () => {
    const ch = await loadChallenges(r.current);
    const used: { payer: AttackPayer; served: Record<string, string>; other: Record<string, string>; unsettled: Record<string, string> }[] = [];
    for (const net of NETS) {
      for (const version of VERSIONS) {
        const payer = await attackPayer(r.current, net);
        const p = await genuine(payer, ch, version);
        const q = await genuine(payer, ch, version);
        await judge('use before restart', payer, async () => [
          await invoke(r.current, 'test-echo', {}, p.headers), await invoke(r.current, 'test-echo', { value: 1 }, q.headers),
        ], served(1, 'invalid_input'));
        used.push({ payer, served: p.headers, other: p.other, unsettled: q.headers });
      }
    }
    await r.restart();
    for (const u of used) {
      // The unsettled one is still perfectly valid on chain: only the persisted claim stops it.
      await judge('replay after restart', u.payer, async () => [
        await invoke(r.current, 'test-echo', {}, u.served), await invoke(r.current, 'test-old', {}, u.other),
        await invoke(r.current, 'test-echo', {}, u.unsettled),
      ], refused('payment_replayed'));
      const fresh = await genuine(u.payer, ch, 2);
      await judge('fresh payment after restart', u.payer, async () => [await invoke(r.current, 'test-echo', {}, fresh.headers)], served(1));
    }
  });
});

/** Whether a transaction landed successfully on the sandbox chain, asked of its RPC directly. */
async function landed(target: Target, net: Net, transaction: string): Promise<boolean> {
  const url = net === 'base' ? target.sandbox!.base.url : target.sandbox!.solana.url;
  const [method, params] = net === 'base' ? ['eth_getTransactionReceipt', [transaction]] : ['getSignatureStatuses', [[transaction]]];
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const { result } = (await res.json()) as { result: { status?: string; value?: ({ err: unknown } | null)[] } | null };
  return net === 'base' ? result?.status === '0x1' : result?.value?.[0] !== null && result?.value?.[0]?.err === null;
}

type SettleMode = 'pass' | 'fail' | 'throw' | 'late';
describe('settlement that fails after the handler ran', () => {
  let mode: SettleMode = 'pass';
  const service = suiteService({
    registry: fixtureRegistry(),
    wrapFacilitator: (client: FacilitatorClient): FacilitatorClient => ({
      verify: (p, req) => client.verify(p, req),
      getSupported: () => client.getSupported(),
      settle: async (p, req) => {
        if (mode === 'throw') throw new Error('facilitator connection reset');
        if (mode === 'late') {
          await client.settle(p, req);
          throw new Error('facilitator connection reset after broadcast');
        }
        // A refusal decided before any broadcast: final, nothing looked up.
        if (mode === 'fail') return { success: false, errorReason: 'insufficient_funds', transaction: '', network: p.accepted?.network ?? req.network };
        return client.settle(p, req);
      },
    }),
  });
  let ch: Ch;
  before(async () => {
    ch = await loadChallenges(service);
  });
  after(() => {
    mode = 'pass';
  });

  for (const net of NETS) {
    for (const version of VERSIONS) {
      // 'fail': a clean refusal → 402, not charged. 'throw': the settle call threw before broadcasting, which
      // the service cannot tell from a throw after one: nothing is found on chain, so the answer is 503
      // settlement_unconfirmed (never "not charged", which it cannot know) and the payer is, in fact, not charged.
      it(`${net} v${version}: result withheld, nothing charged, the payment not reusable`, async () => {
        const payer = await attackPayer(service, net);
        for (const m of ['fail', 'throw'] as const) {
          const p = await genuine(payer, ch, version);
          mode = m;
          try {
            await judge(`settlement ${m === 'fail' ? 'refused' : 'thrown before the broadcast'} after the handler`, payer, async () => [
              await invoke(service, 'test-echo', { value: 'withheld-result' }, p.headers),
            ], (seen) => (seen.some((o) => o.text.includes('withheld-result')) ? 'the result leaked in a refusal' : m === 'fail' ? refused('payment_invalid')(seen) : unconfirmed()(seen)));
          } finally {
            mode = 'pass';
          }
          await judge('replay of a payment whose settlement failed', payer, async () => [
            await invoke(service, 'test-echo', {}, p.headers), await invoke(service, 'test-old', {}, p.other),
          ], refused('payment_replayed'));
        }
      });
    }
  }

  // The facilitator broadcasts the transfer, then its answer is lost (mode 'late': settle ran, then threw).
  // The gate looks the transfer up on chain (src/payments/settlement-lookup*.ts): found → the call is
  // settled, the payer gets the data and a receipt naming that transaction, charged exactly once, and
  // the claim is `delivered`. The throw-before-broadcast case ('throw' above) stays withheld and unpaid.
  for (const net of NETS) {
    for (const version of VERSIONS) {
      it(`${net} v${version}: a settlement whose answer is lost after the broadcast → data delivered, charged once, claim settled`, async (t) => {
        const payer = await attackPayer(service, net);
        const signed = version === 2 ? await payer.signV2(ch.echo.v2) : await payer.signV1(ch.echo.v1);
        const headers = version === 2 ? v2Header(signed as PaymentPayload) : v1Header(signed as PaymentPayloadV1);
        const key = paymentIdentity(version === 2 ? (signed as PaymentPayload).accepted.network : net, signed.payload).key;
        let receipt: SettleResponse | undefined;
        mode = 'late';
        const started = Date.now();
        try {
          await judge('settlement answer lost after the broadcast', payer, async () => {
            const res = await invoke(service, 'test-echo', { value: 'delivered-result' }, headers);
            const header = res.headers.get('payment-response');
            if (header) receipt = decodePaymentResponseHeader(header);
            return [res];
          }, (seen) => (served(1)(seen) ?? (seen[0]!.text.includes('delivered-result') ? undefined : 'the data is missing from the answer')));
        } finally {
          mode = 'pass';
        }
        t.diagnostic(`${net} v${version}: recovered in ${Date.now() - started} ms, transaction ${receipt?.transaction}`);
        assert.equal(receipt?.success, true);
        assert.ok(receipt?.transaction, 'the receipt names the settling transaction');
        assert.equal(await landed(service, net, receipt.transaction), true, `${receipt.transaction} is not a successful transaction on chain`);
        // Recorded after the answer went out, so it may land a moment after the response.
        const claim = await until(async () => {
          const c = await service.store.getClaim(key);
          return c?.status !== 'claimed' && c;
        });
        assert.equal(claim.status, 'delivered', `claim ${claim.status}: ${claim.reason ?? ''}`);
        assert.equal(claim?.transaction, receipt?.transaction);
        await judge('replay of a payment recovered on chain', payer, async () => [await invoke(service, 'test-echo', {}, headers)], refused('payment_replayed'));
      });
    }
  }
});

it('attack tally: wrong outcomes 0', (t) => {
  for (const [kind, n] of [...ledger.tried].sort()) t.diagnostic(`${kind}: ${n}`);
  t.diagnostic(`attacks tried: ${ledger.total()} (${ledger.tried.size} kinds, ${ledger.requests} requests)`);
  t.diagnostic(`wrong outcomes: ${ledger.wrong.length}`);
  for (const w of ledger.wrong) t.diagnostic(`WRONG ${w}`);
  assert.ok(ledger.total() >= 240, `attacks tried ${ledger.total()}`);
  assert.equal(ledger.wrong.length, 0);
});
