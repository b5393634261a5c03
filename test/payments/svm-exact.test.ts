/**
 * Our SVM `exact` facilitator schemes (src/payments/facilitator/svm-exact*.ts) against the official
 * @x402/svm ones, on the sandbox chain: every payment below — valid, or carrying one mutation the
 * official checks catch — goes through both, and their answers must be identical: the whole verify
 * response (isValid, invalidReason, invalidMessage, payer) and the whole settle response; a valid
 * payment moves the chain balance exactly once, an invalid one never.
 *
 * Mutated transactions are built with @solana/kit and signed by the payer, so each reaches the check
 * it is meant to trip instead of failing on its signature first.
 *
 * The fee payer's caps (src/payments/facilitator/svm-fee-caps.ts): the official v2 scheme here is configured with
 * the same unit-limit, unit-price and signer caps as ours, so those refusals are compared like any other; the
 * total-fee cap is ours alone (and the official v1 scheme has no caps at all), so those refusals are asserted
 * on ours separately, on the fast path and on the official fallback.
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
  signBytes,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { x402Client } from '@x402/core/client';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { ExactSvmScheme as ExactSvmServerScheme } from '@x402/svm/exact/server';
import { createPaymentHeader } from 'x402/client';
import { deriveAta } from '../../src/sandbox/solana/accounts.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import {
  SVM_V2_NETWORK,
  createSvmFacilitator,
  registerOfficialSvmSchemes,
  registerSvmSchemes,
  type SvmFacilitator,
  type SvmFacilitatorSigner,
} from '../../src/payments/facilitator/svm.js';
import { DEFAULT_SVM_FEE_CAPS, ERR_FEE_TOO_HIGH } from '../../src/payments/facilitator/svm-fee-caps.js';
import { newSvmPayer, registerSvmPayer, v1SvmConfig } from '../helpers/svm-payer.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const LIGHTHOUSE = 'L2TExMFKdjpN9kozasaurPirfHy9P8sbXoAN1qA3S95';
const SYSTEM = '11111111111111111111111111111111';
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';

let nowMs = Date.UTC(2025, 0, 1);
let sandbox: SolanaSandbox;
let svm: SvmFacilitator;
let signer: SvmFacilitatorSigner;
let ours: x402Facilitator;
let official: x402Facilitator;
let payTo: string;

// The official scheme console.errors every refused send (with kit's whole error chain); ours logs nothing.
const consoleError = console.error;
before(async () => {
  console.error = () => undefined;
  sandbox = await startSolanaSandbox({ now: () => new Date(nowMs) });
  svm = await createSvmFacilitator(sandbox.url, new Uint8Array(32).fill(11));
  signer = svm.signer;
  ours = registerSvmSchemes(new x402Facilitator(), svm);
  official = registerOfficialSvmSchemes(new x402Facilitator(), signer, svm.caps);
  payTo = (await newSvmPayer()).address;
});

after(async () => {
  console.error = consoleError;
  await sandbox.close();
});

// ---- payments -------------------------------------------------------------------------------

async function requirementsFor(extra: Record<string, unknown> = {}, price = '$0.002', to = payTo): Promise<PaymentRequirements> {
  const server = new ExactSvmServerScheme();
  const parsed = await server.parsePrice(price, SVM_V2_NETWORK);
  const requirements = await server.enhancePaymentRequirements(
    { scheme: 'exact', network: SVM_V2_NETWORK, payTo: to, maxTimeoutSeconds: 60, ...parsed, extra: parsed.extra ?? {} },
    { x402Version: 2, scheme: 'exact', network: SVM_V2_NETWORK, extra: { feePayer: signer.feePayer } },
    [],
  );
  return { ...requirements, extra: { ...requirements.extra, ...extra } };
}

/** A payment from the official v2 client. */
async function clientPayment(payer: KeyPairSigner, requirements: PaymentRequirements): Promise<PaymentPayload> {
  return registerSvmPayer(new x402Client(), payer, sandbox.url).createPaymentPayload({
    x402Version: 2,
    resource: { url: 'http://127.0.0.1/v1/test', description: 'test', mimeType: 'application/json' },
    accepts: [requirements],
  });
}

