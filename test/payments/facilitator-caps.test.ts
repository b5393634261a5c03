/**
 * The in-process facilitator's caps on what a Solana payment may make its fee payer spend
 * (src/payments/facilitator/svm-fee-caps.ts), end to end through createLocalFacilitatorClient against the sandbox
 * Solana chain: every balance below is read from the chain over JSON-RPC (getBalance for the fee payer's lamports,
 * getTokenAccountsByOwner for USDC).
 *
 * The defect: a payer-crafted compute budget of 1,400,000 units × 5,000,000 µlamports made the fee payer spend
 * 7,010,000 lamports on a 0.002 USDC call. The last test lifts the caps to show that this file measures exactly
 * that spending.
 */
import assert from 'node:assert/strict';
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
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { x402Client } from '@x402/core/client';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { ExactSvmScheme as ExactSvmServerScheme } from '@x402/svm/exact/server';
import {
  createLocalFacilitatorClient, DEFAULT_SVM_FEE_CAPS, ERR_FEE_TOO_HIGH, settleReasonMeansNothingMoved, type LocalFacilitatorOptions,
} from '../../src/payments/facilitator/index.js';
import { SANDBOX_FACILITATOR_PRIVATE_KEY } from '../../src/payments/facilitator/evm.js';
import { SVM_V2_NETWORK, svmFeePayerAddress } from '../../src/payments/facilitator/svm.js';
import { feeLamports } from '../../src/payments/facilitator/svm-fee-caps.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { deriveAta } from '../../src/sandbox/solana/accounts.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import { newSvmPayer, registerSvmPayer, sandboxUsdcBalance } from '../helpers/svm-payer.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const P = 'invalid_exact_svm_payload_';
const SEED = new Uint8Array(32).fill(23);
/** A normal payment: two signatures and the official client's 20,000 units × 1 µlamport. */
const NORMAL_FEE = 2n * 5_000n + 1n;

let solana: SolanaSandbox;
let base: BaseSandbox;
let facilitator: FacilitatorClient;
let feePayer: string;
let payTo: string;

const options = (extra: Partial<LocalFacilitatorOptions> = {}): LocalFacilitatorOptions => ({
  solanaRpcUrl: solana.url, baseRpcUrl: base.url, evmPrivateKey: SANDBOX_FACILITATOR_PRIVATE_KEY, svmSecretKey: SEED, ...extra,
});

const consoleError = console.error;
before(async () => {
  console.error = () => undefined; // the official fallback logs refused sends
  [solana, base] = await Promise.all([startSolanaSandbox(), startBaseSandbox()]);
  facilitator = await createLocalFacilitatorClient(options());
  feePayer = await svmFeePayerAddress(SEED);
  payTo = (await newSvmPayer()).address;
});
after(async () => {
  console.error = consoleError;
  await Promise.all([solana.close(), base.close()]);
});

// ---- chain reads (JSON-RPC, as any client sees the chain) -----------------------------------

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const { result, error } = (await res.json()) as { result: T; error?: { message: string } };
  if (error) throw new Error(error.message);
  return result;
}

const lamports = async (address: string) => BigInt((await rpc<{ value: number }>('getBalance', [address])).value);

/** The fee payer's lamports, the payer's and the payee's USDC. */
async function snapshot(payer: string): Promise<{ feePayer: bigint; payer: bigint; payTo: bigint }> {
  const [f, p, t] = await Promise.all([lamports(feePayer), sandboxUsdcBalance(solana.url, payer), sandboxUsdcBalance(solana.url, payTo)]);
  return { feePayer: f, payer: p, payTo: t };
}

// ---- payments ---------------------------------------------------------------------------------

async function requirementsFor(price = '$0.002'): Promise<PaymentRequirements> {
  const server = new ExactSvmServerScheme();
  const parsed = await server.parsePrice(price, SVM_V2_NETWORK);
  return server.enhancePaymentRequirements(
    { scheme: 'exact', network: SVM_V2_NETWORK, payTo, maxTimeoutSeconds: 60, ...parsed, extra: parsed.extra ?? {} },
    { x402Version: 2, scheme: 'exact', network: SVM_V2_NETWORK, extra: { feePayer } },
    [],
  );
}

async function clientPayment(payer: KeyPairSigner, requirements: PaymentRequirements): Promise<PaymentPayload> {
  return registerSvmPayer(new x402Client(), payer, solana.url).createPaymentPayload({
    x402Version: 2, resource: { url: 'http://127.0.0.1/v1/test', description: 'test', mimeType: 'application/json' }, accepts: [requirements],
  });
}

