/**
 * Our batch-settlement escrow (contracts/x402/batch-settlement/) on the sandbox Base chain (@ethereumjs/vm running
 * Circle's FiatToken v2.2 as USDC, Multicall3 and our escrow at @x402/evm's canonical addresses), driven by the
 * OFFICIAL @x402/evm batch-settlement client (deposit and voucher payloads) and facilitator (verify, deposit, claim,
 * settle, refund) over the service's own EVM facilitator signer (JSON-RPC). Every money promise is read from the
 * chain: payer, payee, escrow and fee payer balances; the fee payer's transaction count is the number of on-chain
 * transactions.
 *
 * - a deposit is one transaction (fee payer pays the gas, the payer's USDC moves into the escrow by FiatToken's
 *   receiveWithAuthorization through the ERC-3009 deposit collector);
 * - N vouchers are verified with no transaction at all;
 * - the claim of the batch is one transaction and moves no token; settle is one transfer to the payee;
 * - a voucher the service did not count (a failed call) is not claimed: the claim carries the counted total;
 * - the unclaimed rest goes back to the payer by a cooperative refund, or by the payer's timed withdrawal once
 *   the withdraw delay has passed on the injected chain clock (and not a second before);
 * - forged vouchers, claims above a voucher and stale refund nonces revert;
 * - a Permit2 deposit (any ERC-20; the payer approved Permit2 once) lands through the Permit2 collector.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createWalletClient, erc20Abi, http, maxUint256, publicActions, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { BATCH_SETTLEMENT_ADDRESS, BATCH_SETTLEMENT_DOMAIN, voucherTypes } from '@x402/evm';
import { BatchSettlementEvmScheme as BatchClient } from '@x402/evm/batch-settlement/client';
import { BatchSettlementEvmScheme as BatchFacilitator } from '@x402/evm/batch-settlement/facilitator';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { startBaseSandbox, BASE_USDC_ADDRESS, PERMIT2_ADDRESS, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { createEvmFacilitator } from '../../src/payments/facilitator/evm.js';
import { gasPaid } from '../helpers/evm-gas.js';
import { sandboxBaseClient } from '../helpers/evm-payer.js';

const ESCROW_ADDRESS = BATCH_SETTLEMENT_ADDRESS;
const USDC_ADDRESS = BASE_USDC_ADDRESS as Hex;

const PRICE = 1_000n; // 0.001 USDC per call
const DEPOSIT = 10n * PRICE; // the client's default: 5× the price, or the server's minDeposit (announced below)
const WITHDRAW_DELAY = 900;

const ESCROW_READS = [
  { type: 'function', name: 'channels', stateMutability: 'view', inputs: [{ name: 'id', type: 'bytes32' }], outputs: [{ name: 'balance', type: 'uint128' }, { name: 'totalClaimed', type: 'uint128' }] },
  { type: 'function', name: 'refundNonce', stateMutability: 'view', inputs: [{ name: 'id', type: 'bytes32' }], outputs: [{ name: '', type: 'uint256' }] },
] as const;
const CONFIG_COMPONENTS = [
  { name: 'payer', type: 'address' }, { name: 'payerAuthorizer', type: 'address' }, { name: 'receiver', type: 'address' },
  { name: 'receiverAuthorizer', type: 'address' }, { name: 'token', type: 'address' }, { name: 'withdrawDelay', type: 'uint40' }, { name: 'salt', type: 'bytes32' },
] as const;
const ESCROW_PAYER_SIDE = [
  { type: 'function', name: 'initiateWithdraw', stateMutability: 'nonpayable', inputs: [{ name: 'config', type: 'tuple', components: CONFIG_COMPONENTS }, { name: 'amount', type: 'uint128' }], outputs: [] },
  { type: 'function', name: 'finalizeWithdraw', stateMutability: 'nonpayable', inputs: [{ name: 'config', type: 'tuple', components: CONFIG_COMPONENTS }], outputs: [] },
] as const;

interface ChannelConfigJson { payer: Hex; payerAuthorizer: Hex; receiver: Hex; receiverAuthorizer: Hex; token: Hex; withdrawDelay: number; salt: Hex }
interface VoucherFields { channelId: Hex; maxClaimableAmount: string; signature: Hex }
interface SchemePayload { type: string; channelConfig: ChannelConfigJson; voucher: VoucherFields; deposit?: { amount: string } }

const sandboxes: BaseSandbox[] = [];
after(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
});

async function world(transferMethod: 'eip3009' | 'permit2' = 'eip3009') {
  let nowMs = Date.now();
  const clock = { advance: (s: number) => { nowMs += s * 1000; } };
  const sandbox = await startBaseSandbox({ now: () => new Date(nowMs) });
  sandboxes.push(sandbox);
  const rpc = sandboxBaseClient(sandbox.url);
  const feePayerKey = generatePrivateKey();
  const payer = privateKeyToAccount(generatePrivateKey());
  const feePayer = privateKeyToAccount(feePayerKey);
  const authorizer = privateKeyToAccount(generatePrivateKey());
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const hashes: Hex[] = [];
  const facilitatorSigner = createEvmFacilitator(sandbox.url, feePayerKey).signer;
  const countingSigner = {
    ...facilitatorSigner,
    writeContract: async (args: Parameters<typeof facilitatorSigner.writeContract>[0]) => {
      const hash = await facilitatorSigner.writeContract(args);
      hashes.push(hash);
      return hash;
    },
  };
  const payerWallet = createWalletClient({ account: payer, chain: base, transport: http(sandbox.url, { retryCount: 0 }) }).extend(publicActions);
  const chain = {
    read: (args: { address: Hex; abi: readonly unknown[]; functionName: string; args?: readonly unknown[] }) => rpc.readContract(args as Parameters<typeof rpc.readContract>[0]),
    /** Transactions the fee payer sent (every transaction of the payment flow). */
    txCount: () => rpc.getTransactionCount({ address: feePayer.address }),
    /** What the fee payer paid in gas for the flow's transactions, from their receipts. */
    gasPaid: () => gasPaid(rpc, hashes),
    /** The payer's one-time USDC approval of Permit2 (what a Permit2 deposit needs). */
    approvePermit2: async () => {
      const hash = await payerWallet.writeContract({ address: USDC_ADDRESS, abi: erc20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS as Hex, maxUint256] });
      return (await payerWallet.waitForTransactionReceipt({ hash })).status;
    },
    /** A transaction the payer sends itself (timed withdrawal); resolves to its receipt status. */
    payerSends: async (functionName: 'initiateWithdraw' | 'finalizeWithdraw', args: readonly unknown[]) => {
      try {
        const hash = await payerWallet.writeContract({ address: ESCROW_ADDRESS, abi: ESCROW_PAYER_SIDE, functionName, args, gas: 500_000n } as Parameters<typeof payerWallet.writeContract>[0]);
        return (await payerWallet.waitForTransactionReceipt({ hash })).status;
      } catch {
        return 'reverted';
      }
    },
  };
  const requirements: PaymentRequirements = {
    scheme: 'batch-settlement',
    network: 'eip155:8453',
    amount: PRICE.toString(),
    asset: USDC_ADDRESS,
    payTo: payee,
    maxTimeoutSeconds: 120,
    extra: {
      receiverAuthorizer: authorizer.address, withdrawDelay: WITHDRAW_DELAY, name: 'USD Coin', version: '2', minDeposit: DEPOSIT.toString(),
      ...(transferMethod === 'permit2' ? { assetTransferMethod: 'permit2' } : {}),
    },
  };
  const client = new BatchClient({ address: payer.address, signTypedData: (m) => payer.signTypedData(m as Parameters<typeof payer.signTypedData>[0]), readContract: (a) => chain.read(a as Parameters<typeof chain.read>[0]) });
  const facilitator = new BatchFacilitator(countingSigner, { address: authorizer.address, signTypedData: (m) => authorizer.signTypedData(m as Parameters<typeof authorizer.signTypedData>[0]) });

  /** One paid call as the client signs it; the charge is committed on the client side only when `counted`. */
  const pay = async (counted: boolean): Promise<{ payload: PaymentPayload; scheme: SchemePayload }> => {
    const created = await client.createPaymentPayload(2, requirements);
    const payload = { x402Version: 2, accepted: requirements, payload: created.payload } as PaymentPayload;
    const scheme = created.payload as unknown as SchemePayload;
    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.isValid, true, `verify: ${verified.invalidReason ?? ''}`);
    let settle: SettleResponse = { success: true, transaction: '', network: requirements.network, amount: '' };
    if (scheme.type === 'deposit') {
      settle = await facilitator.settle(payload, requirements);
      assert.equal(settle.success, true, `deposit: ${settle.errorReason ?? ''} ${settle.errorMessage ?? ''}`);
    }
    // What the resource server tells the client after the answer: the charge (0 for a failed call).
    await client.schemeHooks.onPaymentResponse!({
      paymentPayload: payload, requirements, settleResponse: { ...settle, extra: { chargedAmount: counted ? PRICE.toString() : '0' } },
    } as Parameters<NonNullable<typeof client.schemeHooks.onPaymentResponse>>[0]);
    return { payload, scheme };
  };

  const channelState = async (channelId: Hex) => {
    const [balance, totalClaimed] = (await chain.read({ address: ESCROW_ADDRESS, abi: ESCROW_READS, functionName: 'channels', args: [channelId] })) as readonly [bigint, bigint];
    return { balance, totalClaimed };
  };
  const balances = async () => ({
    payer: sandbox.balanceOf(payer.address),
    payee: sandbox.balanceOf(payee),
    escrow: sandbox.balanceOf(ESCROW_ADDRESS),
    feePayerUsdc: sandbox.balanceOf(feePayer.address),
    feePayerEth: await rpc.getBalance({ address: feePayer.address }),
  });
  // Warm-up: the sandbox funds an address on first sight (100 USDC, ETH for gas); every balance below moves
  // only with this test's own transactions.
  await balances();
  await chain.txCount();
  return { chain, clock, payer, payee, feePayer, authorizer, requirements, facilitator, pay, channelState, balances };
}

