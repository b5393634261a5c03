/**
 * The sandbox Solana chain runs transactions in the real SVM runtime (LiteSVM), not an emulation: what the
 * runtime decides here — signatures, fees with their compute-unit price, blockhash age, rent, and SPL Token
 * instructions no payment uses — is asserted through JSON-RPC on loopback, with every balance read from the
 * chain. Several of these would pass wrongly or fail on the hand-written emulation it replaced (which had no
 * rent checks and knew only the instructions a payment uses). Time is held still by an injected clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  address, appendTransactionMessageInstructions, createNoopSigner, createTransactionMessage, generateKeyPairSigner, getAddressDecoder,
  getBase64EncodedWireTransaction, getSignatureFromTransaction, partiallySignTransactionMessageWithSigners, pipe, setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners, type Blockhash, type Instruction, type KeyPairSigner,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { getApproveInstruction, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import { computeBudget, feeLamports } from '../../src/payments/facilitator/svm-fee-caps.js';
import { deriveAta } from '../../src/sandbox/solana/accounts.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const HUNDRED_USDC = 100_000_000n;
const FEE_PAYER_SOL = 1_000_000_000_000n;
const LAMPORTS_PER_SIGNATURE = 5_000n;
/** Mainnet's rent-exempt minimum of a 165-byte token account: (128 + 165) × 6,960 lamports. */
const TOKEN_ACCOUNT_RENT = 2_039_280n;
const SLOT_MS = 400;

let nowMs = Date.UTC(2025, 0, 1);
let sandbox: SolanaSandbox;

interface RpcReply {
  result?: any;
  error?: { code: number; message: string; data?: any };
}

