/**
 * Settlements whose confirmation reads fail (src/payments/facilitator/svm-exact-chain.ts, evm-sender.ts,
 * settle-outcome.ts), through createLocalFacilitatorClient against the sandbox chains behind a proxy that fails
 * chosen JSON-RPC calls (test/helpers/failing-rpc-proxy.ts):
 * - failed status / receipt reads (HTTP 500, JSON-RPC errors, reads that never answer) only cost a poll: two
 *   concurrent settlements both settle (the defect: one failed Solana status poll rejected every waiting settle);
 * - reads failing until the bound: the answer is SETTLEMENT_UNCONFIRMED with the transaction, while the chain shows
 *   the transfer happened — never a reason that reads like "nothing happened" — on the fast paths and on the
 *   official fallback, v2 and v1; a v2 retry confirms the same transaction;
 * - a broadcast whose answer was lost is followed, not reported as failed; a reverted receipt keeps its reason;
 * - settleReasonMeansNothingMoved on every reason string the official packages define (read from node_modules).
 *
 * Bounds are small (confirmation options, not env); no verdict depends on how long anything took.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address as SolanaAddress,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';
import { x402Client } from '@x402/core/client';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { authorizationTypes } from '@x402/evm';
import { ExactSvmScheme as ExactSvmServerScheme } from '@x402/svm/exact/server';
import { keccak256, stringToHex, toHex, type Address, type Hex, type PrivateKeyAccount } from 'viem';
import { createPaymentHeader } from 'x402/client';
import {
  createLocalFacilitatorClient, ERR_FEE_TOO_HIGH, SETTLEMENT_UNCONFIRMED, settleReasonMeansNothingMoved,
} from '../../src/payments/facilitator/index.js';
import { REASONS } from '../../src/payments/facilitator/evm-exact-checks.js';
import { SVM_V1_NETWORK, SVM_V2_NETWORK, svmFeePayerAddress } from '../../src/payments/facilitator/svm.js';
import { CODES_V1, CODES_V2 } from '../../src/payments/facilitator/svm-exact-verify.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { deriveAta } from '../../src/sandbox/solana/accounts.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import { BASE_USDC, newEvmPayer } from '../helpers/evm-payer.js';
import { startFailingRpcProxy, type FailingRpcProxy, type FailureMode } from '../helpers/failing-rpc-proxy.js';
import { newSvmPayer, registerSvmPayer, v1SvmConfig } from '../helpers/svm-payer.js';

const SEED = new Uint8Array(32).fill(29);
const RESOURCE = { url: 'http://127.0.0.1/v1/test', description: 'test', mimeType: 'application/json' };
const STATUS = 'getSignatureStatuses';
const RECEIPT = 'eth_getTransactionReceipt';
/** A bound no healthy settle here comes near; the failing-read cases use SHORT. */
const LONG = 60_000;
const SHORT = 300;

let solana: SolanaSandbox;
let base: BaseSandbox;
let feePayer: string;
const proxies: FailingRpcProxy[] = [];
let rigs = 0;

const consoleError = console.error;
before(async () => {
  console.error = () => undefined; // the official fallback logs failed confirmations
  [solana, base] = await Promise.all([startSolanaSandbox(), startBaseSandbox()]);
  feePayer = await svmFeePayerAddress(SEED);
});
after(async () => {
  console.error = consoleError;
  await Promise.all(proxies.map((p) => p.close()));
  await Promise.all([solana.close(), base.close()]);
});

interface Rig { client: FacilitatorClient; solana: FailingRpcProxy; base: FailingRpcProxy }

