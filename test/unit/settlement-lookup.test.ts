/**
 * The on-chain settlement lookups used when a facilitator's settle throws after a broadcast
 * (src/payments/settlement-lookup*.ts): the EVM calldata matcher and block scan against a fake node,
 * and the Solana transaction id recomputed from the facilitator's key, checked against the id the
 * official facilitator signer actually produces.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eip3009ABI } from '@x402/evm';
import {
  address, appendTransactionMessageInstruction, blockhash, compileTransaction, createTransactionMessage, generateKeyPairSigner,
  getBase58Decoder, getBase64EncodedWireTransaction, getBase64Encoder, getTransactionDecoder, partiallySignTransaction, pipe,
  setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { encodeFunctionData, parseSignature, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { evmSettlementLookup, matchesPayment } from '../../src/payments/settlement-lookup-evm.js';
import { expectedSettlementId, svmSettlementLookup } from '../../src/payments/settlement-lookup-svm.js';
import { lookupByNetwork, type JsonRpc, type SettlementLookup, type SettlementTarget } from '../../src/payments/settlement-lookup.js';
import { createSvmFacilitatorSigner, svmKeyPairFromSecret, SVM_V2_NETWORK } from '../../src/payments/facilitator/svm.js';

const ASSET = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAY_TO = '0x1111111111111111111111111111111111111111';
const payer = privateKeyToAccount(generatePrivateKey());
const NONCE = `0x${'ab'.repeat(32)}` as Hex;
const SIGNATURE = await payer.signMessage({ message: 'any 65-byte signature will do for calldata' });
const FAST = { polls: 1, intervalMs: 1 };

const target: SettlementTarget = {
  network: 'eip155:8453', asset: ASSET, payTo: PAY_TO, amount: 2000n,
  payload: { signature: SIGNATURE, authorization: { from: payer.address, to: PAY_TO, value: '2000', validAfter: '0', validBefore: '9999999999', nonce: NONCE } },
};

interface Fields { from?: Hex; to?: Hex; value?: bigint; nonce?: Hex }

function calldata(fields: Fields = {}, variant: 'vrs' | 'bytes' = 'vrs'): Hex {
  const base = [fields.from ?? payer.address, fields.to ?? PAY_TO, fields.value ?? 2000n, 0n, 9999999999n, fields.nonce ?? NONCE] as const;
  if (variant === 'bytes') return encodeFunctionData({ abi: eip3009ABI, functionName: 'transferWithAuthorization', args: [...base, SIGNATURE] });
  const { v, r, s } = parseSignature(SIGNATURE);
  return encodeFunctionData({ abi: eip3009ABI, functionName: 'transferWithAuthorization', args: [...base, Number(v), r, s] });
}

test('EVM matcher: both transferWithAuthorization overloads with exactly the payment match; any other field does not', () => {
  assert.equal(matchesPayment({ to: ASSET, input: calldata() }, target), true);
  assert.equal(matchesPayment({ to: ASSET.toLowerCase(), input: calldata({}, 'bytes') }, target), true);
  const misses: [string, { to: string | null; input: string }][] = [
    ['wrong nonce', { to: ASSET, input: calldata({ nonce: `0x${'cd'.repeat(32)}` }) }],
    // A payer burning the nonce by paying themselves: same from/value/nonce, to ≠ payTo.
    ['to ≠ payTo', { to: ASSET, input: calldata({ to: payer.address }) }],
    ['wrong value', { to: ASSET, input: calldata({ value: 1999n }) }],
    ['wrong from', { to: ASSET, input: calldata({ from: PAY_TO }) }],
    ['another contract', { to: PAY_TO, input: calldata() }],
    ['contract creation', { to: null, input: calldata() }],
    ['another function', { to: ASSET, input: encodeFunctionData({ abi: eip3009ABI, functionName: 'balanceOf', args: [PAY_TO] }) }],
    ['garbage calldata', { to: ASSET, input: '0xdeadbeef' }],
  ];
  for (const [why, tx] of misses) assert.equal(matchesPayment(tx, target), false, why);
  assert.equal(matchesPayment({ to: ASSET, input: calldata() }, { ...target, payload: { transaction: 'AAAA' } }), false, 'not an EIP-3009 payload');
});

/** A fake Base node: blocks of transactions with receipts, counting the calls made. */
function fakeNode(blocks: { hash: Hex; to: string; input: Hex; status: '0x1' | '0x0' }[][], first = 100n) {
  const calls: string[] = [];
  const rpc: JsonRpc = async (method, params) => {
    calls.push(method);
    if (method === 'eth_blockNumber') return `0x${(first + BigInt(blocks.length) - 1n).toString(16)}`;
    if (method === 'eth_getBlockByNumber') {
      const txs = blocks[Number(BigInt(String(params[0])) - first)];
      return txs ? { transactions: txs.map(({ status: _s, ...tx }) => tx) } : null;
    }
    if (method === 'eth_getTransactionReceipt') {
      const tx = blocks.flat().find((t) => t.hash === params[0]);
      return tx ? { status: tx.status } : null;
    }
    throw new Error(`unexpected ${method}`);
  };
  return { rpc, calls };
}