test('deposit once, N vouchers with no transaction, one claim for the batch, one settle; a failed call is not claimed; the rest is refunded', async () => {
  const w = await world();
  const before = await w.balances();
  const txs0 = await w.chain.txCount();
  const txs = async () => (await w.chain.txCount()) - txs0;

  const first = await w.pay(true);
  assert.equal(first.scheme.type, 'deposit');
  assert.equal(await txs(), 1, 'the deposit is one transaction');
  const channelId = first.scheme.voucher.channelId;
  const afterDeposit = await w.balances();
  assert.equal(afterDeposit.payer, before.payer - DEPOSIT);
  assert.equal(afterDeposit.escrow, before.escrow + DEPOSIT);
  assert.equal(afterDeposit.feePayerUsdc, before.feePayerUsdc);
  assert.ok(afterDeposit.feePayerEth < before.feePayerEth, 'the fee payer paid the deposit gas');
  assert.deepEqual(await w.channelState(channelId), { balance: DEPOSIT, totalClaimed: 0n });

  // Six more paid calls, one of which failed (its voucher is signed but the service does not count it).
  let latestCounted = first.scheme.voucher;
  let failedVoucher: VoucherFields | undefined;
  for (let i = 0; i < 6; i++) {
    const counted = i !== 2;
    const call = await w.pay(counted);
    assert.equal(call.scheme.type, 'voucher');
    if (counted) latestCounted = call.scheme.voucher;
    else failedVoucher = call.scheme.voucher;
  }
  assert.equal(await txs(), 1, 'vouchers are verified without any transaction');
  const counted = 6n * PRICE;
  assert.equal(BigInt(latestCounted.maxClaimableAmount), counted, 'the failed call did not raise the cumulative amount');
  assert.equal(BigInt(failedVoucher!.maxClaimableAmount), 3n * PRICE + PRICE, 'the failed call signed one price above the counted total');

  // The claim job: one transaction for the whole batch, accounting only (no token moves).
  const preClaim = await w.balances();
  const claim = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'claim', claims: [{ voucher: { channel: first.scheme.channelConfig, maxClaimableAmount: latestCounted.maxClaimableAmount }, signature: latestCounted.signature, totalClaimed: counted.toString() }] },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(claim.success, true, `claim: ${claim.errorReason ?? ''} ${claim.errorMessage ?? ''}`);
  assert.equal(await txs(), 2, 'one claim transaction for the batch');
  const postClaim = await w.balances();
  assert.equal(postClaim.payer, preClaim.payer);
  assert.equal(postClaim.escrow, preClaim.escrow);
  assert.deepEqual(await w.channelState(channelId), { balance: DEPOSIT, totalClaimed: counted });

  const settled = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements, payload: { type: 'settle', receiver: w.payee, token: USDC_ADDRESS },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(settled.success, true, `settle: ${settled.errorReason ?? ''}`);
  assert.equal(settled.amount, counted.toString());
  assert.equal(await txs(), 3);
  const postSettle = await w.balances();
  assert.equal(postSettle.payee, before.payee + counted, 'the payee got exactly the counted calls');
  assert.equal(postSettle.escrow, DEPOSIT - counted);

  // Cooperative refund of the idle channel's unclaimed rest (the receiver authorizer signs it).
  const refund = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'refund', channelConfig: first.scheme.channelConfig, voucher: latestCounted, amount: (DEPOSIT - counted).toString(), refundNonce: '0', claims: [] },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(refund.success, true, `refund: ${refund.errorReason ?? ''} ${refund.errorMessage ?? ''}`);
  assert.equal(refund.amount, (DEPOSIT - counted).toString());
  const end = await w.balances();
  assert.equal(end.payer, before.payer - counted, 'the payer paid the counted calls and nothing else');
  assert.equal(end.payee, before.payee + counted);
  assert.equal(end.escrow, before.escrow, 'the escrow holds nothing of this channel');
  assert.equal(end.feePayerUsdc, before.feePayerUsdc, 'the fee payer never pays USDC');
  assert.equal(end.feePayerEth, before.feePayerEth - (await w.chain.gasPaid()), 'the fee payer paid the gas of the four transactions');
  assert.equal(await txs(), 4);

  // Seven calls were signed, six counted: the failed call's voucher (superseded by the later counted ones)
  // claims nothing more, whoever submits it.
  const late = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'claim', claims: [{ voucher: { channel: first.scheme.channelConfig, maxClaimableAmount: failedVoucher!.maxClaimableAmount }, signature: failedVoucher!.signature, totalClaimed: failedVoucher!.maxClaimableAmount }] },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(late.success, true, 'a claim at or below the claimed total is a no-op');
  assert.deepEqual(await w.channelState(channelId), { balance: counted, totalClaimed: counted });
  assert.equal((await w.balances()).payee, before.payee + counted);
});