function withTransaction(payload: PaymentPayload, transaction: string): PaymentPayload {
  return { ...payload, payload: { transaction } };
}

function v2Payload(requirements: PaymentRequirements, transaction: string): PaymentPayload {
  return {
    x402Version: 2,
    resource: { url: 'http://127.0.0.1/v1/test', description: 'test', mimeType: 'application/json' },
    accepted: requirements,
    payload: { transaction },
  };
}

async function latestBlockhash(): Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }> {
  const res = await fetch(sandbox.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] }),
  });
  const { result } = (await res.json()) as { result: { value: { blockhash: string; lastValidBlockHeight: number } } };
  return { blockhash: result.value.blockhash as Blockhash, lastValidBlockHeight: BigInt(result.value.lastValidBlockHeight) };
}

const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(n); return b; };
const u64 = (n: bigint) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(n); return b; };
const ix = (programAddress: string, data: Uint8Array, accounts: { address: string; role: AccountRole }[] = []): Instruction =>
  ({ programAddress: programAddress as Address, accounts: accounts.map((a) => ({ ...a, address: a.address as Address })), data });

const limitIx = (units = 20_000) => ix(COMPUTE_BUDGET, Buffer.concat([Buffer.from([2]), u32(units)]));
const priceIx = (microLamports = 1n) => ix(COMPUTE_BUDGET, Buffer.concat([Buffer.from([3]), u64(microLamports)]));
const memoIx = (text: string = crypto.randomUUID()) => ix(MEMO, Buffer.from(text, 'utf8'));

interface TransferOptions {
  amount?: bigint;
  mint?: string;
  to?: string;
  program?: string;
  authority?: string;
  tag?: number;
  accounts?: number;
}
function transferIx(payer: string, o: TransferOptions = {}): Instruction {
  const program = o.program ?? TOKEN;
  const mint = o.mint ?? USDC;
  const authority = o.authority ?? payer;
  const accounts = [
    { address: deriveAta(authority, mint, program), role: AccountRole.WRITABLE },
    { address: mint, role: AccountRole.READONLY },
    { address: deriveAta(o.to ?? payTo, mint, program), role: AccountRole.WRITABLE },
    { address: authority, role: AccountRole.READONLY_SIGNER },
  ].slice(0, o.accounts ?? 4);
  return ix(program, Buffer.concat([Buffer.from([o.tag ?? 12]), u64(o.amount ?? 2000n), Buffer.from([6])]), accounts);
}

/** The usual instruction list: compute limit, compute price, transfer, memo (a random one keeps payments distinct). */
const standard = (payer: KeyPairSigner, t: TransferOptions = {}) => [limitIx(), priceIx(), transferIx(payer.address, t), memoIx()];

interface CraftOptions {
  feePayer?: string;
  version?: 0 | 'legacy';
  sign?: boolean;
  /** More signers (named as READONLY_SIGNER accounts by some instruction), who sign too. */
  extraSigners?: KeyPairSigner[];
}
async function craft(payer: KeyPairSigner, instructions: Instruction[], o: CraftOptions = {}): Promise<string> {
  const feePayer = (o.feePayer ?? signer.feePayer) as Address;
  // Two spelled-out pipes: kit's message types do not accept a `0 | 'legacy'` union.
  const compiled = o.version === 'legacy'
    ? compileTransaction(pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash!, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ))
    : compileTransaction(pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash!, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ));
  const signed = o.sign === false ? compiled : await partiallySignTransaction([payer.keyPair, ...(o.extraSigners ?? []).map((k) => k.keyPair)], compiled);
  return getBase64EncodedWireTransaction(signed);
}
let blockhash: { blockhash: Blockhash; lastValidBlockHeight: bigint } | undefined;

// ---- comparison -----------------------------------------------------------------------------

type Outcome = { answer: unknown } | { threw: string };
async function outcome(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { answer: await call() };
  } catch (error) {
    return { threw: error instanceof Error ? error.message : String(error) };
  }
}

function balances(...owners: string[]): bigint[] {
  return owners.map((o) => sandbox.usdcBalance(o));
}

