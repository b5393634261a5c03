/**
 * Our EVM exact scheme (src/payments/facilitator/evm-exact.ts) against the official @x402/evm one: the same
 * verify answer and the same settle outcome for a matrix of valid and invalid payments, v2 and v1, on the
 * sandbox Base chain; and the direct EIP-3009 digest (src/lib/eip3009-digest.ts) equal to viem's hashTypedData.
 * The official facilitator settles from its own account so the two never share a nonce.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { authorizationTypes } from '@x402/evm';
import { hashTypedData, keccak256, serializeErc6492Signature, stringToHex, toHex, type Address, type Hex, type PrivateKeyAccount } from 'viem';
import { eip3009Digest } from '../../src/lib/eip3009-digest.js';
import {
  createEvmFacilitator, registerEvmSchemes, registerOfficialEvmSchemes, SANDBOX_FACILITATOR_PRIVATE_KEY,
} from '../../src/payments/facilitator/evm.js';
import { FastExactEvmScheme } from '../../src/payments/facilitator/evm-exact.js';
import { batchingRpc, EvmSender } from '../../src/payments/facilitator/evm-sender.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { BASE_USDC, newEvmPayer, sandboxUsdcBalance } from '../helpers/evm-payer.js';

const RESOURCE = { url: 'https://api.example.test/x', description: 'test', mimeType: 'application/json' };
const OFFICIAL_KEY = keccak256(stringToHex('evm-exact.test/official-facilitator'));
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

let sandbox: BaseSandbox;
let ours: x402Facilitator;
let official: x402Facilitator;

before(async () => {
  sandbox = await startBaseSandbox();
  ours = registerEvmSchemes(new x402Facilitator(), createEvmFacilitator(sandbox.url, SANDBOX_FACILITATOR_PRIVATE_KEY, { pollingIntervalMs: 20 }));
  official = registerOfficialEvmSchemes(new x402Facilitator(), createEvmFacilitator(sandbox.url, OFFICIAL_KEY, { pollingIntervalMs: 20 }).signer);
});
after(() => sandbox.close());

interface Auth { from: Address; to: Address; value: string; validAfter: string; validBefore: string; nonce: Hex }

const now = () => Math.floor(Date.now() / 1000);
const randomNonce = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(32)));

/** An EIP-3009 authorization signed directly (any field can be set, unlike through the client). */
async function signed(signer: PrivateKeyAccount, auth: Partial<Auth> & { to: Address }, domain = { name: 'USD Coin', version: '2' }): Promise<{ authorization: Auth; signature: Hex }> {
  const a: Auth = { from: signer.address, value: '2000', validAfter: String(now() - 600), validBefore: String(now() + 300), nonce: randomNonce(), ...auth };
  const signature = await signer.signTypedData({
    domain: { ...domain, chainId: 8453, verifyingContract: BASE_USDC }, types: authorizationTypes, primaryType: 'TransferWithAuthorization',
    message: { ...a, value: BigInt(a.value), validAfter: BigInt(a.validAfter), validBefore: BigInt(a.validBefore) },
  });
  return { authorization: a, signature };
}