/** A facilitator talking to both chains through fresh failing proxies; its own EVM key, so no two share a nonce. */
async function rig(maxWaitMs: number): Promise<Rig> {
  const [sp, bp] = await Promise.all([startFailingRpcProxy(solana.url), startFailingRpcProxy(base.url)]);
  proxies.push(sp, bp);
  const client = await createLocalFacilitatorClient({
    solanaRpcUrl: sp.url, baseRpcUrl: bp.url, svmSecretKey: SEED,
    evmPrivateKey: keccak256(stringToHex(`facilitator-confirmation.test/${rigs++}`)),
    confirmation: { maxWaitMs, pollIntervalMs: 20 },
  });
  return { client, solana: sp, base: bp };
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: T }).result;
}

/** Read from the sandbox itself, past the proxy: what the chain says happened. */
async function solanaStatus(signature: string): Promise<{ confirmationStatus?: string; err?: unknown } | null> {
  return (await rpc<{ value: ({ confirmationStatus?: string; err?: unknown } | null)[] }>(solana.url, STATUS, [[signature]])).value[0] ?? null;
}
async function baseReceiptStatus(hash: string): Promise<string | undefined> {
  return (await rpc<{ status?: string } | null>(base.url, RECEIPT, [hash]))?.status;
}

/** The answer says the outcome is unknown, names the transaction, and does not read like "nothing happened". */
function assertUnconfirmed(answer: SettleResponse): void {
  assert.equal(answer.success, false);
  assert.equal(answer.errorReason, SETTLEMENT_UNCONFIRMED, JSON.stringify(answer));
  assert.ok(answer.transaction, 'the transaction is named');
  assert.equal(settleReasonMeansNothingMoved(answer.errorReason!), false);
}

// ---- Solana payments ----------------------------------------------------------------------------

async function svmRequirements(payTo: string): Promise<PaymentRequirements> {
  const server = new ExactSvmServerScheme();
  const parsed = await server.parsePrice('$0.002', SVM_V2_NETWORK);
  return server.enhancePaymentRequirements(
    { scheme: 'exact', network: SVM_V2_NETWORK, payTo, maxTimeoutSeconds: 60, ...parsed, extra: parsed.extra ?? {} },
    { x402Version: 2, scheme: 'exact', network: SVM_V2_NETWORK, extra: { feePayer } },
    [],
  );
}

async function svmPayment(payer: KeyPairSigner, requirements: PaymentRequirements): Promise<PaymentPayload> {
  return registerSvmPayer(new x402Client(), payer, solana.url).createPaymentPayload({ x402Version: 2, resource: RESOURCE, accepts: [requirements] });
}

/** A payment our reader leaves to the official scheme behind ours: its base64 without the padding (kit reads it). */
async function svmFallbackPayment(payer: KeyPairSigner, requirements: PaymentRequirements): Promise<PaymentPayload> {
  const payload = await svmPayment(payer, requirements);
  const tx = payload.payload.transaction as string;
  assert.ok(tx.endsWith('='), "the v2 client's transactions need padding");
  return { ...payload, payload: { transaction: tx.replace(/=+$/, '') } };
}

function svmV1Requirements(payTo: string): PaymentRequirements {
  return {
    scheme: 'exact', network: SVM_V1_NETWORK, maxAmountRequired: '2000', resource: RESOURCE.url, description: 'test', mimeType: 'application/json',
    payTo, maxTimeoutSeconds: 60, asset: solana.usdcMint, extra: { feePayer },
  } as unknown as PaymentRequirements;
}

async function svmV1Payment(payer: KeyPairSigner, requirements: PaymentRequirements): Promise<PaymentPayload> {
  const header = await createPaymentHeader(payer, 1, requirements as unknown as Parameters<typeof createPaymentHeader>[2], v1SvmConfig(solana.url));
  return JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentPayload;
}

/**
 * A v1 payment for our reader to leave to the official v1 scheme: the client's layout plus a memo whose length makes
 * the base64 need padding, sent without it (the v1 client's own transactions never need any).
 */