async function rpc(method: string, params: unknown[]): Promise<RpcReply> {
  const res = await fetch(sandbox.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as RpcReply;
}

async function result(method: string, params: unknown[]): Promise<any> {
  const reply = await rpc(method, params);
  assert.equal(reply.error, undefined, `${method}: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

async function latestBlockhash(): Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }> {
  const { value } = await result('getLatestBlockhash', []);
  return { blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) };
}

/** A v0 transaction paid by `feePayer`, signed by every signer its instructions name; base64 wire and id. */
async function transaction(feePayer: KeyPairSigner, instructions: Instruction[], lifetime?: { blockhash: Blockhash; lastValidBlockHeight: bigint }) {
  const blockhash = lifetime ?? (await latestBlockhash());
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return { wire: getBase64EncodedWireTransaction(signed), id: getSignatureFromTransaction(signed) as string };
}

function usdcTransfer(payer: KeyPairSigner, payee: string, amount: bigint, authority: KeyPairSigner = payer) {
  return getTransferCheckedInstruction({
    source: address(deriveAta(payer.address, USDC)), mint: address(USDC), destination: address(deriveAta(payee, USDC)),
    authority, amount, decimals: 6,
  });
}

const send = (wire: string, skipPreflight = false) => rpc('sendTransaction', [wire, { encoding: 'base64', skipPreflight }]);

async function lamportsOnChain(account: string): Promise<bigint> {
  return BigInt((await result('getBalance', [account])).value);
}

/** A payer funded by the first-sight faucet and a fee payer with SOL (airdropped the first time it pays). */
async function parties(): Promise<{ payer: KeyPairSigner; feePayer: KeyPairSigner; payee: string }> {
  const [payer, feePayer, payee] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner()]);
  assert.equal(sandbox.usdcBalance(payer.address), HUNDRED_USDC);
  return { payer, feePayer, payee: payee.address };
}

before(async () => {
  sandbox = await startSolanaSandbox({ now: () => new Date(nowMs) });
});
after(() => sandbox.close());

describe('the runtime decides', () => {
  test('a signature by the wrong key is refused by the runtime (-32003); nothing moves, no fee is charged', async () => {
    const { payer, feePayer, payee } = await parties();
    const { wire: good } = await transaction(feePayer, [usdcTransfer(payer, payee, 1_000n)]);
    await send((await transaction(feePayer, [getTransferSolInstruction({ source: feePayer, destination: address(payee), amount: 0n })])).wire); // the fee payer exists
    const feePayerBefore = await lamportsOnChain(feePayer.address);
    // The payer's signature (the second) replaced by one the payer made over another message: well-formed, wrong.
    const { wire: other } = await transaction(feePayer, [usdcTransfer(payer, payee, 2_000n)]);
    const forged = Buffer.from(good, 'base64');
    Buffer.from(other, 'base64').copy(forged, 1 + 64, 1 + 64, 1 + 128);

    const sent = await send(forged.toString('base64'), true);
    assert.equal(sent.error?.code, -32003);
    const simulated = await rpc('simulateTransaction', [forged.toString('base64'), { encoding: 'base64', sigVerify: true }]);
    assert.equal(simulated.error?.code, -32003);
    assert.equal(sandbox.peekUsdcBalance(payer.address), HUNDRED_USDC);
    assert.equal(sandbox.peekUsdcBalance(payee), 0n);
    assert.equal(await lamportsOnChain(feePayer.address), feePayerBefore);
    // The untouched original lands.
    assert.equal((await send(good)).error, undefined);
    assert.equal(sandbox.peekUsdcBalance(payee), 1_000n);
  });

  test('a "signature" that verifies only under lax ed25519 rules (small-order key) is refused: nobody can spend that wallet', async () => {
    const feePayer = await generateKeyPairSigner();
    // The identity point as a public key: with R = identity and S = 0, [S]B = R + [k]A holds for every message,
    // so a lax verifier (plain RFC 8032, as OpenSSL's) accepts it. The runtime verifies strictly and refuses.
    const identity = new Uint8Array(32);
    identity[0] = 1;
    const victim = getAddressDecoder().decode(identity);
    assert.equal(sandbox.usdcBalance(victim), HUNDRED_USDC); // the first-sight faucet funds any address
    const thief = (await generateKeyPairSigner()).address;
    const latest = await latestBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions([getTransferCheckedInstruction({
        source: address(deriveAta(victim, USDC)), mint: address(USDC), destination: address(deriveAta(thief, USDC)),
        authority: createNoopSigner(address(victim)), amount: HUNDRED_USDC, decimals: 6,
      })], m),
    );
    const wire = Buffer.from(getBase64EncodedWireTransaction(await partiallySignTransactionMessageWithSigners(message)), 'base64');
    assert.equal(wire[0], 2);
    wire.fill(0, 1 + 64, 1 + 128);
    wire[1 + 64] = 1; // R = the identity point's encoding, S = 0
    const sent = await send(wire.toString('base64'), true);
    assert.equal(sent.error?.code, -32003);
    assert.equal(sandbox.peekUsdcBalance(victim), HUNDRED_USDC);
    assert.equal(sandbox.peekUsdcBalance(thief), 0n);
  });

  test('the fee is 5,000 lamports per signature plus ceil(CU limit × CU price / 1e6), charged to the fee payer', async () => {
    const { payer, feePayer, payee } = await parties();
    const limit = 31_337;
    const microLamports = 123_457n; // 31,337 × 123,457 / 1e6 = 3,868.77… → 3,869 lamports
    const priority = (BigInt(limit) * microLamports + 999_999n) / 1_000_000n;
    assert.equal(priority, 3_869n);
    const instructions = [
      getSetComputeUnitLimitInstruction({ units: limit }),
      getSetComputeUnitPriceInstruction({ microLamports }),
      usdcTransfer(payer, payee, 1_000n),
    ];
    const { wire, id } = await transaction(feePayer, instructions);
    assert.equal((await result('getFeeForMessage', [messageOf(wire), { commitment: 'confirmed' }])).value, Number(2n * LAMPORTS_PER_SIGNATURE + priority));
    assert.equal(await result('sendTransaction', [wire, { encoding: 'base64' }]), id);
    const charged = FEE_PAYER_SOL - (await lamportsOnChain(feePayer.address));
    assert.equal(charged, 2n * LAMPORTS_PER_SIGNATURE + priority);
    assert.equal(BigInt((await result('getTransaction', [id, { encoding: 'base64' }])).meta.fee), charged);
    // The facilitator's fee cap (svm-fee-caps.ts) prices the transaction as the runtime charged it.
    assert.equal(feeLamports(2, computeBudget(instructions.map((ix) => ({ program: ix.programAddress, data: Uint8Array.from(ix.data ?? []) })))), charged);
    assert.equal(sandbox.lamports(payer.address), 0n, 'the payer signs but pays nothing');
    assert.equal(sandbox.peekUsdcBalance(payee), 1_000n);
  });

  test('a failed transaction still pays its fee, priority included, and moves nothing else', async () => {
    const { payer, feePayer, payee } = await parties();
    const { wire, id } = await transaction(feePayer, [
      getSetComputeUnitLimitInstruction({ units: 10_000 }),
      getSetComputeUnitPriceInstruction({ microLamports: 1_000_000n }), // 10,000 lamports of priority
      usdcTransfer(payer, payee, HUNDRED_USDC + 1n),
    ]);
    assert.equal(await result('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }]), id);
    const status = (await result('getSignatureStatuses', [[id]])).value[0];
    assert.deepEqual(status.err, { InstructionError: [2, { Custom: 1 }] }); // spl-token InsufficientFunds
    assert.equal(FEE_PAYER_SOL - (await lamportsOnChain(feePayer.address)), 2n * LAMPORTS_PER_SIGNATURE + 10_000n);
    assert.equal(sandbox.peekUsdcBalance(payer.address), HUNDRED_USDC);
    assert.equal(sandbox.peekUsdcBalance(payee), 0n);
  });

  test('a blockhash is valid for 150 slots, as in a bank, and refused after', async () => {
    const { payer, feePayer, payee } = await parties();
    const old = await latestBlockhash();
    const stillValid = await transaction(feePayer, [usdcTransfer(payer, payee, 1_000n)], old);
    const expiring = await transaction(feePayer, [usdcTransfer(payer, payee, 2_000n)], old);
    nowMs += 150 * SLOT_MS; // 150 slots later: the last valid block height
    assert.equal((await result('getBlockHeight', [])), Number(old.lastValidBlockHeight));
    assert.equal((await send(stillValid.wire)).error, undefined, 'not just the latest blockhash: any of the last 150');
    nowMs += SLOT_MS;
    const refused = await send(expiring.wire, true);
    assert.equal(refused.error?.code, -32002);
    assert.equal(refused.error?.data?.err, 'BlockhashNotFound');
    assert.equal((await result('isBlockhashValid', [old.blockhash])).value, false);
    assert.equal(sandbox.peekUsdcBalance(payee), 1_000n);
    assert.equal(sandbox.peekUsdcBalance(payer.address), HUNDRED_USDC - 1_000n);
  });

  test('a transfer to a new token account pays its rent: the transaction creates the payee account, its payer funds it', async () => {
    const { payer, feePayer, payee } = await parties();
    const payeeAta = deriveAta(payee, USDC);
    const { wire, id } = await transaction(feePayer, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: feePayer, ata: address(payeeAta), owner: address(payee), mint: address(USDC) }),
      usdcTransfer(payer, payee, 5_000n),
    ]);
    assert.equal(await result('sendTransaction', [wire, { encoding: 'base64' }]), id);
    assert.equal(await lamportsOnChain(payeeAta), TOKEN_ACCOUNT_RENT);
    assert.equal(BigInt(await result('getMinimumBalanceForRentExemption', [165])), TOKEN_ACCOUNT_RENT);
    assert.equal(FEE_PAYER_SOL - (await lamportsOnChain(feePayer.address)), 2n * LAMPORTS_PER_SIGNATURE + TOKEN_ACCOUNT_RENT);
    const parsed = (await result('getAccountInfo', [payeeAta, { encoding: 'jsonParsed' }])).value.data.parsed.info;
    assert.deepEqual([parsed.owner, parsed.mint, parsed.tokenAmount.amount], [payee, USDC, '5000']);
    assert.equal(sandbox.peekUsdcBalance(payee), 5_000n);
  });

  test('rent: SOL sent to a new account below the rent-exempt minimum fails after execution, and its fee is paid', async () => {
    const { feePayer } = await parties();
    const fresh = (await generateKeyPairSigner()).address;
    await send((await transaction(feePayer, [getTransferSolInstruction({ source: feePayer, destination: address(fresh), amount: 0n })])).wire);
    const before = await lamportsOnChain(feePayer.address);
    const { wire, id } = await transaction(feePayer, [getTransferSolInstruction({ source: feePayer, destination: address(fresh), amount: 1_000n })]);
    const preflight = await send(wire);
    assert.equal(preflight.error?.code, -32002);
    assert.deepEqual(preflight.error?.data?.err, { InsufficientFundsForRent: { account_index: 1 } });
    assert.equal(await result('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }]), id);
    assert.deepEqual((await result('getSignatureStatuses', [[id]])).value[0].err, { InsufficientFundsForRent: { account_index: 1 } });
    assert.equal(await lamportsOnChain(fresh), 0n);
    assert.equal(before - (await lamportsOnChain(feePayer.address)), LAMPORTS_PER_SIGNATURE);
  });

  test('SPL Token as on mainnet, beyond what a payment uses: a delegate approved by the owner transfers, up to its allowance', async () => {
    const { payer, feePayer, payee } = await parties();
    const delegate = await generateKeyPairSigner();
    const source = address(deriveAta(payer.address, USDC));
    const approve = await transaction(feePayer, [getApproveInstruction({ source, delegate: delegate.address, owner: payer, amount: 3_000n })]);
    assert.equal((await send(approve.wire)).error, undefined);
    const spend = await transaction(feePayer, [usdcTransfer(payer, payee, 3_000n, delegate)]);
    assert.equal((await send(spend.wire)).error, undefined);
    assert.equal(sandbox.peekUsdcBalance(payee), 3_000n);
    const overspend = await transaction(feePayer, [usdcTransfer(payer, payee, 1n, delegate)]);
    // The allowance used up, the token program cleared the delegate: it is no authority over the account any more.
    assert.deepEqual((await send(overspend.wire)).error?.data?.err, { InstructionError: [0, { Custom: 4 }] }); // OwnerMismatch
    assert.equal(sandbox.peekUsdcBalance(payer.address), HUNDRED_USDC - 3_000n);
  });

  test("the Clock sysvar follows the chain's slots and time", async () => {
    const { payer, feePayer, payee } = await parties();
    nowMs += 37 * SLOT_MS;
    assert.equal((await send((await transaction(feePayer, [usdcTransfer(payer, payee, 1n)])).wire)).error, undefined);
    const data = Buffer.from((await result('getAccountInfo', ['SysvarC1ock11111111111111111111111111111111', { encoding: 'base64' }])).value.data[0], 'base64');
    assert.equal(data.readBigUInt64LE(0), BigInt(await result('getSlot', [])));
    assert.equal(data.readBigInt64LE(32), BigInt(Math.floor(nowMs / 1000)));
  });
});

/** The message of a base64 wire transaction (after its signatures), base64, as getFeeForMessage takes it. */
function messageOf(wire: string): string {
  const bytes = Buffer.from(wire, 'base64');
  assert.ok(bytes[0]! < 0x80, 'fewer than 128 signatures: a one-byte count');
  return bytes.subarray(1 + bytes[0]! * 64).toString('base64');
}