/** Verify, then settle, the same invalid payment through both; identical answers, no balance moves. */
async function expectRejectedAlike(payload: PaymentPayload, requirements: PaymentRequirements, reason: string | RegExp, payer: string): Promise<void> {
  const before = balances(payer, payTo);
  const verified = await outcome(() => ours.verify(payload, requirements));
  assert.deepEqual(verified, await outcome(() => official.verify(payload, requirements)));
  assert.ok('answer' in verified, `verify threw: ${JSON.stringify(verified)}`);
  const v = verified.answer as { isValid: boolean; invalidReason?: string };
  assert.equal(v.isValid, false);
  if (typeof reason === 'string') assert.equal(v.invalidReason, reason);
  else assert.match(v.invalidReason ?? '', reason);

  const settled = await outcome(() => ours.settle(payload, requirements));
  assert.deepEqual(settled, await outcome(() => official.settle(payload, requirements)));
  assert.ok('answer' in settled && (settled.answer as { success: boolean }).success === false, JSON.stringify(settled));
  assert.deepEqual(balances(payer, payTo), before, 'an invalid payment never moves a balance');
}

/**
 * Two valid payments (A from `makeA`, B from `makeB`): both verify alike through both; A settles through
 * ours, B through the official; each moves the balance exactly once; replays are refused alike by the
 * same facilitators (duplicate) and by fresh ones (the chain refuses the processed transaction).
 * A and B come from one payer where the client adds a random memo (v2), from two payers otherwise (v1).
 */
async function expectSettledAlike(
  makeA: () => Promise<PaymentPayload>, requirements: PaymentRequirements, payerA: string, amount: bigint,
  makeB = makeA, payerB = payerA,
): Promise<void> {
  const a = await makeA();
  const b = await makeB();
  assert.notEqual(JSON.stringify(a.payload), JSON.stringify(b.payload), 'two distinct payments');
  for (const [p, payer] of [[a, payerA], [b, payerB]] as const) {
    const verified = await ours.verify(p, requirements);
    assert.deepEqual(verified, await official.verify(p, requirements));
    assert.deepEqual(verified, { isValid: true, invalidReason: undefined, payer });
  }
  const owners = [...new Set([payerA, payerB, payTo])];
  const before = balances(...owners);
  const moved = owners.map((o, i) => before[i]! + (o === payTo ? 2n * amount : -amount * BigInt([payerA, payerB].filter((p) => p === o).length)));
  const settledA = await ours.settle(a, requirements);
  const settledB = await official.settle(b, requirements);
  assert.equal(settledA.success, true, settledA.errorReason);
  assert.equal(settledB.success, true, settledB.errorReason);
  assert.deepEqual([settledA.payer, settledB.payer], [payerA, payerB]);
  const shape = (r: object) => ({ ...r, transaction: '', payer: '' });
  assert.deepEqual(shape(settledA), shape(settledB));
  assert.match(settledA.transaction, /^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  assert.deepEqual(balances(...owners), moved, 'each payment moved once');

  const [dupA, dupB] = [await ours.settle(a, requirements), await official.settle(b, requirements)];
  assert.deepEqual(shape(dupA), shape(dupB));
  assert.equal(dupA.errorReason, 'duplicate_settlement');
  const replayA = await registerSvmSchemes(new x402Facilitator(), svm).settle(a, requirements);
  const replayB = await registerOfficialSvmSchemes(new x402Facilitator(), signer, svm.caps).settle(b, requirements);
  assert.deepEqual(shape(replayA), shape(replayB));
  assert.deepEqual([replayA.payer, replayB.payer], [payerA, payerB]);
  assert.match(replayA.errorReason ?? '', /transaction_failed$/);
  assert.deepEqual(balances(...owners), moved, 'replays moved nothing');
}

// ---- the matrix -----------------------------------------------------------------------------

describe('v2: valid payments settle exactly once through either', () => {
  test('official client payment (v0 message)', async () => {
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    await expectSettledAlike(() => clientPayment(payer, requirements), requirements, payer.address, 2000n);
  });

  test('crafted legacy and v0 messages', async () => {
    blockhash = await latestBlockhash();
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    for (const version of ['legacy', 0] as const) {
      await expectSettledAlike(async () => v2Payload(requirements, await craft(payer, standard(payer), { version })), requirements, payer.address, 2000n);
    }
  });

  test('compute price and unit limit exactly at their caps, a fee exactly at the total-fee cap; base64 without its padding (kit accepts it)', async () => {
    blockhash = await latestBlockhash();
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    const { maxComputeUnits, maxPriorityFeeMicroLamports } = DEFAULT_SVM_FEE_CAPS;
    await expectSettledAlike(
      async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(BigInt(maxPriorityFeeMicroLamports)), transferIx(payer.address), memoIx()])),
      requirements, payer.address, 2000n,
    );
    await expectSettledAlike(
      async () => v2Payload(requirements, await craft(payer, [limitIx(maxComputeUnits), priceIx(), transferIx(payer.address), memoIx()])),
      requirements, payer.address, 2000n,
    );
    // 2 × 5,000 + 200,000 × 50,000 / 1e6 = 20,000 lamports: the default total-fee cap itself.
    assert.equal(DEFAULT_SVM_FEE_CAPS.maxFeeLamports, 20_000);
    await expectSettledAlike(
      async () => v2Payload(requirements, await craft(payer, [limitIx(200_000), priceIx(50_000n), transferIx(payer.address), memoIx()])),
      requirements, payer.address, 2000n,
    );
    let unpadded = 0;
    await expectSettledAlike(async () => {
      let tx = await craft(payer, standard(payer));
      while (!tx.endsWith('=')) tx = await craft(payer, standard(payer)); // a length that needs padding
      unpadded++;
      return v2Payload(requirements, tx.replace(/=+$/, ''));
    }, requirements, payer.address, 2000n);
    assert.equal(unpadded, 2);
  });

  test('a seller memo is required and matched', async () => {
    const payer = await newSvmPayer();
    const requirements = await requirementsFor({ memo: 'order-42' });
    blockhash = await latestBlockhash();
    // The official client puts the seller's memo in; identical memos would make identical transactions, so vary the limit.
    let units = 20_000;
    await expectSettledAlike(
      async () => v2Payload(requirements, await craft(payer, [limitIx(units++), priceIx(), transferIx(payer.address), memoIx('order-42')])),
      requirements, payer.address, 2000n,
    );
  });
});