function requirements(payTo: Address, over: Partial<PaymentRequirements> = {}): PaymentRequirements {
  return { scheme: 'exact', network: 'eip155:8453', asset: BASE_USDC, amount: '2000', payTo, maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2' }, ...over };
}

function v2(accepted: PaymentRequirements, payload: Record<string, unknown>): PaymentPayload {
  return { x402Version: 2, resource: RESOURCE, accepted, payload };
}

function v1(req: PaymentRequirements, payload: Record<string, unknown>, network = 'base'): { payload: PaymentPayload; req: PaymentRequirements } {
  const reqV1 = {
    scheme: req.scheme, network: 'base', maxAmountRequired: req.amount, resource: RESOURCE.url, description: 'test', mimeType: 'application/json',
    payTo: req.payTo, maxTimeoutSeconds: 60, asset: req.asset, extra: req.extra,
  };
  return { payload: { x402Version: 1, scheme: 'exact', network, payload } as unknown as PaymentPayload, req: reqV1 as unknown as PaymentRequirements };
}

/** The outcome of a call, thrown errors included (the two must throw alike too). */
async function outcome<T>(call: () => Promise<T>): Promise<T | { threw: string }> {
  try {
    return await call();
  } catch (err) {
    return { threw: err instanceof Error ? err.constructor.name : String(err) };
  }
}

/** The answer's fields that must agree; the payer is compared with the payload's own `from` (valid cases use two payers). */
function verdict(r: unknown, p: PaymentPayload) {
  if (!r || typeof r !== 'object' || !('isValid' in r)) return r;
  const v = r as { isValid: boolean; invalidReason?: string; payer?: string };
  return { isValid: v.isValid, invalidReason: v.invalidReason, payerIsFrom: v.payer === (p.payload.authorization as Auth | undefined)?.from };
}
function settleShape(r: unknown, p: PaymentPayload) {
  if (!r || typeof r !== 'object' || !('success' in r)) return r;
  const v = r as { success: boolean; errorReason?: string; payer?: string; network?: string };
  // v1 puts the whole viem error in errorReason (with the payer's args and the facilitator's address): its first line.
  return { success: v.success, errorReason: v.errorReason?.split('\n')[0], network: v.network, payerIsFrom: v.payer === (p.payload.authorization as Auth | undefined)?.from };
}

describe('EIP-3009 digest', () => {
  it('equals viem hashTypedData on random messages and domains', () => {
    for (let i = 0; i < 300; i++) {
      const rnd = (bytes: number) => BigInt(toHex(crypto.getRandomValues(new Uint8Array(bytes))));
      const domain = { name: `Token ${i}`, version: String(i % 3), chainId: [1, 8453, 84532][i % 3]!, verifyingContract: newEvmPayer().address };
      const message = { from: newEvmPayer().address, to: newEvmPayer().address, value: rnd(1 + (i % 32)), validAfter: rnd(1 + (i % 8)), validBefore: rnd(1 + (i % 8)), nonce: randomNonce() };
      const expected = hashTypedData({ domain, types: authorizationTypes, primaryType: 'TransferWithAuthorization', message });
      const got = eip3009Digest({ name: domain.name, version: domain.version, chainId: domain.chainId, token: domain.verifyingContract },
        { ...message, from: i % 2 ? message.from.toLowerCase() : message.from, value: message.value.toString(), validAfter: message.validAfter.toString(), validBefore: message.validBefore.toString() });
      assert.equal(got, expected);
    }
  });

  it('leaves shapes it does not cover to the official scheme (null)', () => {
    const d = { name: 'USD Coin', version: '2', chainId: 8453, token: BASE_USDC };
    const a = { from: newEvmPayer().address, to: newEvmPayer().address, value: '1', validAfter: '0', validBefore: '9', nonce: randomNonce() };
    for (const bad of [{ value: '0x10' }, { value: ' 1' }, { value: (1n << 256n).toString() }, { nonce: '0x12' }, { from: '0x123' }, { to: a.to.replace(/[a-f]/, 'A') }]) {
      assert.equal(eip3009Digest(d, { ...a, ...bad }), null, JSON.stringify(bad));
    }
  });
});

describe('exact EVM scheme: ours answers as the official one', () => {
  /** Each case builds a fresh (payload, requirements) per call, so valid ones can settle once per facilitator. */
  type Case = { name: string; make: () => Promise<{ payload: PaymentPayload; req: PaymentRequirements }>; settles: boolean };
  const payTo = newEvmPayer().address;
  const other = newEvmPayer();
  const plain = async (over: Partial<Auth> = {}, reqOver: Partial<PaymentRequirements> = {}, signer = newEvmPayer()) => {
    const req = requirements(payTo, reqOver);
    return { payload: v2(req, await signed(signer, { to: payTo, ...over })), req };
  };
  const resign = async (mutate: (sig: Hex) => Hex) => {
    const { payload, req } = await plain();
    return { payload: { ...payload, payload: { ...payload.payload, signature: mutate(payload.payload.signature as Hex) } }, req };
  };
  const cases: Case[] = [
    { name: 'valid', make: () => plain(), settles: true },
    { name: 'signed by someone else', make: async () => { const p = await plain(); const s = await signed(other, { ...(p.payload.payload.authorization as Auth) }); return { ...p, payload: { ...p.payload, payload: { ...p.payload.payload, signature: s.signature } } }; }, settles: false },
    { name: 'tampered r', make: () => resign((s) => `0x${(BigInt(s.slice(0, 66)) ^ 1n).toString(16).padStart(64, '0')}${s.slice(66)}` as Hex), settles: false },
    { name: 'v = 29', make: () => resign((s) => `${s.slice(0, 130)}1d` as Hex), settles: false },
    { name: 'v as 0/1', make: () => resign((s) => `${s.slice(0, 130)}${s.endsWith('1b') ? '00' : '01'}` as Hex), settles: false },
    { name: 'high s (malleated)', make: () => resign((s) => `${s.slice(0, 66)}${(N - BigInt(`0x${s.slice(66, 130)}`)).toString(16).padStart(64, '0')}${s.endsWith('1b') ? '1c' : '1b'}` as Hex), settles: false },
    { name: 'recipient mismatch', make: () => plain({ to: other.address }), settles: false },
    { name: 'value mismatch', make: () => plain({}, { amount: '3000' }), settles: false },
    { name: 'valid before too soon', make: () => plain({ validBefore: String(now() + 3) }), settles: false },
    { name: 'valid after in the future', make: () => plain({ validAfter: String(now() + 100) }), settles: false },
    { name: 'wrong scheme', make: () => plain({}, { scheme: 'upto' }), settles: false },
    { name: 'missing EIP-712 domain', make: () => plain({}, { extra: {} }), settles: false },
    { name: 'network mismatch', make: async () => { const p = await plain(); return { ...p, payload: { ...p.payload, accepted: { ...p.req, network: 'eip155:1' } } }; }, settles: false },
    { name: 'token name mismatch (signed for it)', make: async () => { const req = requirements(payTo, { extra: { name: 'USDC', version: '2' } }); return { payload: v2(req, await signed(newEvmPayer(), { to: payTo }, { name: 'USDC', version: '2' })), req }; }, settles: false },
    { name: 'insufficient balance', make: () => plain({ value: '200000000' }, { amount: '200000000' }), settles: false },
    // Accepted by the official scheme (BigInt reads hex); ours hands the shape over to it and agrees.
    { name: 'hex value', make: () => plain({ value: '0x7d0' }), settles: true },
    { name: 'payer with code (the token itself)', make: async () => { const p = await plain(); const a = { ...(p.payload.payload.authorization as Auth), from: BASE_USDC }; return { ...p, payload: { ...p.payload, payload: { ...p.payload.payload, authorization: a } } }; }, settles: false },
    { name: 'ERC-6492 wrapped', make: async () => { const p = await plain(); return { ...p, payload: { ...p.payload, payload: { ...p.payload.payload, signature: serializeErc6492Signature({ address: other.address, data: '0x1234', signature: p.payload.payload.signature as Hex }) } } }; }, settles: false },
    { name: 'v1 valid', make: async () => { const p = await plain(); return v1(p.req, p.payload.payload); }, settles: true },
    { name: 'v1 value mismatch', make: async () => { const p = await plain({}, { amount: '2500' }); return v1(p.req, p.payload.payload); }, settles: false },
    { name: 'v1 expired', make: async () => { const p = await plain({ validBefore: String(now() + 2) }); return v1(p.req, p.payload.payload); }, settles: false },
    { name: 'v1 unknown network name', make: async () => { const p = await plain(); return v1(p.req, p.payload.payload, 'base-sepolia'); }, settles: false },
  ];

  for (const c of cases) {
    it(`${c.name}: same verify answer and settle outcome`, async () => {
      const mine = await c.make();
      const theirs = c.settles ? await c.make() : mine;
      const [a, b] = [await outcome(() => ours.verify(mine.payload, mine.req)), await outcome(() => official.verify(theirs.payload, theirs.req))];
      assert.deepEqual(verdict(a, mine.payload), verdict(b, theirs.payload), 'verify');
      if (!c.settles) assert.notEqual((a as { isValid?: boolean }).isValid, true, 'an invalid case must not verify');
      const before = await sandboxUsdcBalance(sandbox.url, payTo);
      const [s, t] = [await outcome(() => ours.settle(mine.payload, mine.req)), await outcome(() => official.settle(theirs.payload, theirs.req))];
      assert.deepEqual(settleShape(s, mine.payload), settleShape(t, theirs.payload), 'settle');
      const moved = (await sandboxUsdcBalance(sandbox.url, payTo)) - before;
      assert.equal(moved, c.settles ? 4000n : 0n, 'each valid payment settles exactly once per facilitator; invalid ones never move funds');
      if (c.settles) {
        // The same payment again: refused alike, nothing moves.
        const [r1, r2] = [await outcome(() => ours.settle(mine.payload, mine.req)), await outcome(() => official.settle(theirs.payload, theirs.req))];
        assert.deepEqual(settleShape(r1, mine.payload), settleShape(r2, theirs.payload), 'replayed settle');
        assert.equal((r1 as { success?: boolean }).success, false);
        const [v3, v4] = [await outcome(() => ours.verify(mine.payload, mine.req)), await outcome(() => official.verify(theirs.payload, theirs.req))];
        assert.deepEqual(verdict(v3, mine.payload), verdict(v4, theirs.payload), 'verify after settlement');
        assert.equal(await sandboxUsdcBalance(sandbox.url, payTo) - before, 4000n);
      }
    });
  }

  it('a verification vouches only for the content it checked: settling under another EIP-712 domain is judged afresh', async () => {
    const results = [];
    for (const facilitator of [ours, official]) {
      const { payload, req } = await plain();
      assert.equal((await facilitator.verify(payload, req)).isValid, true);
      const other = { ...req, extra: { name: 'USD Coin', version: '3' } };
      results.push(settleShape(await facilitator.settle({ ...payload, accepted: other }, other), payload));
    }
    assert.deepEqual(results[0], results[1]);
    assert.deepEqual(results[0], { success: false, errorReason: 'invalid_exact_evm_signature', network: 'eip155:8453', payerIsFrom: true });
  });

  it('a paid call costs 4 JSON-RPC requests: code + simulation (verify), broadcast + receipt (settle)', async () => {
    const methods: string[] = [];
    const inner = batchingRpc(sandbox.url);
    const rpc = (method: string, params: unknown[]) => { methods.push(method); return inner(method, params); };
    const key = keccak256(stringToHex('evm-exact.test/counting'));
    const scheme = new FastExactEvmScheme({
      rpc, sender: new EvmSender(rpc, key, 8453, { confirmationTimeoutMs: 5_000, pollingIntervalMs: 20 }),
      signer: createEvmFacilitator(sandbox.url, key).signer,
    });
    for (let i = 0; i < 2; i++) {
      methods.length = 0;
      const { payload, req } = await plain();
      assert.equal((await scheme.verify(payload, req)).isValid, true);
      assert.equal((await scheme.settle(payload, req)).success, true);
    }
    // The second call: the nonce is counted locally; fees are re-read at most once a second (a slow machine may
    // cross that second, so they are not part of the count).
    const fees = new Set(['eth_getBlockByNumber', 'eth_maxPriorityFeePerGas']);
    assert.deepEqual(methods.filter((m) => !fees.has(m)), ['eth_getCode', 'eth_estimateGas', 'eth_sendRawTransaction', 'eth_getTransactionReceipt']);
  });

  it('settles concurrent payments with distinct nonces from one account (local nonce counter)', async () => {
    const payments = await Promise.all(Array.from({ length: 20 }, () => plain()));
    const results = await Promise.all(payments.map(async (p) => { await ours.verify(p.payload, p.req); return ours.settle(p.payload, p.req); }));
    assert.deepEqual(results.map((r) => r.success), results.map(() => true), JSON.stringify(results.find((r) => !r.success)));
    assert.equal(new Set(results.map((r) => r.transaction)).size, 20);
  });
});