const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

test('EVM scan: finds the successful matching transfer from the marked block on; a reverted or mismatched one is not found', async () => {
  const good = { hash: h(3), to: ASSET, input: calldata(), status: '0x1' as const };
  const reverted = { ...good, hash: h(2), status: '0x0' as const };
  const burned = { hash: h(1), to: ASSET, input: calldata({ to: payer.address }), status: '0x1' as const };
  const { rpc, calls } = fakeNode([[], [burned], [reverted], [good]]);
  const lookup = evmSettlementLookup({ rpc, bound: FAST });
  assert.deepEqual(await lookup.find(target, { at: 0, block: 100n }), { transaction: h(3) });
  // Receipts are read only for calldata matches (the reverted one and the good one).
  assert.equal(calls.filter((c) => c === 'eth_getTransactionReceipt').length, 2);
  assert.deepEqual(await lookup.mark('eip155:8453').then((m) => m.block), 103n);

  const failedOnly = evmSettlementLookup({ rpc: fakeNode([[burned], [reverted]]).rpc, bound: FAST });
  assert.equal(await failedOnly.find(target, { at: 0, block: 100n }), undefined, 'failed receipt → not found');
  // The mark is read alongside settle: two blocks before it are scanned too, none earlier.
  assert.deepEqual(await lookup.find(target, { at: 0, block: 105n }), { transaction: h(3) });
  assert.equal(await lookup.find(target, { at: 0, block: 106n }), undefined);
  const wrongNonce = { ...target, payload: { ...target.payload, authorization: { ...(target.payload.authorization as object), nonce: h(9) } } };
  assert.equal(await lookup.find(wrongNonce, { at: 0, block: 100n }), undefined, 'wrong nonce → not found');
  assert.equal(await lookup.find({ ...target, payTo: payer.address }, { at: 0, block: 100n }), undefined, 'wrong payTo → not found');
  assert.equal(await lookup.find({ ...target, amount: 2001n }, { at: 0, block: 100n }), undefined, 'value below the price → not found');
});

test('lookupByNetwork: a failing node or an unknown network finds nothing instead of throwing', async () => {
  const broken: SettlementLookup = evmSettlementLookup({ rpc: async () => { throw new Error('ECONNRESET'); }, bound: FAST });
  const lookup = lookupByNetwork({ 'eip155:8453': broken });
  const mark = await lookup.mark('eip155:8453');
  assert.equal(mark.block, undefined);
  assert.equal(await lookup.find(target, mark), undefined);
  assert.equal(await lookup.find({ ...target, network: 'eip155:1' }, mark), undefined);
});

test('Solana: the recomputed id is the one the official facilitator signer broadcasts; statuses decide found', async (t) => {
  const seed = new Uint8Array(32).fill(7);
  const feePayer = await svmKeyPairFromSecret(seed);
  const client = await generateKeyPairSigner();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 1n }, m),
    (m) => appendTransactionMessageInstruction({ programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), accounts: [{ address: client.address, role: 2 }], data: new Uint8Array([1, 2, 3]) }, m),
  );
  const partial = await partiallySignTransaction([client.keyPair], compileTransaction(message));
  const wire = getBase64EncodedWireTransaction(partial);

  const signer = await createSvmFacilitatorSigner('http://127.0.0.1:9', seed);
  const signed = getTransactionDecoder().decode(getBase64Encoder().encode(await signer.signTransaction(wire, feePayer.address, SVM_V2_NETWORK)));
  const broadcastId = getBase58Decoder().decode(signed.signatures[feePayer.address]!);
  const id = await expectedSettlementId(wire, feePayer);
  t.diagnostic(`recomputed id ${id}`);
  assert.equal(id, broadcastId);
  // Another fee payer's transaction is not ours to recompute.
  assert.equal(await expectedSettlementId(wire, await svmKeyPairFromSecret(new Uint8Array(32).fill(8))), undefined);

  const statuses = (value: unknown): JsonRpc => async (method, params) => {
    assert.equal(method, 'getSignatureStatuses');
    assert.deepEqual((params[0] as string[])[0], id);
    return { context: { slot: 1 }, value: [value] };
  };
  const find = (value: unknown) => svmSettlementLookup({ rpc: statuses(value), feePayer, bound: FAST }).find({ ...target, network: SVM_V2_NETWORK, payload: { transaction: wire } }, { at: 0 });
  assert.deepEqual(await find({ slot: 5, err: null, confirmationStatus: 'confirmed' }), { transaction: id });
  assert.deepEqual(await find({ slot: 5, err: null, confirmationStatus: 'finalized' }), { transaction: id });
  assert.equal(await find({ slot: 5, err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' }), undefined, 'landed with an error');
  assert.equal(await find(null), undefined, 'never landed');
  assert.equal(await find({ slot: 5, err: null, confirmationStatus: 'processed' }), undefined, 'not confirmed within the bound');
});
