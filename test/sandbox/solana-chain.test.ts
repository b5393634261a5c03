/**
 * The sandbox Solana chain end to end at the facilitator level (no HTTP API server): the official
 * x402 SVM client signs real transactions, the official facilitator verifies/settles them through
 * our signer, and balances are read back over JSON-RPC.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getAddressEncoder, getProgramDerivedAddress, type Address, type KeyPairSigner } from '@solana/kit';
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
  registerSvmSchemes,
  type SvmFacilitator,
  type SvmFacilitatorSigner,
} from '../../src/payments/facilitator/svm.js';
import { newSvmPayer, registerSvmPayer, sandboxUsdcBalance, v1SvmConfig } from '../helpers/svm-payer.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const HUNDRED_USDC = 100_000_000n;

let nowMs = Date.UTC(2025, 0, 1);
let sandbox: SolanaSandbox;
let svm: SvmFacilitator;
let signer: SvmFacilitatorSigner;
let facilitator: x402Facilitator;

/** Raw JSON-RPC, to assert on the wire-level answers a real node would give. */
async function rpc(method: string, params: unknown[]): Promise<{ result?: any; error?: { code: number; message: string; data?: any } }> {
  const res = await fetch(sandbox.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: any; error?: { code: number; message: string } };
}

async function balances(...owners: string[]): Promise<bigint[]> {
  return Promise.all(owners.map((o) => sandboxUsdcBalance(sandbox.url, o)));
}

/** Requirements exactly as the official server scheme produces them for "$0.002". */
async function requirementsFor(payTo: string, price = '$0.002'): Promise<PaymentRequirements> {
  const server = new ExactSvmServerScheme();
  const parsed = await server.parsePrice(price, SVM_V2_NETWORK);
  return server.enhancePaymentRequirements(
    { scheme: 'exact', network: SVM_V2_NETWORK, payTo, maxTimeoutSeconds: 60, ...parsed, extra: parsed.extra ?? {} },
    { x402Version: 2, scheme: 'exact', network: SVM_V2_NETWORK, extra: { feePayer: signer.feePayer } },
    [],
  );
}

async function payV2(payer: KeyPairSigner, requirements: PaymentRequirements, spendControls = true): Promise<PaymentPayload> {
  const client = registerSvmPayer(new x402Client(), payer, sandbox.url);
  if (!spendControls) client.setSpendControls(false);
  return client.createPaymentPayload({
    x402Version: 2,
    resource: { url: 'http://127.0.0.1/v1/test', description: 'test', mimeType: 'application/json' },
    accepts: [requirements],
  });
}

function txOf(payload: PaymentPayload): string {
  return String(payload.payload.transaction);
}

before(async () => {
  sandbox = await startSolanaSandbox({ now: () => new Date(nowMs) });
  svm = await createSvmFacilitator(sandbox.url, new Uint8Array(32).fill(7));
  signer = svm.signer;
  facilitator = registerSvmSchemes(new x402Facilitator(), svm);
});

after(() => sandbox.close());