async function svmV1FallbackPayment(payer: KeyPairSigner, payTo: string): Promise<PaymentPayload> {
  const { value } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(solana.url, 'getLatestBlockhash', []);
  const lifetime = { blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) };
  const data = (bytes: number[], n: bigint, size: 4 | 8) => { const b = Buffer.alloc(1 + size); b[0] = bytes[0]!; if (size === 4) b.writeUInt32LE(Number(n), 1); else b.writeBigUInt64LE(n, 1); return b; };
  const ix = (program: string, bytes: Uint8Array, accounts: { address: string; role: AccountRole }[] = []) =>
    ({ programAddress: program as SolanaAddress, accounts: accounts.map((a) => ({ ...a, address: a.address as SolanaAddress })), data: bytes });
  const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
  const transfer = ix(TOKEN, Buffer.concat([data([12], 2000n, 8), Buffer.from([6])]), [
    { address: deriveAta(payer.address, solana.usdcMint, TOKEN), role: AccountRole.WRITABLE },
    { address: solana.usdcMint, role: AccountRole.READONLY },
    { address: deriveAta(payTo, solana.usdcMint, TOKEN), role: AccountRole.WRITABLE },
    { address: payer.address, role: AccountRole.READONLY_SIGNER },
  ]);
  for (let memo = 'm'; ; memo += 'm') {
    const compiled = compileTransaction(pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer as SolanaAddress, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions([
        ix('ComputeBudget111111111111111111111111111111', data([2], 20_000n, 4)),
        ix('ComputeBudget111111111111111111111111111111', data([3], 1n, 8)),
        transfer,
        ix('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', Buffer.from(memo)),
      ], m),
    ));
    const tx = getBase64EncodedWireTransaction(await partiallySignTransaction([payer.keyPair], compiled));
    if (tx.endsWith('=')) return { x402Version: 1, scheme: 'exact', network: SVM_V1_NETWORK, payload: { transaction: tx.replace(/=+$/, '') } } as unknown as PaymentPayload;
  }
}

// ---- Base payments ------------------------------------------------------------------------------

function evmRequirements(payTo: Address): PaymentRequirements {
  return { scheme: 'exact', network: 'eip155:8453', asset: BASE_USDC, amount: '2000', payTo, maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2' } };
}

/** A signed EIP-3009 authorization for the requirements (`value` as given: a hex one goes to the official scheme). */
async function evmPayment(requirements: PaymentRequirements, payer: PrivateKeyAccount = newEvmPayer(), value = requirements.amount): Promise<PaymentPayload> {
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: payer.address, to: requirements.payTo as Address, value, validAfter: String(now - 600), validBefore: String(now + 300),
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await payer.signTypedData({
    domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: BASE_USDC }, types: authorizationTypes, primaryType: 'TransferWithAuthorization',
    message: { ...authorization, value: BigInt(value), validAfter: BigInt(authorization.validAfter), validBefore: BigInt(authorization.validBefore), nonce: authorization.nonce as Hex },
  });
  return { x402Version: 2, resource: RESOURCE, accepted: requirements, payload: { authorization, signature } };
}

function evmV1(requirements: PaymentRequirements, payload: PaymentPayload): { payload: PaymentPayload; requirements: PaymentRequirements } {
  const r = {
    scheme: 'exact', network: 'base', maxAmountRequired: requirements.amount, resource: RESOURCE.url, description: 'test', mimeType: 'application/json',
    payTo: requirements.payTo, maxTimeoutSeconds: 60, asset: requirements.asset, extra: requirements.extra,
  };
  return { payload: { x402Version: 1, scheme: 'exact', network: 'base', payload: payload.payload } as unknown as PaymentPayload, requirements: r as unknown as PaymentRequirements };
}

// ---- the cases ----------------------------------------------------------------------------------

const MODES: FailureMode[] = ['http-500', 'rpc-error', 'hang'];