describe('v2: every mutation is refused alike, with the same reason', () => {
  let payer: KeyPairSigner;
  let requirements: PaymentRequirements;
  const P = 'invalid_exact_svm_payload_';

  before(async () => {
    payer = await newSvmPayer();
    requirements = await requirementsFor();
    blockhash = await latestBlockhash();
  });

  const cases: [string, () => Promise<PaymentPayload>, string | RegExp, (() => Promise<PaymentRequirements>)?][] = [
    ['wrong amount', async () => v2Payload(requirements, await craft(payer, standard(payer, { amount: 1999n }))), `${P}amount_mismatch`],
    ['wrong mint (USDT required)', async () => clientPayment(payer, requirements), `${P}mint_mismatch`, async () => ({ ...requirements, asset: USDT })],
    ['wrong payTo / destination ATA', async () => v2Payload(requirements, await craft(payer, standard(payer, { to: (await newSvmPayer()).address }))), `${P}recipient_mismatch`],
    ['payTo not an address', async () => clientPayment(payer, requirements), `${P}recipient_mismatch`, async () => ({ ...requirements, payTo: 'not-an-address' })],
    ['extra unknown instruction', async () => v2Payload(requirements, await craft(payer, [...standard(payer), ix(SYSTEM, new Uint8Array([2, 0, 0, 0]))])), `${P}unknown_fifth_instruction`],
    ['unknown fourth instruction', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(), transferIx(payer.address), ix(SYSTEM, new Uint8Array([9]))])), `${P}unknown_fourth_instruction`],
    ['missing instruction (no compute price)', async () => v2Payload(requirements, await craft(payer, [limitIx(), transferIx(payer.address)])), `${P}transaction_instructions_length`],
    ['eight instructions', async () => v2Payload(requirements, await craft(payer, [...standard(payer), memoIx(), memoIx(), memoIx(), memoIx()])), `${P}transaction_instructions_length`],
    ['compute price too high', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(5_000_001n), transferIx(payer.address), memoIx()])), `${P}transaction_instructions_compute_price_instruction_too_high`],
    ['compute price over the price cap', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(BigInt(DEFAULT_SVM_FEE_CAPS.maxPriorityFeeMicroLamports) + 1n), transferIx(payer.address), memoIx()])), `${P}transaction_instructions_compute_price_instruction_too_high`],
    ['compute unit limit over the cap', async () => v2Payload(requirements, await craft(payer, [limitIx(DEFAULT_SVM_FEE_CAPS.maxComputeUnits + 1), priceIx(), transferIx(payer.address), memoIx()])), `${P}transaction_instructions_compute_limit_instruction_too_high`],
    ['the fee-payer drain: 1,400,000 units × 5,000,000 µlamports', async () => v2Payload(requirements, await craft(payer, [limitIx(1_400_000), priceIx(5_000_000n), transferIx(payer.address), memoIx()])), `${P}transaction_instructions_compute_limit_instruction_too_high`],
    ['three signers (one more than payer and fee payer)', async () => {
      const extra = await newSvmPayer();
      return v2Payload(requirements, await craft(payer, [...standard(payer), ix(MEMO, Buffer.from('x'), [{ address: extra.address, role: AccountRole.READONLY_SIGNER }])], { extraSigners: [extra] }));
    }, `${P}excessive_signers`],
    ['compute limit missing (price first)', async () => v2Payload(requirements, await craft(payer, [priceIx(), limitIx(), transferIx(payer.address), memoIx()])), `${P}transaction_instructions_compute_limit_instruction`],
    ['compute limit data too short', async () => v2Payload(requirements, await craft(payer, [ix(COMPUTE_BUDGET, new Uint8Array([2, 1])), priceIx(), transferIx(payer.address)])), `${P}transaction_instructions_compute_limit_instruction`],
    ['compute price data too short', async () => v2Payload(requirements, await craft(payer, [limitIx(), ix(COMPUTE_BUDGET, new Uint8Array([3, 1, 0])), transferIx(payer.address)])), `${P}transaction_instructions_compute_price_instruction`],
    ['Transfer instead of TransferChecked', async () => v2Payload(requirements, await craft(payer, standard(payer, { tag: 3 }))), `${P}no_transfer_instruction`],
    ['TransferChecked with three accounts', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(), transferIx(payer.address, { accounts: 3 }), memoIx(), transferIx(payer.address)])), `${P}no_transfer_instruction`],
    ['no token instruction at all', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(), memoIx()], { sign: false })), `${P}no_transfer_instruction`],
    ['Token-2022 transfer (ATA of that program)', async () => v2Payload(requirements, await craft(payer, standard(payer, { program: TOKEN_2022 }))), /simulation_failed/],
    ['Lighthouse optional instruction', async () => v2Payload(requirements, await craft(payer, [...standard(payer), ix(LIGHTHOUSE, new Uint8Array([1]))])), /simulation_failed/],
    // The fee payer is then the only signer: nothing for the payer to sign.
    ['fee payer as transfer authority', async () => v2Payload(requirements, await craft(payer, standard(payer, { authority: signer.feePayer }), { sign: false })), `${P}transaction_fee_payer_transferring_funds`],
    ['wrong fee payer (the payer pays fees)', async () => v2Payload(requirements, await craft(payer, standard(payer), { feePayer: payer.address })), 'invalid_exact_svm_fee_payer_mismatch'],
    ['fee payer not ours', async () => clientPayment(payer, requirements), 'invalid_exact_svm_fee_payer_not_managed_by_facilitator', async () => ({ ...requirements, extra: { feePayer: payTo } })],
    ['fee payer missing from requirements', async () => clientPayment(payer, requirements), `${P}missing_fee_payer`, async () => ({ ...requirements, extra: {} })],
    ['unsigned', async () => v2Payload(requirements, await craft(payer, standard(payer), { sign: false })), `${P}signature_invalid`],
    ['tampered signature', async () => {
      const wire = Buffer.from(await craft(payer, standard(payer)), 'base64');
      wire[1 + 64 + 10]! ^= 0xff;
      return v2Payload(requirements, wire.toString('base64'));
    }, `${P}signature_invalid`],
    ['tampered message', async () => {
      const wire = Buffer.from(await craft(payer, standard(payer)), 'base64');
      wire[wire.length - 2]! ^= 0x01; // the memo's last byte (the very last is v0's lookup-table count)
      return v2Payload(requirements, wire.toString('base64'));
    }, `${P}signature_invalid`],
    ['read-only fee payer in the header (re-signed): the node refuses to sanitize it', async () => {
      const wire = Buffer.from(await craft(payer, standard(payer)), 'base64');
      const messageStart = 1 + 2 * 64;
      wire[messageStart + 2] = wire[messageStart + 1]!; // v0 prefix, then numSigners, numReadonlySigners
      const message = wire.subarray(messageStart);
      Buffer.from(await signBytes(payer.keyPair.privateKey, message)).copy(wire, 1 + 64);
      return v2Payload(requirements, wire.toString('base64'));
    }, /simulation_failed/],
    ['trailing byte', async () => v2Payload(requirements, Buffer.concat([Buffer.from(await craft(payer, standard(payer)), 'base64'), Buffer.from([0])]).toString('base64')), /./],
    ['truncated transaction', async () => v2Payload(requirements, Buffer.from(await craft(payer, standard(payer)), 'base64').subarray(0, 150).toString('base64')), `${P}transaction_could_not_be_decoded`],
    ['malformed base64', async () => v2Payload(requirements, '!!not base64!!'), `${P}transaction_could_not_be_decoded`],
    ['insufficient funds', async () => v2Payload(requirements, await craft(payer, standard(payer, { amount: 150_000_000n }))), 'invalid_exact_svm_transaction_simulation_failed', async () => ({ ...requirements, amount: '150000000' })],
    ['memo required but absent', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(), transferIx(payer.address)])), `${P}memo_count`, async () => ({ ...requirements, extra: { ...requirements.extra, memo: 'order-7' } })],
    ['memo required, two memos', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(), transferIx(payer.address), memoIx('order-7'), memoIx('order-7')])), `${P}memo_count`, async () => ({ ...requirements, extra: { ...requirements.extra, memo: 'order-7' } })],
    ['memo mismatch', async () => v2Payload(requirements, await craft(payer, standard(payer))), `${P}memo_mismatch`, async () => ({ ...requirements, extra: { ...requirements.extra, memo: 'order-7' } })],
    ['memo with a BOM and invalid UTF-8', async () => v2Payload(requirements, await craft(payer, [limitIx(), priceIx(), transferIx(payer.address), ix(MEMO, new Uint8Array([0xef, 0xbb, 0xbf, 0x6f, 0xff]))])), /simulation_failed|memo_mismatch/, async () => ({ ...requirements, extra: { ...requirements.extra, memo: 'o\ufffd' } })],
    ['wrong network', async () => { const p = await clientPayment(payer, requirements); return { ...p, accepted: { ...p.accepted, network: DEVNET } }; }, 'invalid_exact_svm_network_mismatch'],
    ['wrong scheme', async () => { const p = await clientPayment(payer, requirements); return { ...p, accepted: { ...p.accepted, scheme: 'upto' } }; }, 'invalid_exact_svm_unsupported_scheme'],
  ];

  for (const [name, make, reason, requirementsOf] of cases) {
    test(name, async () => {
      const payload = await make();
      await expectRejectedAlike(payload, requirementsOf ? await requirementsOf() : requirements, reason, payer.address);
    });
  }

  test('amount that is not an integer: both throw the same error', async () => {
    const payload = await clientPayment(payer, requirements);
    const bad = { ...requirements, amount: '0.002' };
    const mine = await outcome(() => ours.verify(payload, bad));
    assert.ok('threw' in mine || (mine.answer as { isValid: boolean }).isValid === false);
    assert.deepEqual(mine, await outcome(() => official.verify(payload, bad)));
  });

  test('expired blockhash (after every other case: it moves the sandbox clock)', async () => {
    const payload = await clientPayment(payer, requirements);
    nowMs += 61_000; // > 150 slots of 400 ms
    await expectRejectedAlike(payload, requirements, 'invalid_exact_svm_transaction_simulation_failed', payer.address);
    const verified = await ours.verify(payload, requirements);
    assert.match(verified.invalidMessage ?? '', /BlockhashNotFound/);
  });
});