describe('sandbox chain basics', () => {
  test('ATA derivation matches kit (async PDA) and the mint decodes like mainnet USDC', async () => {
    const owner = (await newSvmPayer()).address;
    const enc = getAddressEncoder();
    const [expected] = await getProgramDerivedAddress({
      programAddress: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address,
      seeds: [enc.encode(owner), enc.encode('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address), enc.encode(USDC as Address)],
    });
    assert.equal(deriveAta(owner, USDC), expected);

    const { result } = await rpc('getAccountInfo', [USDC, { encoding: 'base64' }]);
    assert.equal(result.value.owner, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    const data = Buffer.from(result.value.data[0], 'base64');
    assert.equal(data.length, 82);
    assert.equal(data[44], 6, 'decimals');
    assert.equal((await rpc('getGenesisHash', [])).result, '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d');
    assert.equal((await rpc('getAccountInfo', [USDT, { encoding: 'base64' }])).result.value, null);
  });

  test('a new payer is funded with 100 sandbox USDC on first sight', async () => {
    const payer = await newSvmPayer();
    assert.equal(await sandboxUsdcBalance(sandbox.url, payer.address), HUNDRED_USDC);
    assert.equal(sandbox.usdcBalance(payer.address), HUNDRED_USDC);
  });

  test('requirements for "$0.002" have the expected shape', async () => {
    const payTo = (await newSvmPayer()).address;
    assert.deepEqual(await requirementsFor(payTo), {
      scheme: 'exact',
      network: SVM_V2_NETWORK,
      asset: USDC,
      amount: '2000',
      payTo,
      maxTimeoutSeconds: 60,
      extra: { feePayer: signer.feePayer },
    });
  });
});

describe('v2 exact: verify and settle', () => {
  test('payer debited exactly, payTo credited exactly, signature confirmed on chain', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const requirements = await requirementsFor(payTo);
    const payload = await payV2(payer, requirements);
    // The payer was never queried: the transfer's authority is funded on first sight during verify.
    const verified = await facilitator.verify(payload, requirements);
    assert.deepEqual({ isValid: verified.isValid, payer: verified.payer }, { isValid: true, payer: payer.address });
    const before = await balances(payer.address, payTo);
    assert.equal(before[0], HUNDRED_USDC, 'verify simulates but never applies');

    const settled = await facilitator.settle(payload, requirements);
    assert.equal(settled.success, true, settled.errorReason);
    assert.deepEqual(await balances(payer.address, payTo), [before[0]! - 2000n, before[1]! + 2000n]);

    const status = await rpc('getSignatureStatuses', [[settled.transaction]]);
    assert.equal(status.result.value[0].err, null);
    assert.equal(status.result.value[0].confirmationStatus, 'confirmed');
  });
});

describe('v1 exact (x402 v1 client, network "solana")', () => {
  test('verifies and settles a v1 payment header', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const requirements = {
      scheme: 'exact' as const,
      network: 'solana' as const,
      maxAmountRequired: '2000',
      resource: 'http://127.0.0.1/v1/test',
      description: 'test',
      mimeType: 'application/json',
      payTo,
      maxTimeoutSeconds: 60,
      asset: USDC,
      extra: { feePayer: signer.feePayer },
    };
    const header = await createPaymentHeader(payer, 1, requirements, v1SvmConfig(sandbox.url));
    const payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentPayload;
    const before = await balances(payer.address, payTo);
    const v1Requirements = requirements as unknown as PaymentRequirements;
    assert.equal((await facilitator.verify(payload, v1Requirements)).isValid, true);
    const settled = await facilitator.settle(payload, v1Requirements);
    assert.equal(settled.success, true, settled.errorReason);
    assert.deepEqual(await balances(payer.address, payTo), [before[0]! - 2000n, before[1]! + 2000n]);
  });
});

describe('rejections leave balances unchanged', () => {
  test('replay of a settled transaction', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const requirements = await requirementsFor(payTo);
    const payload = await payV2(payer, requirements);
    assert.equal((await facilitator.settle(payload, requirements)).success, true);
    const before = await balances(payer.address, payTo);

    // Same facilitator: its settlement cache catches it.
    const again = await facilitator.settle(payload, requirements);
    assert.equal(again.success, false);
    // A facilitator without that cache (e.g. restarted): the chain refuses the already-processed transaction.
    const fresh = registerSvmSchemes(new x402Facilitator(), svm);
    const replay = await fresh.settle(payload, requirements);
    assert.equal(replay.success, false);
    assert.equal(replay.errorReason, 'invalid_exact_svm_transaction_failed');
    // And straight at the RPC, with the identical fully signed bytes.
    const signed = await signer.signTransaction(txOf(payload), signer.feePayer as Address, SVM_V2_NETWORK);
    const direct = await rpc('sendTransaction', [signed, { encoding: 'base64', skipPreflight: true }]);
    assert.equal(direct.error?.code, -32002);
    assert.equal(direct.error?.data?.err, 'AlreadyProcessed');

    assert.deepEqual(await balances(payer.address, payTo), before);
  });

  test('amount too low', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const payload = await payV2(payer, await requirementsFor(payTo, '$0.001'));
    const requirements = await requirementsFor(payTo, '$0.002');
    const before = await balances(payer.address, payTo);
    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.invalidReason, 'invalid_exact_svm_payload_amount_mismatch');
    assert.equal((await facilitator.settle(payload, requirements)).success, false);
    assert.deepEqual(await balances(payer.address, payTo), before);
  });

  test('wrong payTo', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const attacker = (await newSvmPayer()).address;
    const payload = await payV2(payer, await requirementsFor(attacker));
    const requirements = await requirementsFor(payTo);
    const before = await balances(payer.address, payTo, attacker);
    assert.equal((await facilitator.verify(payload, requirements)).invalidReason, 'invalid_exact_svm_payload_recipient_mismatch');
    assert.equal((await facilitator.settle(payload, requirements)).success, false);
    assert.deepEqual(await balances(payer.address, payTo, attacker), before);
  });

  test('wrong mint', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const usdcRequirements = await requirementsFor(payTo);
    const usdtRequirements = { ...usdcRequirements, asset: USDT };
    // Paying USDC where USDT is required is caught by the facilitator...
    const payload = await payV2(payer, usdcRequirements);
    const before = await balances(payer.address, payTo);
    assert.equal((await facilitator.verify(payload, usdtRequirements)).invalidReason, 'invalid_exact_svm_payload_mint_mismatch');
    assert.equal((await facilitator.settle(payload, usdtRequirements)).success, false);
    // ...and the sandbox hosts no other mint, so a client can't even build a USDT payment.
    await assert.rejects(payV2(payer, usdtRequirements));
    assert.deepEqual(await balances(payer.address, payTo), before);
  });

  test('expired blockhash', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const requirements = await requirementsFor(payTo);
    const payload = await payV2(payer, requirements);
    const before = await balances(payer.address, payTo);
    nowMs += 61_000; // > 150 slots of 400 ms
    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.invalidReason, 'invalid_exact_svm_transaction_simulation_failed');
    assert.match(verified.invalidMessage ?? '', /BlockhashNotFound/);
    assert.equal((await facilitator.settle(payload, requirements)).success, false);
    assert.deepEqual(await balances(payer.address, payTo), before);
  });

  test('tampered signature', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const requirements = await requirementsFor(payTo);
    const payload = await payV2(payer, requirements);
    const wire = Buffer.from(txOf(payload), 'base64');
    wire[1 + 64 + 10]! ^= 0xff; // byte 10 of the second signature (the payer's; the first is the fee payer slot)
    const tampered = { ...payload, payload: { transaction: wire.toString('base64') } };
    const before = await balances(payer.address, payTo);

    assert.equal((await facilitator.verify(tampered, requirements)).invalidReason, 'invalid_exact_svm_payload_signature_invalid');
    assert.equal((await facilitator.settle(tampered, requirements)).success, false);
    // The chain itself verifies signatures too: fee-payer-signed but payer-tampered bytes are refused.
    const signed = await signer.signTransaction(wire.toString('base64'), signer.feePayer as Address, SVM_V2_NETWORK);
    const direct = await rpc('sendTransaction', [signed, { encoding: 'base64', skipPreflight: true }]);
    assert.equal(direct.error?.code, -32003);
    assert.deepEqual(await balances(payer.address, payTo), before);
  });

  test('insufficient funds', async () => {
    const payer = await newSvmPayer();
    const payTo = (await newSvmPayer()).address;
    const requirements = await requirementsFor(payTo, '$150');
    const payload = await payV2(payer, requirements, false);
    const before = await balances(payer.address, payTo);
    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.invalidReason, 'invalid_exact_svm_transaction_simulation_failed');
    // kit upcasts JSON numbers to bigint, so the facilitator's message shows them quoted.
    assert.match(verified.invalidMessage ?? '', /\{"InstructionError":\["2",\{"Custom":"1"\}\]\}/);
    assert.equal((await facilitator.settle(payload, requirements)).success, false);

    // Sent straight to the chain: preflight refuses it; with skipPreflight it lands as a failed
    // transaction (fee paid, no token movement) — exactly as on mainnet.
    const signed = await signer.signTransaction(txOf(payload), signer.feePayer as Address, SVM_V2_NETWORK);
    const preflight = await rpc('sendTransaction', [signed, { encoding: 'base64' }]);
    assert.equal(preflight.error?.code, -32002);
    assert.deepEqual(preflight.error?.data?.err, { InstructionError: [2, { Custom: 1 }] });
    const landed = await rpc('sendTransaction', [signed, { encoding: 'base64', skipPreflight: true }]);
    const status = await rpc('getSignatureStatuses', [[landed.result]]);
    assert.deepEqual(status.result.value[0].err, { InstructionError: [2, { Custom: 1 }] });
    assert.deepEqual(await balances(payer.address, payTo), before);
  });
});
