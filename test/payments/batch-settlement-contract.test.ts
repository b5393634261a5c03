/**
 * Our batch-settlement escrow (contracts/x402/batch-settlement/) on an in-process EVM, driven by the OFFICIAL
 * @x402/evm batch-settlement client (deposit and voucher payloads) and facilitator (verify, deposit, claim,
 * settle, refund). Every money promise is read from the VM: payer, payee, escrow and fee payer balances.
 *
 * - a deposit is one transaction (fee payer pays the gas, the payer's USDC moves into the escrow);
 * - N vouchers are verified with no transaction at all;
 * - the claim of the batch is one transaction and moves no token; settle is one transfer to the payee;
 * - a voucher the service did not count (a failed call) is not claimed: the claim carries the counted total;
 * - the unclaimed rest goes back to the payer by a cooperative refund, or by the payer's timed withdrawal once
 *   the withdraw delay has passed on the injected clock (and not a second before);
 * - forged vouchers, claims above a voucher and stale refund nonces revert.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { BatchSettlementEvmScheme as BatchClient } from '@x402/evm/batch-settlement/client';
import { BatchSettlementEvmScheme as BatchFacilitator } from '@x402/evm/batch-settlement/facilitator';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import {
  BatchSettlementChain, ERC20_ABI, ESCROW_ADDRESS, GAS_PRICE, USDC_ADDRESS,
} from './batch-settlement-harness.js';

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

async function world() {
  let nowS = Math.floor(Date.now() / 1000);
  const clock = { now: () => nowS, advance: (s: number) => { nowS += s; } };
  const chain = await BatchSettlementChain.create(clock.now);
  const payerKey = generatePrivateKey();
  const feePayerKey = generatePrivateKey();
  const authorizerKey = generatePrivateKey();
  const payer = privateKeyToAccount(payerKey);
  const feePayer = privateKeyToAccount(feePayerKey);
  const authorizer = privateKeyToAccount(authorizerKey);
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const minter = generatePrivateKey();
  await chain.fundEth(privateKeyToAccount(minter).address, 10n ** 18n);
  await chain.fundEth(feePayer.address, 10n ** 18n);
  await chain.fundEth(payer.address, 10n ** 17n); // only for the payer's own timed withdrawal
  await chain.send(minter, USDC_ADDRESS, encodeFunctionData({ abi: ERC20_ABI, functionName: 'mint', args: [payer.address, 1_000_000n] }));
  chain.mined.length = 0; // count only what the payment flow sends

  const requirements: PaymentRequirements = {
    scheme: 'batch-settlement',
    network: 'eip155:8453',
    amount: PRICE.toString(),
    asset: USDC_ADDRESS,
    payTo: payee,
    maxTimeoutSeconds: 120,
    extra: { receiverAuthorizer: authorizer.address, withdrawDelay: WITHDRAW_DELAY, name: 'USD Coin', version: '2', minDeposit: DEPOSIT.toString() },
  };
  const client = new BatchClient({ address: payer.address, signTypedData: (m) => payer.signTypedData(m as Parameters<typeof payer.signTypedData>[0]), readContract: (a) => chain.read(a) });
  const facilitator = new BatchFacilitator(chain.facilitatorSigner(feePayerKey), { address: authorizer.address, signTypedData: (m) => authorizer.signTypedData(m as Parameters<typeof authorizer.signTypedData>[0]) });

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
    payer: await chain.usdcBalance(payer.address),
    payee: await chain.usdcBalance(payee),
    escrow: await chain.usdcBalance(ESCROW_ADDRESS),
    feePayerUsdc: await chain.usdcBalance(feePayer.address),
    feePayerEth: await chain.ethBalance(feePayer.address),
  });
  return { chain, clock, payer, payerKey, payee, feePayer, authorizer, requirements, facilitator, pay, channelState, balances };
}

test('deposit once, N vouchers with no transaction, one claim for the batch, one settle; a failed call is not claimed; the rest is refunded', async () => {
  const w = await world();
  const before = await w.balances();

  const first = await w.pay(true);
  assert.equal(first.scheme.type, 'deposit');
  assert.equal(w.chain.mined.length, 1, 'the deposit is one transaction');
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
  assert.equal(w.chain.mined.length, 1, 'vouchers are verified without any transaction');
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
  assert.equal(w.chain.mined.length, 2, 'one claim transaction for the batch');
  const postClaim = await w.balances();
  assert.equal(postClaim.payer, preClaim.payer);
  assert.equal(postClaim.escrow, preClaim.escrow);
  assert.deepEqual(await w.channelState(channelId), { balance: DEPOSIT, totalClaimed: counted });

  const settled = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements, payload: { type: 'settle', receiver: w.payee, token: USDC_ADDRESS },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(settled.success, true, `settle: ${settled.errorReason ?? ''}`);
  assert.equal(settled.amount, counted.toString());
  assert.equal(w.chain.mined.length, 3);
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
  const gas = w.chain.mined.reduce((sum, tx) => sum + tx.gasUsed, 0n);
  assert.equal(end.feePayerEth, before.feePayerEth - gas * GAS_PRICE, 'the fee payer paid the gas of the four transactions');
  assert.equal(w.chain.mined.length, 4);
  assert.ok(w.chain.mined.every((tx) => tx.status === 'success'));

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
  const send = (functionName: 'initiateWithdraw' | 'finalizeWithdraw', args: readonly unknown[]) =>
    w.chain.send(w.payerKey, ESCROW_ADDRESS, encodeFunctionData({ abi: ESCROW_PAYER_SIDE, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
  const contractConfig = { ...config, withdrawDelay: config.withdrawDelay };
  // The payer may not take back what the receiver can still claim: only the unclaimed escrow.
  assert.equal((await send('initiateWithdraw', [contractConfig, DEPOSIT + 1n])).status, 'reverted');
  assert.equal((await send('initiateWithdraw', [contractConfig, DEPOSIT])).status, 'success');
  w.clock.advance(WITHDRAW_DELAY - 1);
  assert.equal((await send('finalizeWithdraw', [contractConfig])).status, 'reverted', 'one second early');
  // During the delay the receiver still claims the counted voucher; the withdrawal gets only the rest.
  const claim = await w.facilitator.settle({
    x402Version: 2, accepted: w.requirements,
    payload: { type: 'claim', claims: [{ voucher: { channel: config, maxClaimableAmount: first.scheme.voucher.maxClaimableAmount }, signature: first.scheme.voucher.signature, totalClaimed: PRICE.toString() }] },
  } as unknown as PaymentPayload, w.requirements);
  assert.equal(claim.success, true);
  w.clock.advance(1);
  assert.equal((await send('finalizeWithdraw', [contractConfig])).status, 'success');
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
    domain: { name: 'x402 Batch Settlement', version: '1', chainId: 8453, verifyingContract: ESCROW_ADDRESS },
    types: { Voucher: [{ name: 'channelId', type: 'bytes32' }, { name: 'maxClaimableAmount', type: 'uint128' }] },
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
  const payerAfterFirst = await w.chain.usdcBalance(w.payer.address);
  assert.equal((await refund(PRICE)).success, false);
  assert.equal(await w.chain.usdcBalance(w.payer.address), payerAfterFirst);
  const nonce = await w.chain.read({ address: ESCROW_ADDRESS, abi: ESCROW_READS, functionName: 'refundNonce', args: [voucher.channelId] });
  assert.equal(nonce, 1n);
});