describe('Solana: failed status reads only cost a poll', () => {
  for (const mode of MODES) {
    test(`two concurrent settlements both settle while the first 3 status reads fail (${mode})`, async () => {
      const { client, solana: proxy } = await rig(LONG);
      const payTo = (await newSvmPayer()).address;
      const requirements = await svmRequirements(payTo);
      const payments = [await svmPayment(await newSvmPayer(), requirements), await svmPayment(await newSvmPayer(), requirements)];
      for (const p of payments) assert.equal((await client.verify(p, requirements)).isValid, true);
      const before = solana.usdcBalance(payTo);
      proxy.fail(STATUS, 3, mode);
      const settled = await Promise.all(payments.map((p) => client.settle(p, requirements)));
      assert.deepEqual(settled.map((s) => [s.success, s.errorReason]), [[true, undefined], [true, undefined]]);
      assert.equal(proxy.failed(STATUS), 3, 'the reads did fail');
      assert.equal(solana.usdcBalance(payTo) - before, 4000n, "the payee's balance rose by both amounts");
    });
  }

  test('a send whose answer was lost is followed by its signature, and settles', async () => {
    const { client, solana: proxy } = await rig(LONG);
    const payTo = (await newSvmPayer()).address;
    const requirements = await svmRequirements(payTo);
    const payment = await svmPayment(await newSvmPayer(), requirements);
    assert.equal((await client.verify(payment, requirements)).isValid, true);
    proxy.fail('sendTransaction', 1, 'lost-answer');
    const settled = await client.settle(payment, requirements);
    assert.equal(proxy.failed('sendTransaction'), 1);
    assert.equal(settled.success, true, settled.errorReason);
    assert.equal((await solanaStatus(settled.transaction))?.confirmationStatus, 'confirmed');
    assert.equal(solana.usdcBalance(payTo), 2000n);
  });
});

describe('Solana: status reads failing past the bound', () => {
  test('v2: settlement_unconfirmed while the chain shows the transfer; a retry confirms the same transaction', async () => {
    const { client, solana: proxy } = await rig(SHORT);
    const payTo = (await newSvmPayer()).address;
    const requirements = await svmRequirements(payTo);
    const payment = await svmPayment(await newSvmPayer(), requirements);
    assert.equal((await client.verify(payment, requirements)).isValid, true);
    proxy.fail(STATUS, Infinity, 'http-500');
    const settled = await client.settle(payment, requirements);
    assertUnconfirmed(settled);
    assert.ok(proxy.failed(STATUS) >= 2, 'polled again after the first failure');
    assert.equal((await solanaStatus(settled.transaction))?.confirmationStatus, 'confirmed', 'the chain has the transaction');
    assert.equal(solana.usdcBalance(payTo), 2000n, 'and the transfer');
    proxy.clear();
    const retried = await client.settle(payment, requirements);
    assert.deepEqual([retried.success, retried.transaction], [true, settled.transaction]);
    assert.equal(solana.usdcBalance(payTo), 2000n, 'moved once');
  });

  test('v1: settlement_unconfirmed (the official v1 says transaction_failed); a retry is a duplicate, nothing moves twice', async () => {
    const { client, solana: proxy } = await rig(SHORT);
    const payTo = (await newSvmPayer()).address;
    const requirements = svmV1Requirements(payTo);
    const payment = await svmV1Payment(await newSvmPayer(), requirements);
    assert.equal((await client.verify(payment, requirements)).isValid, true);
    proxy.fail(STATUS, Infinity, 'rpc-error');
    const settled = await client.settle(payment, requirements);
    assertUnconfirmed(settled);
    assert.equal((await solanaStatus(settled.transaction))?.confirmationStatus, 'confirmed');
    assert.equal(solana.usdcBalance(payTo), 2000n);
    proxy.clear();
    assert.equal((await client.settle(payment, requirements)).errorReason, 'duplicate_settlement');
    assert.equal(solana.usdcBalance(payTo), 2000n);
  });

  test('the official fallback, v2 and v1: settlement_unconfirmed too (the official says settlement_pending / transaction_failed)', async () => {
    for (const version of [2, 1] as const) {
      const { client, solana: proxy } = await rig(SHORT);
      const payTo = (await newSvmPayer()).address;
      const payer = await newSvmPayer();
      const requirements = version === 2 ? await svmRequirements(payTo) : svmV1Requirements(payTo);
      const payment = version === 2 ? await svmFallbackPayment(payer, requirements) : await svmV1FallbackPayment(payer, payTo);
      assert.equal((await client.verify(payment, requirements)).isValid, true);
      proxy.fail(STATUS, Infinity, 'http-500');
      const settled = await client.settle(payment, requirements);
      assertUnconfirmed(settled);
      assert.equal((await solanaStatus(settled.transaction))?.confirmationStatus, 'confirmed', `v${version}: the chain has it`);
      assert.equal(solana.usdcBalance(payTo), 2000n);
    }
  });
});