test('a timed withdrawal pays the payer only once the withdraw delay has passed on the chain clock', async () => {
  const w = await world();
  const before = await w.balances();
  const first = await w.pay(true);
  const config = first.scheme.channelConfig;
  const send = (functionName: 'initiateWithdraw' | 'finalizeWithdraw', args: readonly unknown[]) => w.chain.payerSends(functionName, args);
  // The payer may not take back what the receiver can still claim: only the unclaimed escrow.
  assert.equal(await send('initiateWithdraw', [config, DEPOSIT + 1n]), 'reverted');
  assert.equal(await send('initiateWithdraw', [config, DEPOSIT]), 'success');
  w.clock.advance(WITHDRAW_DELAY - 1);
  assert.equal(await send('finalizeWithdraw', [config]), 'reverted', 'one second early');
  // During the delay the receiver still claims the counted voucher; the withdrawal gets only the rest.
  const claim = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'claim', claims: [{ voucher: { channel: config, maxClaimableAmount: first.scheme.voucher.maxClaimableAmount }, signature: first.scheme.voucher.signature, totalClaimed: PRICE.toString() }] },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(claim.success, true);
  w.clock.advance(1);
  assert.equal(await send('finalizeWithdraw', [config]), 'success');
  const end = await w.balances();
  assert.equal(end.payer, before.payer - PRICE, 'the payer got back all but the claimed call');
  assert.equal(end.escrow, before.escrow + PRICE, 'the claimed call waits in the escrow for settle');
  assert.deepEqual(await w.channelState(first.scheme.voucher.channelId), { balance: PRICE, totalClaimed: PRICE });
});

