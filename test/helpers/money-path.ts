/**
 * What the money-path tests share (test/payments/money-path*.test.ts): a facilitator wrapper whose settle
 * can lose its answer, answer `settlement_pending`, hide the transfer from the chain's reads, or wait for
 * the test; a call whose connection the test can cut; balances of payer, payee and fee payer.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { appendPaymentIdentifierToExtensions } from '@x402/extensions/payment-identifier';
import { paymentIdentity } from '../../src/payments/idempotency.js';
import type { StoredClaim } from '../../src/store/types.js';
import { until } from './measured.js';
import type { PayNetwork, Payer } from './payers.js';
import type { TestService } from './service.js';

export const NETWORKS: PayNetwork[] = ['solana', 'base'];
export const PRICE = 2000n; // test-echo, test-held: 0.002 USDC

/** How the facilitator's settle behaves for the next settlement. */
export type SettleMode =
  | 'pass'
  /** Settles, then throws: the broadcast happened, the answer was lost. */
  | 'lost'
  /** Settles, then answers `success:false` with a reason that does not say nothing moved (`settlement_pending`). */
  | 'pending'
  /** Settles, then answers `settlement_pending` while the chain's confirmation reads fail: the lookup cannot see it. */
  | 'unseen'
  /** Waits for `releaseSettle()` before settling (a settlement that takes a while). */
  | 'held';

export interface Harness {
  service: TestService;
  mode: SettleMode;
  settles: number;
  verifies: number;
  releaseSettle?: () => void;
  settleStarted?: () => void;
}

export function wrapped(h: Harness): (client: FacilitatorClient) => FacilitatorClient {
  return (client) => ({
    verify: async (p, r) => {
      h.verifies++;
      return client.verify(p, r);
    },
    getSupported: () => client.getSupported(),
    settle: async (p, r) => {
      h.settles++;
      const mode = h.mode;
      if (mode === 'held') {
        await new Promise<void>((resolve) => {
          h.releaseSettle = resolve;
          h.settleStarted?.();
        });
      }
      const settled = await client.settle(p, r);
      if (mode === 'lost') throw new Error('connect ECONNRESET 10.0.0.7:8899 (secret-node)');
      if (mode === 'pending' || mode === 'unseen') {
        if (mode === 'unseen') blindChain(h.service, r.network);
        return { success: false, errorReason: 'settlement_pending', transaction: settled.transaction, network: settled.network };
      }
      return settled;
    },
  });
}

/** Makes the chain's confirmation reads fail (the settlement lookup then cannot see the transfer). */
export function blindChain(service: TestService, network: string): void {
  if (network.startsWith('solana:')) service.sandbox!.solana.faults!.set({ statusReadFailures: { count: 1_000 } });
  else service.sandbox!.base.faults!.set({ receiptReadFailures: { count: 1_000 } });
}

export function unblindChains(service: TestService): void {
  service.sandbox!.solana.faults!.clear();
  service.sandbox!.base.faults!.clear();
}

export interface Balances {
  payer: bigint;
  payee: bigint;
  /** Solana: the facilitator's fee payer's lamports; Base: 0 (gas is the facilitator's ETH, not asserted). */
  feePayer: bigint;
}

export async function solanaLamports(service: TestService, address: string): Promise<bigint> {
  const res = await fetch(service.sandbox!.solana.url, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  });
  const body = (await res.json()) as { result: { value: number } };
  return BigInt(body.result.value);
}

export async function challengeFor(service: TestService, key: string, body: unknown): Promise<PaymentRequired> {
  const res = await service.invoke(key, body);
  assert.equal(res.status, 402);
  return decodePaymentRequiredHeader(res.headers.get('payment-required')!);
}

export function feePayerOf(challenge: PaymentRequired): string {
  const option = challenge.accepts.find((a) => a.network.startsWith('solana:'));
  return String((option?.extra as { feePayer?: string } | undefined)?.feePayer);
}

export async function balancesOf(service: TestService, payer: Payer, feePayer: string): Promise<Balances> {
  return {
    payer: await payer.balance(),
    payee: await payer.operatorBalance(),
    feePayer: payer.network === 'solana' ? await solanaLamports(service, feePayer) : 0n,
  };
}

/** A v2 payment for one network of `challenge`, optionally carrying a payment identifier. */
export async function sign(payer: Payer, challenge: PaymentRequired, paymentId?: string): Promise<PaymentPayload> {
  const copy = structuredClone(challenge);
  copy.accepts = copy.accepts.filter((a) => a.network.startsWith(payer.network === 'base' ? 'eip155:' : 'solana:'));
  if (paymentId) copy.extensions = appendPaymentIdentifierToExtensions(copy.extensions ?? {}, paymentId);
  return payer.client.createPaymentPayload(copy);
}

export const header = (payload: PaymentPayload) => ({ 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) });
export const keyOf = (payload: PaymentPayload) => paymentIdentity(payload.accepted.network, payload.payload).key;

export async function codeOf(res: Response): Promise<{ code: string; reason?: string; text: string }> {
  const text = await res.text();
  const body = JSON.parse(text) as { error: string | { code: string }; reason?: string };
  return { code: typeof body.error === 'string' ? body.error : body.error.code, ...(body.reason ? { reason: body.reason } : {}), text };
}

/** The claim once the call's bookkeeping is written (it is written after the answer goes out). */
export async function settledClaim(service: TestService, key: string): Promise<StoredClaim> {
  return until(async () => {
    const claim = await service.store.getClaim(key);
    return claim && claim.status !== 'claimed' ? claim : undefined;
  });
}

/**
 * A paid call on its own connection, which the test can cut: `hangUp()` destroys the client's socket and
 * resolves once the server has seen its side close (so the service knows its caller is gone before the
 * test lets the call go on). Over a fresh connection, never a pooled one.
 */
export function cuttableCall(service: TestService, key: string, headers: Record<string, string>, body: unknown): { hangUp(): Promise<void> } {
  const serverSide = new Promise<Socket>((resolve) => service.app.server.once('connection', resolve));
  const url = new URL(`${service.url}/entrypoints/${key}/invoke`);
  const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } });
  req.on('error', () => undefined); // the hang-up is the point
  req.end(JSON.stringify(body));
  return {
    async hangUp() {
      const socket = await serverSide;
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      req.destroy();
      await closed;
    },
  };
}

/** The price moved from payer to payee exactly `times` times, and the fee payer paid exactly one fee per charge at most. */
export function assertCharged(before: Balances, afterwards: Balances, times: bigint, what: string): void {
  assert.equal(before.payer - afterwards.payer, PRICE * times, `${what}: payer`);
  assert.equal(afterwards.payee - before.payee, PRICE * times, `${what}: payee`);
  if (times === 0n) assert.equal(afterwards.feePayer, before.feePayer, `${what}: the fee payer spent nothing`);
}
