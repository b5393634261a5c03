/**
 * The sandbox payment chains' fault modes (src/sandbox/chain-faults.ts), through JSON-RPC on loopback: what a
 * client sees (answers, errors, HTTP statuses) and what the ledger holds, for each mode on each chain. Long
 * delays are cut short with `landPendingNow()`, so no verdict depends on how fast the machine is; the few
 * waits on real timers wait for an event (`whenIdle`, a block number), never for a duration.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  address, appendTransactionMessageInstructions, createTransactionMessage, generateKeyPairSigner, getBase64EncodedWireTransaction,
  getSignatureFromTransaction, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners, type Blockhash, type KeyPairSigner,
} from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import { encodeFunctionData, keccak256, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { parseSandboxChainFaults, ChainFaultController, REALISTIC_BLOCK_MS } from '../../src/sandbox/chain-faults.js';
import { deriveAta } from '../../src/sandbox/solana/accounts.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { BASE_USDC_ADDRESS, transferWithAuthorizationTypes, usdcAbi, USDC_NAME, USDC_VERSION } from '../../src/sandbox/base/abi.js';
import { loadConfig } from '../../src/config/index.js';
import { startService } from '../../src/service.js';
import { startTestService } from '../helpers/service.js';
import { until } from '../helpers/measured.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const HUNDRED_USDC = 100_000_000n;
const FEE_PAYER_SOL = 1_000_000_000_000n;
/** Two signers (the fee payer and the payer) at 5,000 lamports each. */
const FEE = 10_000n;
/** Long enough never to pass during a test: these tests land transactions with landPendingNow(). */
const FOREVER_MS = 600_000;

interface RpcReply {
  id?: unknown;
  result?: any;
  error?: { code: number; message: string };
}

async function post(url: string, body: unknown): Promise<{ status: number; json?: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, ...(res.headers.get('content-type')?.includes('json') ? { json: JSON.parse(text) } : {}) };
}

let nextId = 1;
async function rpc(url: string, method: string, params: unknown[]): Promise<RpcReply> {
  const { status, json } = await post(url, { jsonrpc: '2.0', id: nextId++, method, params });
  assert.equal(status, 200, `${method} answered HTTP ${status}`);
  return json as RpcReply;
}