describe('Base: failed receipt reads only cost a poll', () => {
  for (const mode of MODES) {
    test(`two concurrent settlements both settle while the first 3 receipt reads fail (${mode})`, async () => {
      const { client, base: proxy } = await rig(LONG);
      const payTo = newEvmPayer().address;
      const requirements = evmRequirements(payTo);
      const payments = [await evmPayment(requirements), await evmPayment(requirements)];
      for (const p of payments) assert.equal((await client.verify(p, requirements)).isValid, true);
      proxy.fail(RECEIPT, 3, mode);
      const settled = await Promise.all(payments.map((p) => client.settle(p, requirements)));
      assert.deepEqual(settled.map((s) => [s.success, s.errorReason]), [[true, undefined], [true, undefined]]);
      assert.equal(proxy.failed(RECEIPT), 3, 'the reads did fail');
      assert.equal(base.balanceOf(payTo) - 100_000_000n, 4000n, "the payee's balance rose by both amounts");
    });
  }

  test('a broadcast whose answer was lost is waited for, and settles', async () => {
    const { client, base: proxy } = await rig(LONG);
    const payTo = newEvmPayer().address;
    const requirements = evmRequirements(payTo);
    const payment = await evmPayment(requirements);
    assert.equal((await client.verify(payment, requirements)).isValid, true);
    proxy.fail('eth_sendRawTransaction', 1, 'lost-answer');
    const settled = await client.settle(payment, requirements);
    assert.equal(proxy.failed('eth_sendRawTransaction'), 1);
    assert.equal(settled.success, true, settled.errorReason);
    assert.equal(await baseReceiptStatus(settled.transaction), '0x1');
    assert.equal(base.balanceOf(payTo) - 100_000_000n, 2000n);
  });

  test('a reverted receipt keeps its reason: nothing moved', async () => {
    const { client } = await rig(LONG);
    const { client: other } = await rig(LONG);
    const payTo = newEvmPayer().address;
    const requirements = evmRequirements(payTo);
    const payment = await evmPayment(requirements);
    assert.equal((await client.verify(payment, requirements)).isValid, true);
    // Another facilitator spends the authorization first; ours settles on its verification and the transfer reverts.
    assert.equal((await other.settle(payment, requirements)).success, true);
    const settled = await client.settle(payment, requirements);
    assert.equal(settled.errorReason, REASONS.transactionFailed, JSON.stringify(settled));
    assert.equal(await baseReceiptStatus(settled.transaction), '0x0');
    assert.equal(settleReasonMeansNothingMoved(settled.errorReason!), true);
    assert.equal(base.balanceOf(payTo) - 100_000_000n, 2000n, 'moved once, by the other facilitator');
  });
});