describe('v1 (network "solana", x402 v1 client)', () => {
  async function v1Requirements(amount = '2000') {
    return {
      scheme: 'exact' as const, network: 'solana' as const, maxAmountRequired: amount, resource: 'http://127.0.0.1/v1/test',
      description: 'test', mimeType: 'application/json', payTo, maxTimeoutSeconds: 60, asset: USDC, extra: { feePayer: signer.feePayer },
    };
  }
  async function v1Payment(payer: KeyPairSigner, requirements: Awaited<ReturnType<typeof v1Requirements>>): Promise<PaymentPayload> {
    const header = await createPaymentHeader(payer, 1, requirements, v1SvmConfig(sandbox.url));
    return JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentPayload;
  }

  test('a valid v1 payment settles exactly once through either', async () => {
    // The v1 client adds no memo nonce: one payer's two payments would be the same transaction.
    const [payerA, payerB] = [await newSvmPayer(), await newSvmPayer()];
    const requirements = await v1Requirements();
    await expectSettledAlike(
      () => v1Payment(payerA, requirements), requirements as unknown as PaymentRequirements, payerA.address, 2000n,
      () => v1Payment(payerB, requirements), payerB.address,
    );
  });

  test('v1 refusals: amount, network, scheme, compute price, fee payer, signature', async () => {
    const payer = await newSvmPayer();
    const requirements = await v1Requirements();
    const asV1 = (r: object) => r as unknown as PaymentRequirements;
    blockhash = await latestBlockhash();
    const crafted = async (instructions: Instruction[]) => ({ ...(await v1Payment(payer, requirements)), payload: { transaction: await craft(payer, instructions) } }) as PaymentPayload;
    const P = 'invalid_exact_svm_payload_';
    await expectRejectedAlike(await v1Payment(payer, requirements), asV1({ ...requirements, maxAmountRequired: '2001' }), `${P}amount_mismatch`, payer.address);
    await expectRejectedAlike({ ...(await v1Payment(payer, requirements)), network: 'solana-devnet' } as unknown as PaymentPayload, asV1(requirements), 'network_mismatch', payer.address);
    await expectRejectedAlike({ ...(await v1Payment(payer, requirements)), scheme: 'upto' } as unknown as PaymentPayload, asV1(requirements), 'unsupported_scheme', payer.address);
    await expectRejectedAlike(await v1Payment(payer, requirements), asV1({ ...requirements, extra: { feePayer: payTo } }), 'fee_payer_not_managed_by_facilitator', payer.address);
    await expectRejectedAlike(await crafted([limitIx(), priceIx(5_000_001n), transferIx(payer.address), memoIx()]), asV1(requirements), `${P}transaction_instructions_compute_price_instruction_too_high`, payer.address);
    // Seven instructions pass v2's layout but not v1's (3–6).
    await expectRejectedAlike(await crafted([...standard(payer), memoIx(), memoIx(), memoIx()]), asV1(requirements), `${P}transaction_instructions_length`, payer.address);
    await expectRejectedAlike(await crafted([...standard(payer), memoIx(), ix(SYSTEM, new Uint8Array([1]))]), asV1(requirements), `${P}unknown_sixth_instruction`, payer.address);
    await expectRejectedAlike({ ...(await v1Payment(payer, requirements)), payload: { transaction: await craft(payer, standard(payer), { sign: false }) } } as PaymentPayload, asV1(requirements), `${P}signature_invalid`, payer.address);
    await expectRejectedAlike(await crafted(standard(payer, { amount: 150_000_000n })), asV1({ ...requirements, maxAmountRequired: '150000000' }), 'transaction_simulation_failed', payer.address);
  });
});