const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(n); return b; };
const u64 = (n: bigint) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(n); return b; };
const ix = (program: string, data: Uint8Array, accounts: { address: string; role: AccountRole }[] = []): Instruction =>
  ({ programAddress: program as Address, accounts: accounts.map((a) => ({ ...a, address: a.address as Address })), data });

interface Budget { units: number; microLamports: bigint; extraSigner?: KeyPairSigner }

/** The official client's layout (limit, price, TransferChecked of 2000, memo) with a chosen compute budget, signed by the payer. */
async function crafted(payer: KeyPairSigner, requirements: PaymentRequirements, budget: Budget): Promise<PaymentPayload> {
  const { value } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', []);
  const lifetime = { blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) };
  const transfer = ix(TOKEN, Buffer.concat([Buffer.from([12]), u64(BigInt(requirements.amount)), Buffer.from([6])]), [
    { address: deriveAta(payer.address, USDC, TOKEN), role: AccountRole.WRITABLE },
    { address: USDC, role: AccountRole.READONLY },
    { address: deriveAta(payTo, USDC, TOKEN), role: AccountRole.WRITABLE },
    { address: payer.address, role: AccountRole.READONLY_SIGNER },
  ]);
  const memoAccounts = budget.extraSigner ? [{ address: budget.extraSigner.address, role: AccountRole.READONLY_SIGNER }] : [];
  const compiled = compileTransaction(pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([
      ix(COMPUTE_BUDGET, Buffer.concat([Buffer.from([2]), u32(budget.units)])),
      ix(COMPUTE_BUDGET, Buffer.concat([Buffer.from([3]), u64(budget.microLamports)])),
      transfer,
      ix(MEMO, Buffer.from(crypto.randomUUID()), memoAccounts),
    ], m),
  ));
  const signed = await partiallySignTransaction([payer.keyPair, ...(budget.extraSigner ? [budget.extraSigner.keyPair] : [])], compiled);
  return {
    x402Version: 2, resource: { url: 'http://127.0.0.1/v1/test', description: 'test', mimeType: 'application/json' },
    accepted: requirements, payload: { transaction: getBase64EncodedWireTransaction(signed) },
  };
}

/** Refused at verify with `reason`, and at settle (tried directly, as a caller skipping verify would): nothing spent, nothing moved. */
async function refusedUnchanged(client: FacilitatorClient, payer: string, payload: PaymentPayload, requirements: PaymentRequirements, reason: string): Promise<void> {
  const before = await snapshot(payer);
  const verified = await client.verify(payload, requirements);
  assert.equal(verified.isValid, false);
  assert.equal(verified.invalidReason, reason);
  const settled = await client.settle(payload, requirements);
  assert.equal(settled.success, false);
  assert.equal(settled.errorReason, reason);
  assert.equal(settled.transaction, '');
  assert.equal(settleReasonMeansNothingMoved(reason), true, 'a cap refusal is decided before any broadcast');
  assert.deepEqual(await snapshot(payer), before, "the fee payer's lamports, the payer's and the payee's USDC are unchanged");
}

// ---- the caps ---------------------------------------------------------------------------------