describe('Base: receipt reads failing past the bound', () => {
  const cases: { name: string; make: (requirements: PaymentRequirements) => Promise<{ payload: PaymentPayload; requirements: PaymentRequirements }> }[] = [
    { name: 'v2 fast path', make: async (r) => ({ payload: await evmPayment(r), requirements: r }) },
    { name: 'v1 fast path', make: async (r) => evmV1(r, await evmPayment(r)) },
    { name: 'v2 official fallback (a hex value)', make: async (r) => ({ payload: await evmPayment(r, newEvmPayer(), '0x7d0'), requirements: r }) },
  ];
  for (const c of cases) {
    test(`${c.name}: settlement_unconfirmed while the chain shows the transfer`, async () => {
      const { client, base: proxy } = await rig(SHORT);
      const payTo = newEvmPayer().address;
      const { payload, requirements } = await c.make(evmRequirements(payTo));
      assert.equal((await client.verify(payload, requirements)).isValid, true);
      proxy.fail(RECEIPT, Infinity, 'http-500');
      const settled = await client.settle(payload, requirements);
      assertUnconfirmed(settled);
      assert.ok(proxy.failed(RECEIPT) >= 2, 'read again after the first failure');
      assert.equal(await baseReceiptStatus(settled.transaction), '0x1', 'the chain has the transaction');
      assert.equal(base.balanceOf(payTo) - 100_000_000n, 2000n, 'and the transfer');
    });
  }

  test('v2: a retry after settlement_unconfirmed waits for the same transaction', async () => {
    const { client, base: proxy } = await rig(SHORT);
    const payTo = newEvmPayer().address;
    const requirements = evmRequirements(payTo);
    const payment = await evmPayment(requirements);
    assert.equal((await client.verify(payment, requirements)).isValid, true);
    proxy.fail(RECEIPT, Infinity, 'rpc-error');
    const settled = await client.settle(payment, requirements);
    assertUnconfirmed(settled);
    proxy.clear();
    const retried = await client.settle(payment, requirements);
    assert.deepEqual([retried.success, retried.transaction], [true, settled.transaction]);
    assert.equal(base.balanceOf(payTo) - 100_000_000n, 2000n);
  });
});

// ---- settleReasonMeansNothingMoved --------------------------------------------------------------

/** Every `var Err… = "…"` in the section of the package's bundles that comes from `sourceFile`. */
function errorConstants(pkg: string, sourceFile: string): Set<string> {
  const dir = join('node_modules', pkg, 'dist', 'esm');
  const found = new Set<string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.mjs'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const start = text.indexOf(`// ${sourceFile}\n`);
    if (start < 0) continue;
    const end = text.indexOf('\n// src/', start + 1);
    const section = text.slice(start, end < 0 ? undefined : end);
    for (const m of section.matchAll(/var Err\w+ = "([^"]+)"/g)) found.add(m[1]!);
  }
  return found;
}

/** The reason literals a bundle's class returns (the official v1 SVM scheme writes them inline). */
function inlineReasons(pkg: string, marker: string): Set<string> {
  const dir = join('node_modules', pkg, 'dist', 'esm');
  const found = new Set<string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.mjs'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    if (!text.includes(marker)) continue;
    for (const m of text.matchAll(/(?:invalidReason|errorReason): "([a-z0-9_]+)"|\?\? "([a-z0-9_]+)"/g)) found.add((m[1] ?? m[2])!);
  }
  return found;
}