async function result(url: string, method: string, params: unknown[]): Promise<any> {
  const reply = await rpc(url, method, params);
  assert.equal(reply.error, undefined, `${method}: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

// ---- Solana ----------------------------------------------------------------------------------------------

let clockOffsetMs = 0;
let solana: SolanaSandbox;

/** A USDC transfer from `payer` to `payee`, fees paid by `feePayer` (as the facilitator pays them), base64 wire. */
async function solanaTransfer(payer: KeyPairSigner, feePayer: KeyPairSigner, payee: string, amount = 1_000n): Promise<{ wire: string; id: string }> {
  const { value } = await result(solana.url, 'getLatestBlockhash', []);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions([getTransferCheckedInstruction({
      source: address(deriveAta(payer.address, USDC)), mint: address(USDC), destination: address(deriveAta(payee, USDC)),
      authority: payer, amount, decimals: 6,
    })], m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return { wire: getBase64EncodedWireTransaction(signed), id: getSignatureFromTransaction(signed) };
}

const sendParams = (wire: string) => [wire, { encoding: 'base64', skipPreflight: true, preflightCommitment: 'confirmed' }];

async function statusOf(id: string): Promise<{ confirmationStatus: string; err: unknown } | null> {
  return (await result(solana.url, 'getSignatureStatuses', [[id]])).value[0];
}

/** A funded payer (100 USDC, the first-sight faucet), a fresh fee payer and a fresh payee. */
async function solanaParties(): Promise<{ payer: KeyPairSigner; feePayer: KeyPairSigner; payee: string }> {
  const [payer, feePayer, payee] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner()]);
  assert.equal(solana.usdcBalance(payer.address), HUNDRED_USDC);
  return { payer, feePayer, payee: payee.address };
}

describe('Solana chain faults', () => {
  before(async () => {
    solana = await startSolanaSandbox({ now: () => new Date(Date.now() + clockOffsetMs) });
  });
  after(() => solana.close());
  beforeEach(() => solana.faults.clear());

  test('balance reads: usdcBalance funds on first sight, peekUsdcBalance and lamports never fund', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    assert.equal(solana.peekUsdcBalance(wallet), 0n);
    assert.equal(solana.peekUsdcBalance(wallet), 0n, 'a peek funds nobody');
    assert.equal(solana.usdcBalance(wallet), HUNDRED_USDC);
    assert.equal(solana.peekUsdcBalance(wallet), HUNDRED_USDC);
    assert.equal(solana.lamports(wallet), 0n);
    assert.equal(solana.lamports(wallet), 0n, 'a lamports read airdrops nothing');
  });

  test('confirmationDelayMs: the signature is answered and taken at once, the transfer and its status come when it lands', async () => {
    solana.faults.set({ confirmationDelayMs: FOREVER_MS });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);

    assert.equal(await statusOf(id), null);
    assert.equal(await result(solana.url, 'getTransaction', [id, { encoding: 'base64' }]), null);
    assert.equal(solana.peekUsdcBalance(payer.address), HUNDRED_USDC);
    assert.equal(solana.peekUsdcBalance(payee), 0n);
    assert.equal(solana.lamports(feePayer.address), FEE_PAYER_SOL, 'no fee charged before landing');
    const duplicate = await rpc(solana.url, 'sendTransaction', sendParams(wire));
    assert.equal(duplicate.error?.code, -32002);
    assert.match(duplicate.error!.message, /already been processed/);
    assert.equal(solana.faults.counts().pending, 1);

    await solana.faults.landPendingNow();
    assert.equal((await statusOf(id))?.confirmationStatus, 'confirmed');
    assert.equal((await statusOf(id))?.err, null);
    assert.notEqual(await result(solana.url, 'getTransaction', [id, { encoding: 'base64' }]), null);
    assert.equal(solana.peekUsdcBalance(payer.address), HUNDRED_USDC - 1_000n);
    assert.equal(solana.peekUsdcBalance(payee), 1_000n);
    assert.equal(solana.lamports(feePayer.address), FEE_PAYER_SOL - FEE);
    assert.deepEqual({ ...solana.faults.counts() }, {
      reads: 3, readsFailed: 0, readsSlowed: 0, broadcasts: 2, broadcastsDropped: 0, broadcastsFailed: 0, broadcastsAnswerLost: 0,
      pending: 0, landedLate: 1, neverLanded: 0,
    });
  });

  test('confirmationDelayMs lands on its own real-time timer', async () => {
    solana.faults.set({ confirmationDelayMs: 20 });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);
    await solana.faults.whenIdle();
    assert.equal((await statusOf(id))?.confirmationStatus, 'confirmed');
    assert.equal(solana.peekUsdcBalance(payee), 1_000n);
  });

  test('a delayed transaction whose blockhash expires before it lands never lands', async () => {
    solana.faults.set({ confirmationDelayMs: FOREVER_MS });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);
    clockOffsetMs += 61_000; // past 150 slots of 400 ms
    await solana.faults.landPendingNow();
    assert.equal(await statusOf(id), null);
    assert.equal(solana.peekUsdcBalance(payer.address), HUNDRED_USDC);
    assert.equal(solana.peekUsdcBalance(payee), 0n);
    assert.equal(solana.lamports(feePayer.address), FEE_PAYER_SOL);
    assert.equal(solana.faults.counts().neverLanded, 1);
  });

  test('realisticBlockTimes: lands at the end of a 400 ms slot, confirmed one slot later, statuses only move forward', async () => {
    const controller = new ChainFaultController('solana', { realisticBlockTimes: true });
    const sentAt = performance.now();
    const landing = controller.landingTime(sentAt)!;
    assert.ok(landing.landAt > sentAt && landing.landAt <= sentAt + 400, 'in the slot being built');
    assert.equal(landing.confirmAt, landing.landAt + REALISTIC_BLOCK_MS.solana);
    const delayed = new ChainFaultController('solana', { realisticBlockTimes: true, confirmationDelayMs: 1_000 }).landingTime(sentAt)!;
    assert.ok(delayed.landAt >= sentAt + 1_000 && delayed.landAt < sentAt + 1_400, 'the first slot end after the delay');

    solana.faults.set({ realisticBlockTimes: true });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);
    const order = [null, 'processed', 'confirmed'];
    const seen: (string | null)[] = [];
    await until(async () => {
      const status = await statusOf(id);
      seen.push(status?.confirmationStatus ?? null);
      return status?.confirmationStatus === 'confirmed';
    }, 20);
    const ranks = seen.map((s) => order.indexOf(s));
    assert.ok(ranks.every((r) => r >= 0), `statuses: ${seen.join(', ')}`);
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), `statuses only move forward: ${seen.join(', ')}`);
    assert.equal(solana.peekUsdcBalance(payee), 1_000n);
  });

  test('statusReadFailures: the next n reads answer a JSON-RPC error, then reads work', async () => {
    solana.faults.set({ statusReadFailures: 2 });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);
    for (let i = 0; i < 2; i++) {
      const reply = await rpc(solana.url, 'getSignatureStatuses', [[id]]);
      assert.deepEqual(reply.error, { code: -32005, message: 'Node is unhealthy (sandbox chain fault)' });
      assert.equal(reply.result, undefined);
    }
    assert.equal((await statusOf(id))?.confirmationStatus, 'confirmed');
    assert.equal(solana.faults.counts().reads, 3);
    assert.equal(solana.faults.counts().readsFailed, 2);
    assert.equal(solana.faults.counts().broadcasts, 1);
  });

  test('statusReadFailures in a batch: `after` lets the read beside the broadcast through; only the read entry fails', async () => {
    solana.faults.set({ statusReadFailures: { count: 1, after: 1, error: { code: -32603, message: 'Internal error' } } });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    const first = await post(solana.url, [
      { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: sendParams(wire) },
      { jsonrpc: '2.0', id: 2, method: 'getSignatureStatuses', params: [[id]] },
    ]);
    assert.equal(first.json[0].result, id);
    assert.equal(first.json[1].result.value[0].confirmationStatus, 'confirmed');
    const second = await post(solana.url, [
      { jsonrpc: '2.0', id: 3, method: 'getSignatureStatuses', params: [[id]] },
      { jsonrpc: '2.0', id: 4, method: 'getSlot', params: [] },
    ]);
    assert.deepEqual(second.json[0], { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'Internal error' } });
    assert.equal(typeof second.json[1].result, 'number');
  });

  test('statusReadFailures rate 0.25 fails exactly every 4th read', async () => {
    solana.faults.set({ statusReadFailures: { rate: 0.25 } });
    const failed: number[] = [];
    for (let i = 1; i <= 8; i++) {
      if ((await rpc(solana.url, 'getSignatureStatuses', [['1111111111111111111111111111111111111111111111111111111111111111']])).error) failed.push(i);
    }
    assert.deepEqual(failed, [4, 8]);
    assert.equal(solana.faults.counts().readsFailed, 2);
  });

  test('statusReadFailures as http-503: the HTTP request is refused and nothing in it runs, not even a broadcast', async () => {
    solana.faults.set({ statusReadFailures: { count: 1, as: 'http-503' } });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    const refused = await post(solana.url, [
      { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: sendParams(wire) },
      { jsonrpc: '2.0', id: 2, method: 'getSignatureStatuses', params: [[id]] },
    ]);
    assert.equal(refused.status, 503);
    assert.equal(await statusOf(id), null);
    assert.equal(solana.peekUsdcBalance(payee), 0n);
    assert.deepEqual([solana.faults.counts().reads, solana.faults.counts().readsFailed, solana.faults.counts().broadcasts], [2, 1, 0]);
    // Sent again, it lands: the refused request left nothing behind.
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);
    assert.equal((await statusOf(id))?.confirmationStatus, 'confirmed');
  });

  test('slowReadsMs holds status reads and answers them correctly', async () => {
    solana.faults.set({ slowReadsMs: 30 });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);
    assert.equal((await statusOf(id))?.confirmationStatus, 'confirmed');
    assert.equal(await result(solana.url, 'getSlot', []) > 0, true);
    assert.equal(solana.faults.counts().readsSlowed, 1, 'only the status read was held');
  });

  test('dropBroadcasts: the signature is answered but nothing lands; sent again it lands, until its blockhash expires', async () => {
    solana.faults.set({ dropBroadcasts: 1 });
    const { payer, feePayer, payee } = await solanaParties();
    const dropped = await solanaTransfer(payer, feePayer, payee);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(dropped.wire)), dropped.id);
    await solana.faults.whenIdle();
    assert.equal(await statusOf(dropped.id), null);
    assert.equal(solana.peekUsdcBalance(payer.address), HUNDRED_USDC);
    assert.equal(solana.peekUsdcBalance(payee), 0n);
    assert.equal(solana.lamports(feePayer.address), 0n, 'never executed, not even seen');
    assert.equal(solana.faults.counts().broadcastsDropped, 1);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(dropped.wire)), dropped.id);
    assert.equal((await statusOf(dropped.id))?.confirmationStatus, 'confirmed');
    assert.equal(solana.peekUsdcBalance(payee), 1_000n);

    solana.faults.set({ dropBroadcasts: 1 });
    const late = await solanaTransfer(payer, feePayer, payee, 2_000n); // another amount: another transaction
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(late.wire)), late.id);
    clockOffsetMs += 61_000;
    const resent = await rpc(solana.url, 'sendTransaction', sendParams(late.wire));
    assert.equal(resent.error?.code, -32002);
    assert.match(resent.error!.message, /Blockhash not found/);
    assert.equal(await statusOf(late.id), null);
    assert.equal(solana.peekUsdcBalance(payee), 1_000n);
  });

  test('failBroadcasts: refused with an error, nothing lands, nothing is reserved', async () => {
    solana.faults.set({ failBroadcasts: 1 });
    const { payer, feePayer, payee } = await solanaParties();
    const { wire, id } = await solanaTransfer(payer, feePayer, payee);
    const refused = await rpc(solana.url, 'sendTransaction', sendParams(wire));
    assert.deepEqual(refused.error, { code: -32005, message: 'Node is unhealthy (sandbox chain fault)' });
    assert.equal(await statusOf(id), null);
    assert.equal(solana.peekUsdcBalance(payee), 0n);
    assert.equal(await result(solana.url, 'sendTransaction', sendParams(wire)), id);
    assert.equal(solana.peekUsdcBalance(payee), 1_000n);
    assert.equal(solana.faults.counts().broadcastsFailed, 1);
    assert.equal(solana.faults.counts().broadcasts, 2);
  });

  test('failBroadcasts landed: the transaction lands and the answer is lost (JSON-RPC error or HTTP 503)', async () => {
    solana.faults.set({ failBroadcasts: { count: 1, landed: true } });
    const { payer, feePayer, payee } = await solanaParties();
    const first = await solanaTransfer(payer, feePayer, payee);
    const lost = await rpc(solana.url, 'sendTransaction', sendParams(first.wire));
    assert.equal(lost.error?.code, -32005);
    assert.equal((await statusOf(first.id))?.confirmationStatus, 'confirmed');
    assert.equal(solana.peekUsdcBalance(payee), 1_000n);
    const again = await rpc(solana.url, 'sendTransaction', sendParams(first.wire));
    assert.match(again.error!.message, /already been processed/);
    assert.equal(solana.faults.counts().broadcastsAnswerLost, 1);

    solana.faults.set({ failBroadcasts: { count: 1, landed: true, as: 'http-503' } });
    const second = await solanaTransfer(payer, feePayer, payee, 2_000n); // another amount: another transaction
    assert.equal((await post(solana.url, { jsonrpc: '2.0', id: 9, method: 'sendTransaction', params: sendParams(second.wire) })).status, 503);
    assert.equal((await statusOf(second.id))?.confirmationStatus, 'confirmed');
    assert.equal(solana.peekUsdcBalance(payee), 3_000n);
  });

  test('an invalid setting is refused and leaves the previous ones in force', () => {
    solana.faults.set({ dropBroadcasts: 2 });
    assert.throws(() => solana.faults.set({ receiptReadFailures: 1 }), /Base chain's; use statusReadFailures/);
    assert.throws(() => solana.faults.set({ statusReadFailures: { rate: 2 } }), /within 0\.\.1/);
    assert.throws(() => solana.faults.set({ dropBroadcast: 1 } as never), /not a chain fault/);
    assert.deepEqual(solana.faults.get(), { dropBroadcasts: 2 });
  });
});

// ---- Base ------------------------------------------------------------------------------------------------

let base: BaseSandbox;

interface BaseTransfer {
  raw: Hex;
  hash: Hex;
}

/** An EIP-3009 transfer of `value` from `payer` to `to`, broadcast by `relayer` (as the facilitator does) with `nonce`. */
async function baseTransfer(payer: PrivateKeyAccount, relayer: PrivateKeyAccount, to: Address, nonce: number, opts: { value?: bigint; authNonce?: Hex } = {}): Promise<BaseTransfer> {
  const auth = {
    from: payer.address, to, value: opts.value ?? 1_000n, validAfter: 0n,
    validBefore: BigInt(Math.floor(Date.now() / 1000) + 3_600), nonce: opts.authNonce ?? toHex(randomBytes(32)),
  };
  const signature = await payer.signTypedData({
    domain: { name: USDC_NAME, version: USDC_VERSION, chainId: 8453, verifyingContract: BASE_USDC_ADDRESS },
    types: transferWithAuthorizationTypes, primaryType: 'TransferWithAuthorization', message: auth,
  });
  const data = encodeFunctionData({
    abi: usdcAbi, functionName: 'transferWithAuthorization',
    args: [auth.from, auth.to, auth.value, auth.validAfter, auth.validBefore, auth.nonce, signature],
  });
  const raw = await relayer.signTransaction({
    type: 'eip1559', chainId: 8453, nonce, to: BASE_USDC_ADDRESS, data, gas: 100_000n, maxFeePerGas: 3_000_000n, maxPriorityFeePerGas: 1_000_000n, value: 0n,
  });
  return { raw, hash: keccak256(raw) };
}

const account = () => privateKeyToAccount(generatePrivateKey());

async function receiptOf(hash: Hex): Promise<{ status: string; blockNumber: string } | null> {
  return result(base.url, 'eth_getTransactionReceipt', [hash]);
}

async function blockNumber(): Promise<bigint> {
  return BigInt(await result(base.url, 'eth_blockNumber', []));
}

describe('Base chain faults', () => {
  before(async () => {
    base = await startBaseSandbox();
  });
  after(() => base.close());
  beforeEach(() => base.faults.clear());

  test('usdcBalance reads the ledger with no side effect (an unseen address reads as the fund amount)', () => {
    const fresh = account().address;
    assert.equal(base.usdcBalance(fresh), HUNDRED_USDC);
    assert.equal(base.balanceOf(fresh), HUNDRED_USDC);
  });

  test('confirmationDelayMs: hash and nonce taken at once, no receipt, block or transfer until it lands', async () => {
    base.faults.set({ confirmationDelayMs: FOREVER_MS });
    const [payer, relayer, payee] = [account(), account(), account().address];
    const tx = await baseTransfer(payer, relayer, payee, 0);
    const height = await blockNumber();
    assert.equal(await result(base.url, 'eth_sendRawTransaction', [tx.raw]), tx.hash);

    assert.equal(await receiptOf(tx.hash), null);
    assert.equal(await blockNumber(), height);
    const pending = await result(base.url, 'eth_getTransactionByHash', [tx.hash]);
    assert.equal(pending.hash, tx.hash);
    assert.equal(pending.blockNumber, null);
    assert.equal(pending.blockHash, null);
    assert.equal(await result(base.url, 'eth_getTransactionCount', [relayer.address, 'pending']), '0x1');
    assert.equal((await rpc(base.url, 'eth_sendRawTransaction', [tx.raw])).error?.message, 'already known');
    const sameNonce = await baseTransfer(payer, relayer, payee, 0);
    assert.match((await rpc(base.url, 'eth_sendRawTransaction', [sameNonce.raw])).error!.message, /^nonce too low/);
    assert.equal(base.usdcBalance(payer.address), HUNDRED_USDC);
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC);
    assert.equal(base.faults.counts().pending, 1);

    await base.faults.landPendingNow();
    const receipt = await receiptOf(tx.hash);
    assert.equal(receipt?.status, '0x1');
    assert.equal(BigInt(receipt!.blockNumber), height + 1n);
    assert.equal(await blockNumber(), height + 1n);
    assert.equal(base.usdcBalance(payer.address), HUNDRED_USDC - 1_000n);
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC + 1_000n);
    assert.equal(base.faults.counts().landedLate, 1);
  });

  test('a delayed transaction executes against the state of its block: a reused authorization reverts there', async () => {
    base.faults.set({ confirmationDelayMs: FOREVER_MS });
    const [payer, relayer, payee] = [account(), account(), account().address];
    const authNonce = toHex(randomBytes(32));
    const first = await baseTransfer(payer, relayer, payee, 0, { authNonce });
    const second = await baseTransfer(payer, relayer, payee, 1, { authNonce });
    assert.equal(await result(base.url, 'eth_sendRawTransaction', [first.raw]), first.hash);
    // Accepted: at send time the authorization is still unused on chain.
    assert.equal(await result(base.url, 'eth_sendRawTransaction', [second.raw]), second.hash);
    await base.faults.landPendingNow();
    const [a, b] = [await receiptOf(first.hash), await receiptOf(second.hash)];
    assert.equal(a?.status, '0x1');
    assert.equal(b?.status, '0x0');
    assert.equal(a?.blockNumber, b?.blockNumber, 'one block holds both');
    const block = await result(base.url, 'eth_getBlockByNumber', [a!.blockNumber, false]);
    assert.deepEqual(block.transactions, [first.hash, second.hash]);
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC + 1_000n, 'moved once');
  });

  test('realisticBlockTimes: a block every 2 s with or without traffic; a transaction lands in the next one', async () => {
    const sentAt = performance.now();
    const landing = new ChainFaultController('base', { realisticBlockTimes: true }).landingTime(sentAt)!;
    assert.ok(landing.landAt > sentAt && landing.landAt <= sentAt + 2_000);
    assert.equal(landing.confirmAt, landing.landAt);

    base.faults.set({ realisticBlockTimes: true });
    const start = await blockNumber();
    await until(async () => (await blockNumber()) >= start + 1n, 100);
    const [payer, relayer, payee] = [account(), account(), account().address];
    const tx = await baseTransfer(payer, relayer, payee, 0);
    const atSend = await blockNumber();
    assert.equal(await result(base.url, 'eth_sendRawTransaction', [tx.raw]), tx.hash);
    const receipt = await until(() => receiptOf(tx.hash), 100);
    assert.equal(receipt.status, '0x1');
    assert.ok(BigInt(receipt.blockNumber) > atSend);
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC + 1_000n);
    base.faults.clear();
    // Off again: no more blocks without transactions.
    const stopped = await blockNumber();
    const next = await baseTransfer(payer, relayer, payee, 1);
    await result(base.url, 'eth_sendRawTransaction', [next.raw]);
    assert.equal(await blockNumber(), stopped + 1n);
  });

  test('receiptReadFailures: count with `after`, and as http-503', async () => {
    base.faults.set({ receiptReadFailures: { count: 1, after: 1 } });
    const [payer, relayer, payee] = [account(), account(), account().address];
    const tx = await baseTransfer(payer, relayer, payee, 0);
    const batch = await post(base.url, [
      { jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [tx.raw] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getTransactionReceipt', params: [tx.hash] },
    ]);
    assert.equal(batch.json[0].result, tx.hash);
    assert.equal(batch.json[1].result.status, '0x1');
    assert.deepEqual((await rpc(base.url, 'eth_getTransactionReceipt', [tx.hash])).error, { code: -32603, message: 'internal error (sandbox chain fault)' });
    assert.equal((await receiptOf(tx.hash))?.status, '0x1');
    assert.deepEqual([base.faults.counts().reads, base.faults.counts().readsFailed], [3, 1]);

    base.faults.set({ receiptReadFailures: { count: 1, as: 'http-503' } });
    assert.equal((await post(base.url, { jsonrpc: '2.0', id: 3, method: 'eth_getTransactionReceipt', params: [tx.hash] })).status, 503);
    assert.equal((await post(base.url, { jsonrpc: '2.0', id: 4, method: 'eth_blockNumber', params: [] })).status, 200, 'only requests carrying reads');
    assert.equal((await receiptOf(tx.hash))?.status, '0x1');
  });

  test('slowReadsMs holds receipt reads and answers them correctly', async () => {
    base.faults.set({ slowReadsMs: 30 });
    const [payer, relayer, payee] = [account(), account(), account().address];
    const tx = await baseTransfer(payer, relayer, payee, 0);
    await result(base.url, 'eth_sendRawTransaction', [tx.raw]);
    assert.equal((await receiptOf(tx.hash))?.status, '0x1');
    assert.equal(base.faults.counts().readsSlowed, 1);
  });

  test('dropBroadcasts: the hash is answered, nothing is taken or lands; sent again it lands', async () => {
    base.faults.set({ dropBroadcasts: 1 });
    const [payer, relayer, payee] = [account(), account(), account().address];
    const tx = await baseTransfer(payer, relayer, payee, 0);
    const height = await blockNumber();
    assert.equal(await result(base.url, 'eth_sendRawTransaction', [tx.raw]), tx.hash);
    await base.faults.whenIdle();
    assert.equal(await receiptOf(tx.hash), null);
    assert.equal(await result(base.url, 'eth_getTransactionByHash', [tx.hash]), null);
    assert.equal(await result(base.url, 'eth_getTransactionCount', [relayer.address, 'pending']), '0x0');
    assert.equal(await blockNumber(), height);
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC);
    assert.equal(base.faults.counts().broadcastsDropped, 1);
    assert.equal(await result(base.url, 'eth_sendRawTransaction', [tx.raw]), tx.hash);
    assert.equal((await receiptOf(tx.hash))?.status, '0x1');
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC + 1_000n);
  });

  test('failBroadcasts: refused (nothing taken), or landed with the answer lost', async () => {
    base.faults.set({ failBroadcasts: 1 });
    const [payer, relayer, payee] = [account(), account(), account().address];
    const tx = await baseTransfer(payer, relayer, payee, 0);
    assert.deepEqual((await rpc(base.url, 'eth_sendRawTransaction', [tx.raw])).error, { code: -32603, message: 'internal error (sandbox chain fault)' });
    assert.equal(await receiptOf(tx.hash), null);
    assert.equal(await result(base.url, 'eth_getTransactionCount', [relayer.address, 'pending']), '0x0');
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC);

    base.faults.set({ failBroadcasts: { count: 1, landed: true, as: 'http-503' } });
    assert.equal((await post(base.url, { jsonrpc: '2.0', id: 5, method: 'eth_sendRawTransaction', params: [tx.raw] })).status, 503);
    assert.equal((await receiptOf(tx.hash))?.status, '0x1');
    assert.equal(base.usdcBalance(payee), HUNDRED_USDC + 1_000n);
    assert.equal((await rpc(base.url, 'eth_sendRawTransaction', [tx.raw])).error?.message, 'already known');
    assert.equal(base.faults.counts().broadcastsAnswerLost, 1);

    base.faults.set({ failBroadcasts: { count: 1, as: 'http-503' } });
    const refused = await baseTransfer(payer, relayer, payee, 1);
    assert.equal((await post(base.url, [
      { jsonrpc: '2.0', id: 6, method: 'eth_sendRawTransaction', params: [refused.raw] },
      { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
    ])).status, 503);
    assert.equal(await receiptOf(refused.hash), null);
    assert.equal(base.faults.counts().broadcastsFailed, 1);
  });
});

// ---- configuration -----------------------------------------------------------------------------------------

describe('SANDBOX_CHAIN_FAULTS', () => {
  test('parses per chain and refuses what it does not know', () => {
    assert.deepEqual(parseSandboxChainFaults('{"solana":{"realisticBlockTimes":true,"statusReadFailures":{"rate":0.5}},"base":{"failBroadcasts":2}}'), {
      solana: { realisticBlockTimes: true, statusReadFailures: { rate: 0.5 } },
      base: { failBroadcasts: 2 },
    });
    assert.deepEqual(parseSandboxChainFaults(undefined), {});
    assert.throws(() => parseSandboxChainFaults('{"ethereum":{}}'), /"ethereum" is not a chain/);
    assert.throws(() => parseSandboxChainFaults('{"base":{"statusReadFailures":1}}'), /use receiptReadFailures/);
    assert.throws(() => parseSandboxChainFaults('{"base":{"failBroadcasts":{"count":1,"landed":"yes"}}}'), /landed must be a boolean/);
    assert.throws(() => parseSandboxChainFaults('{not json'), /not valid JSON/);
  });

  test('the service starts its chains with them and exposes the controllers; joined chains refuse them', async () => {
    const service = await startTestService({}, { SANDBOX_CHAIN_FAULTS: '{"solana":{"confirmationDelayMs":5},"base":{"dropBroadcasts":1}}' });
    try {
      assert.deepEqual(service.sandbox?.solana.faults?.get(), { confirmationDelayMs: 5 });
      assert.deepEqual(service.sandbox?.base.faults?.get(), { dropBroadcasts: 1 });
      assert.equal(typeof service.sandbox?.solana.peekUsdcBalance, 'function');
      assert.equal(typeof service.sandbox?.solana.lamports, 'function');
      assert.equal(typeof service.sandbox?.base.usdcBalance, 'function');
    } finally {
      await service.close();
    }
    const joined = { SANDBOX_SOLANA_RPC_URL: 'http://127.0.0.1:9', SANDBOX_BASE_RPC_URL: 'http://127.0.0.1:9', SANDBOX_CHAIN_FAULTS: '{"base":{"dropBroadcasts":1}}' };
    await assert.rejects(
      startService({ ...loadConfig({ DATA_MODE: 'sandbox', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', ...joined }), port: 0, host: '127.0.0.1' }),
      /SANDBOX_CHAIN_FAULTS applies to sandbox chains this process starts/,
    );
  });
});
