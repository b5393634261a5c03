/**
 * The facilitator must judge a payer's signature as the Solana runtime does (ed25519-dalek `verify_strict`), not
 * as OpenSSL does: R = identity and S = 0 "sign" every message for the identity-point address under RFC 8032, and
 * the real runtime refuses them. Found when the sandbox chain moved to the real runtime (LiteSVM): before, both
 * the chain and our fast path accepted such a payment. Here the facilitator refuses it at verify, and the chain
 * refuses the settled bytes; balances are read from the chain.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  address, appendTransactionMessageInstructions, createNoopSigner, createTransactionMessage, getAddressDecoder,
  getBase64EncodedWireTransaction, partiallySignTransactionMessageWithSigners, pipe, setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash, generateKeyPairSigner, type Blockhash,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferCheckedInstruction } from '@solana-program/token';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { deriveAta } from '../../src/sandbox/solana/accounts.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import { SVM_V2_NETWORK, createSvmFacilitator, registerSvmSchemes, type SvmFacilitator } from '../../src/payments/facilitator/svm.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const HUNDRED_USDC = 100_000_000n;

let sandbox: SolanaSandbox;
let svm: SvmFacilitator;

before(async () => {
  sandbox = await startSolanaSandbox({ now: () => new Date(Date.UTC(2025, 0, 1)) });
  svm = await createSvmFacilitator(sandbox.url, new Uint8Array(32).fill(9));
});
after(() => sandbox.close());

test('a payment "signed" for a small-order address is refused by the facilitator and by the chain', async () => {
  const identity = new Uint8Array(32);
  identity[0] = 1;
  const victim = getAddressDecoder().decode(identity);
  assert.equal(sandbox.usdcBalance(victim), HUNDRED_USDC); // the first-sight faucet funds any address, this one too
  const payTo = (await generateKeyPairSigner()).address;
  const requirements: PaymentRequirements = {
    scheme: 'exact', network: SVM_V2_NETWORK, asset: USDC, amount: '2000', payTo, maxTimeoutSeconds: 60, extra: { feePayer: svm.signer.feePayer },
  };
  const reply = await fetch(sandbox.url, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] }),
  });
  const { value } = ((await reply.json()) as { result: { value: { blockhash: string; lastValidBlockHeight: number } } }).result;
  // The official client's layout: compute limit, compute price, TransferChecked; the facilitator pays the fee.
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(svm.signer.feePayer)), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions([
      getSetComputeUnitLimitInstruction({ units: 20_000 }),
      getSetComputeUnitPriceInstruction({ microLamports: 1n }),
      getTransferCheckedInstruction({
        source: address(deriveAta(victim, USDC)), mint: address(USDC), destination: address(deriveAta(payTo, USDC)),
        authority: createNoopSigner(address(victim)), amount: 2_000n, decimals: 6,
      }),
    ], m),
  );
  const wire = Buffer.from(getBase64EncodedWireTransaction(await partiallySignTransactionMessageWithSigners(message)), 'base64');
  assert.equal(wire[0], 2, 'two signers: the fee payer, then the victim');
  wire.fill(0, 1 + 64, 1 + 128);
  wire[1 + 64] = 1; // the victim's "signature": R = the identity point's encoding, S = 0
  const payload: PaymentPayload = {
    x402Version: 2,
    resource: { url: 'http://127.0.0.1/v1/test', description: 'test', mimeType: 'application/json' },
    accepted: requirements,
    payload: { transaction: wire.toString('base64') },
  };
  const facilitator = registerSvmSchemes(new x402Facilitator(), svm);

  const verified = await facilitator.verify(payload, requirements);
  assert.equal(verified.invalidReason, 'invalid_exact_svm_payload_signature_invalid');
  assert.equal((await facilitator.settle(payload, requirements)).success, false);
  // The chain's own verdict on the fee-payer-signed bytes: signature verification failure.
  const signed = await svm.signer.signTransaction(wire.toString('base64'), svm.signer.feePayer as never, SVM_V2_NETWORK);
  const sent = await fetch(sandbox.url, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'sendTransaction', params: [signed, { encoding: 'base64', skipPreflight: true }] }),
  });
  assert.equal(((await sent.json()) as { error?: { code: number } }).error?.code, -32003);
  assert.equal(sandbox.peekUsdcBalance(victim), HUNDRED_USDC);
  assert.equal(sandbox.peekUsdcBalance(payTo), 0n);
});