/** The x402 v1 package's list of reasons. */
function x402V1Reasons(): Set<string> {
  const dir = join('node_modules', 'x402', 'dist', 'esm');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.mjs'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const start = text.indexOf('var ErrorReasons = [');
    if (start >= 0) return new Set([...text.slice(start, text.indexOf('];', start)).matchAll(/"([^"]+)"/g)].map((m) => m[1]!));
  }
  return new Set();
}

describe('settleReasonMeansNothingMoved', () => {
  /** The reasons that do not prove nothing moved: given after a broadcast, or with the outcome unknown. */
  const MAY_HAVE_MOVED = new Set([
    SETTLEMENT_UNCONFIRMED,
    'settlement_pending', // official v2, both chains: broadcast, not confirmed
    'post_settlement_transfer_not_confirmed', // official SVM smart wallets: confirmed, transfer not found
    'transaction_failed', // official v1 SVM: also a broadcast whose confirmation failed
    'invalid_exact_evm_transfer_event_mismatch', // the transaction succeeded
    'invalid_transaction_state', // official EVM: also a pending settlement it could not persist
    'smart_wallet_deployment_failed', // official EVM: a deployment transaction was mined
    'erc20_approval_tx_failed', 'erc20_approval_broadcast_failed', // official EVM: approval + settlement broadcast
    'settle_exact_svm_block_height_exceeded', 'settle_exact_svm_transaction_confirmation_timed_out', // x402 v1: after a send
    'unexpected_settle_error', 'unexpected_verify_error', // x402 v1: anything
  ]);

  const official = {
    svm: errorConstants('@x402/svm', 'src/exact/facilitator/errors.ts'),
    svmV1: inlineReasons('@x402/svm', 'var ExactSvmSchemeV1 = class'),
    evm: errorConstants('@x402/evm', 'src/exact/facilitator/errors.ts'),
    x402v1: x402V1Reasons(),
  };
  const ours = new Set<string>([
    ...Object.values(REASONS), ...Object.values(CODES_V2).filter((v) => typeof v === 'string'), ...Object.values(CODES_V1).filter((v) => typeof v === 'string'),
    ...CODES_V2.unknownByIndex, ERR_FEE_TOO_HIGH, SETTLEMENT_UNCONFIRMED,
  ].flat() as string[]);

  test('the reason lists were found in node_modules', () => {
    for (const [name, set, sample] of [
      ['@x402/svm', official.svm, 'invalid_exact_svm_transaction_failed'], ['@x402/svm v1', official.svmV1, 'transaction_failed'],
      ['@x402/evm', official.evm, 'invalid_exact_evm_transaction_failed'], ['x402 v1', official.x402v1, 'insufficient_funds'],
    ] as const) {
      assert.ok(set.has(sample), `${name}: ${[...set].join(', ')}`);
    }
    assert.ok(official.svm.has('settlement_pending') && official.evm.has('settlement_pending') && official.svm.has('duplicate_settlement'));
  });

  test('true for every refusal the official schemes and ours give, false for the reasons after a broadcast', () => {
    const all = new Set([...official.svm, ...official.svmV1, ...official.evm, ...official.x402v1, ...ours]);
    assert.ok(all.size > 100);
    const wrong = [...all].filter((r) => settleReasonMeansNothingMoved(r) !== !MAY_HAVE_MOVED.has(r));
    assert.deepEqual(wrong, [], 'misclassified');
    // Both reverted-on-chain reasons prove nothing moved; the verify-time ones include our fee cap.
    for (const r of ['invalid_exact_evm_transaction_failed', 'invalid_exact_svm_transaction_failed', 'insufficient_funds', 'duplicate_settlement', ERR_FEE_TOO_HIGH]) {
      assert.equal(settleReasonMeansNothingMoved(r), true, r);
    }
  });

  test('false for anything else: unknown codes, other schemes, transport errors, messages', () => {
    for (const r of [
      '', 'settlement_failed', 'Settlement failed', 'invalid_upto_evm_transaction_failed', 'invalid_batch_settlement_evm_rpc_read_failed',
      'JSON-RPC HTTP error 500', 'Facilitator settle failed (500)', 'fetch failed', 'Timed out while waiting for transaction with hash "0x1" to be confirmed.',
      'insufficient_funds_maybe', 'xinvalid_exact_svm_payload_amount_mismatch',
    ]) {
      assert.equal(settleReasonMeansNothingMoved(r), false, r);
    }
    // A refusal with the official smart-wallet suffix is still a refusal.
    assert.equal(settleReasonMeansNothingMoved('invalid_exact_svm_smart_wallet_simulation_failed: Simulation failed: {}'), true);
  });
});