describe('the fee payer is never drained', () => {
  test('a normal payment still passes, and the fee payer spends exactly the normal fee', async () => {
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    // The first payment the sandbox sees from this fee payer funds it; measure the second.
    for (let i = 0; i < 2; i++) {
      const payload = await clientPayment(payer, requirements);
      assert.deepEqual(await facilitator.verify(payload, requirements), { isValid: true, invalidReason: undefined, payer: payer.address });
      const before = await snapshot(payer.address);
      const settled = await facilitator.settle(payload, requirements);
      assert.equal(settled.success, true, settled.errorReason);
      if (i === 0) continue;
      assert.deepEqual(await snapshot(payer.address), { feePayer: before.feePayer - NORMAL_FEE, payer: before.payer - 2000n, payTo: before.payTo + 2000n });
    }
  });

  test('the crafted drain (1,400,000 units × 5,000,000 µlamports) is refused at verify and settle; nothing is spent', async () => {
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    const budget = { units: 1_400_000, microLamports: 5_000_000n };
    assert.equal(feeLamports(2, { units: budget.units, microLamportsPerUnit: budget.microLamports }), 7_010_000n, 'what it would have cost');
    await refusedUnchanged(facilitator, payer.address, await crafted(payer, requirements, budget), requirements, `${P}transaction_instructions_compute_limit_instruction_too_high`);
  });

  test('a compute-unit price over the cap is refused with the official code', async () => {
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    const budget = { units: 20_000, microLamports: BigInt(DEFAULT_SVM_FEE_CAPS.maxPriorityFeeMicroLamports) + 1n };
    await refusedUnchanged(facilitator, payer.address, await crafted(payer, requirements, budget), requirements, `${P}transaction_instructions_compute_price_instruction_too_high`);
  });

  test('a third signer (5,000 more lamports) is refused with the official code', async () => {
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    const budget = { units: 20_000, microLamports: 1n, extraSigner: await newSvmPayer() };
    await refusedUnchanged(facilitator, payer.address, await crafted(payer, requirements, budget), requirements, `${P}excessive_signers`);
  });

  test('a total fee over the cap is refused although units and price are each within theirs', async () => {
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    const budget = { units: DEFAULT_SVM_FEE_CAPS.maxComputeUnits, microLamports: BigInt(DEFAULT_SVM_FEE_CAPS.maxPriorityFeeMicroLamports) };
    assert.equal(feeLamports(2, { units: budget.units, microLamportsPerUnit: budget.microLamports }), 30_000n);
    await refusedUnchanged(facilitator, payer.address, await crafted(payer, requirements, budget), requirements, ERR_FEE_TOO_HIGH);
  });
});

describe('the caps are construction options', () => {
  test('a fee cap tied to the price and a lower unit cap, against the defaults on the same payments', async () => {
    // 10,000 lamports of signatures plus one lamport per atomic unit of the price: 12,000 for a 0.002 USDC call.
    const custom = await createLocalFacilitatorClient(options({
      svmFeeCaps: { maxComputeUnits: 100_000, maxFeeLamports: ({ amount }) => 10_000 + Number(amount) },
    }));
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    // 2 × 5,000 + 200,000 × 10,000 / 1e6 = 12,000: at the custom cap. 12,001 lamports: over it.
    const atCap = await crafted(payer, requirements, { units: 100_000, microLamports: 20_000n });
    const overCap = await crafted(payer, requirements, { units: 100_000, microLamports: 20_010n });
    const manyUnits = await crafted(payer, requirements, { units: 150_000, microLamports: 1n });
    for (const payload of [atCap, overCap, manyUnits]) assert.equal((await facilitator.verify(payload, requirements)).isValid, true, 'within the defaults');
    assert.equal((await custom.verify(atCap, requirements)).isValid, true);
    await refusedUnchanged(custom, payer.address, overCap, requirements, ERR_FEE_TOO_HIGH);
    await refusedUnchanged(custom, payer.address, manyUnits, requirements, `${P}transaction_instructions_compute_limit_instruction_too_high`);
    // A pricier call buys more room under the same function.
    const pricier = await requirementsFor('$0.01');
    assert.equal((await custom.verify(await crafted(payer, pricier, { units: 100_000, microLamports: 20_010n }), pricier)).isValid, true);
  });

  test('a cap that is not a sane number is refused at construction', async () => {
    await assert.rejects(createLocalFacilitatorClient(options({ svmFeeCaps: { maxComputeUnits: 0 } })), /maxComputeUnits/);
    await assert.rejects(createLocalFacilitatorClient(options({ svmFeeCaps: { maxFeeLamports: -1 } })), /maxFeeLamports/);
  });

  test('with the caps lifted to the official maxima, the same crafted payment does drain 7,010,000 lamports (what the caps prevent)', async () => {
    const lifted = await createLocalFacilitatorClient(options({
      svmFeeCaps: { maxComputeUnits: 1_400_000, maxPriorityFeeMicroLamports: 5_000_000, maxFeeLamports: Number.MAX_SAFE_INTEGER },
    }));
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    const payload = await crafted(payer, requirements, { units: 1_400_000, microLamports: 5_000_000n });
    assert.equal((await lifted.verify(payload, requirements)).isValid, true);
    const before = await snapshot(payer.address);
    const settled = await lifted.settle(payload, requirements);
    assert.equal(settled.success, true, settled.errorReason);
    assert.deepEqual(await snapshot(payer.address), { feePayer: before.feePayer - 7_010_000n, payer: before.payer - 2000n, payTo: before.payTo + 2000n });
  });
});