describe('caps the official schemes lack: ours refuses alone, on the fast path and on the official fallback', () => {
  const P = 'invalid_exact_svm_payload_';
  /** 400,000 units × 50,000 µlamports: each within its own cap, 30,000 lamports in all (the default cap is 20,000). */
  const overFee = (payer: KeyPairSigner) => [limitIx(DEFAULT_SVM_FEE_CAPS.maxComputeUnits), priceIx(BigInt(DEFAULT_SVM_FEE_CAPS.maxPriorityFeeMicroLamports)), transferIx(payer.address), memoIx()];
  const drain = (payer: KeyPairSigner) => [limitIx(1_400_000), priceIx(5_000_000n), transferIx(payer.address), memoIx()];

  /** The same transaction without its base64 padding: our reader leaves it to the official scheme behind ours. */
  async function unpadded(payer: KeyPairSigner, instructions: () => Instruction[]): Promise<string> {
    let tx = await craft(payer, instructions());
    while (!tx.endsWith('=')) tx = await craft(payer, instructions()); // the random memo changes the length
    return tx.replace(/=+$/, '');
  }

  /** Ours refuses at verify and at settle with `reason`; the official scheme would have accepted; nothing moves. */
  async function refusedByOursAlone(payload: PaymentPayload, requirements: PaymentRequirements, reason: string, payer: string): Promise<void> {
    const before = balances(payer, payTo);
    // The fee check follows the layout checks, which name the payer.
    assert.deepEqual(await ours.verify(payload, requirements), { isValid: false, invalidReason: reason, payer });
    assert.equal((await official.verify(payload, requirements)).isValid, true, 'the official scheme has no such cap');
    const settled = await ours.settle(payload, requirements);
    assert.equal(settled.success, false);
    assert.equal(settled.errorReason, reason);
    assert.equal(settled.transaction, '');
    assert.deepEqual(balances(payer, payTo), before, 'a refused payment never moves a balance');
  }

  test('v2: a fee over the total-fee cap (fast path and fallback)', async () => {
    blockhash = await latestBlockhash();
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    await refusedByOursAlone(v2Payload(requirements, await craft(payer, overFee(payer))), requirements, ERR_FEE_TOO_HIGH, payer.address);
    await refusedByOursAlone(v2Payload(requirements, await unpadded(payer, () => overFee(payer))), requirements, ERR_FEE_TOO_HIGH, payer.address);
  });

  test('v2 fallback: the configured official scheme refuses the drain with its own code', async () => {
    blockhash = await latestBlockhash();
    const payer = await newSvmPayer();
    const requirements = await requirementsFor();
    const payload = v2Payload(requirements, await unpadded(payer, () => drain(payer)));
    await expectRejectedAlike(payload, requirements, `${P}transaction_instructions_compute_limit_instruction_too_high`, payer.address);
  });

  test('v1: the drain, three signers and a fee over the cap (fast path and fallback)', async () => {
    blockhash = await latestBlockhash();
    const payer = await newSvmPayer();
    const requirements = {
      scheme: 'exact', network: 'solana', maxAmountRequired: '2000', resource: 'http://127.0.0.1/v1/test', description: 'test',
      mimeType: 'application/json', payTo, maxTimeoutSeconds: 60, asset: USDC, extra: { feePayer: signer.feePayer },
    } as unknown as PaymentRequirements;
    const v1 = (transaction: string) => ({ x402Version: 1, scheme: 'exact', network: 'solana', payload: { transaction } }) as unknown as PaymentPayload;
    const extra = await newSvmPayer();
    const threeSigners = await craft(payer, [...standard(payer), ix(MEMO, Buffer.from('x'), [{ address: extra.address, role: AccountRole.READONLY_SIGNER }])], { extraSigners: [extra] });
    // Like the official codes before the layout's payer check, the budget refusals name no payer.
    const cases: [string, string, string][] = [
      [await craft(payer, drain(payer)), `${P}transaction_instructions_compute_limit_instruction_too_high`, ''],
      [await unpadded(payer, () => drain(payer)), `${P}transaction_instructions_compute_limit_instruction_too_high`, ''],
      [threeSigners, `${P}excessive_signers`, ''],
      [await craft(payer, overFee(payer)), ERR_FEE_TOO_HIGH, payer.address],
      [await unpadded(payer, () => overFee(payer)), ERR_FEE_TOO_HIGH, payer.address],
    ];
    for (const [transaction, reason, reportedPayer] of cases) {
      const before = balances(payer.address, payTo);
      assert.deepEqual(await ours.verify(v1(transaction), requirements), { isValid: false, invalidReason: reason, payer: reportedPayer });
      assert.equal((await official.verify(v1(transaction), requirements)).isValid, true, 'the official v1 scheme has no such cap');
      const settled = await ours.settle(v1(transaction), requirements);
      assert.deepEqual([settled.success, settled.errorReason, settled.transaction], [false, reason, '']);
      assert.deepEqual(balances(payer.address, payTo), before);
    }
  });
});