test('forged vouchers, claims above the voucher, and a stale refund nonce revert', async () => {
  const w = await world();
  const first = await w.pay(true);
  const config = first.scheme.channelConfig;
  const voucher = first.scheme.voucher;
  const claimWith = (row: { maxClaimableAmount: string; signature: Hex; totalClaimed: string }) => w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'claim', claims: [{ voucher: { channel: config, maxClaimableAmount: row.maxClaimableAmount }, signature: row.signature, totalClaimed: row.totalClaimed }] },
  } as unknown as PaymentPayload, w.requirements);
  // A voucher raised without the payer's signature.
  assert.equal((await claimWith({ maxClaimableAmount: DEPOSIT.toString(), signature: voucher.signature, totalClaimed: DEPOSIT.toString() })).success, false);
  // Claiming more than the voucher allows.
  assert.equal((await claimWith({ maxClaimableAmount: voucher.maxClaimableAmount, signature: voucher.signature, totalClaimed: (PRICE + 1n).toString() })).success, false);
  // A voucher signed by someone else than the payer authorizer.
  const stranger = privateKeyToAccount(generatePrivateKey());
  const forged = await stranger.signTypedData({
    domain: { ...BATCH_SETTLEMENT_DOMAIN, chainId: 8453, verifyingContract: ESCROW_ADDRESS },
    types: voucherTypes,
    primaryType: 'Voucher',
    message: { channelId: voucher.channelId, maxClaimableAmount: DEPOSIT },
  });
  assert.equal((await claimWith({ maxClaimableAmount: DEPOSIT.toString(), signature: forged, totalClaimed: DEPOSIT.toString() })).success, false);
  assert.deepEqual(await w.channelState(voucher.channelId), { balance: DEPOSIT, totalClaimed: 0n });
  // The real voucher claims; claiming it again is a no-op, not a double charge.
  assert.equal((await claimWith({ maxClaimableAmount: voucher.maxClaimableAmount, signature: voucher.signature, totalClaimed: PRICE.toString() })).success, true);
  assert.equal((await claimWith({ maxClaimableAmount: voucher.maxClaimableAmount, signature: voucher.signature, totalClaimed: PRICE.toString() })).success, true);
  assert.deepEqual(await w.channelState(voucher.channelId), { balance: DEPOSIT, totalClaimed: PRICE });
  // A refund signed for nonce 0 is used once; its replay (stale nonce) is refused and moves nothing.
  const refund = (amount: bigint) => w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'refund', channelConfig: config, voucher, amount: amount.toString(), refundNonce: '0', claims: [] },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal((await refund(PRICE)).success, true);
  const payerAfterFirst = (await w.balances()).payer;
  assert.equal((await refund(PRICE)).success, false);
  assert.equal((await w.balances()).payer, payerAfterFirst);
  const nonce = await w.chain.read({ address: ESCROW_ADDRESS, abi: ESCROW_READS, functionName: 'refundNonce', args: [voucher.channelId] });
  assert.equal(nonce, 1n);
});

test('a Permit2 deposit lands through the Permit2 collector (witness: the channel id), then vouchers and a claim as with ERC-3009', async () => {
  const w = await world('permit2');
  assert.equal(await w.chain.approvePermit2(), 'success');
  const before = await w.balances();
  const txs0 = await w.chain.txCount();
  const first = await w.pay(true);
  assert.equal(first.scheme.type, 'deposit');
  assert.ok((first.scheme as unknown as { deposit: { authorization: Record<string, unknown> } }).deposit.authorization.permit2Authorization, 'a Permit2 authorization');
  const after = await w.balances();
  assert.equal(after.payer, before.payer - DEPOSIT);
  assert.equal(after.escrow, before.escrow + DEPOSIT);
  const second = await w.pay(true);
  assert.equal(second.scheme.type, 'voucher');
  const claim = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'claim', claims: [{ voucher: { channel: second.scheme.channelConfig, maxClaimableAmount: second.scheme.voucher.maxClaimableAmount }, signature: second.scheme.voucher.signature, totalClaimed: (2n * PRICE).toString() }] },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(claim.success, true, `claim: ${claim.errorReason ?? ''}`);
  assert.deepEqual(await w.channelState(first.scheme.voucher.channelId), { balance: DEPOSIT, totalClaimed: 2n * PRICE });
  assert.equal((await w.chain.txCount()) - txs0, 2, 'deposit + claim');
});
