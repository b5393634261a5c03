/**
 * The fast local voucher check (src/payments/batch-settlement/fast-voucher.ts) against the official server scheme's
 * own: the same verify answers (valid, or the same reason) for a valid voucher and for each way a voucher can be
 * wrong on a fresh mirrored channel, and no local answer at all (the facilitator decides) on a stale one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentRequirements } from '@x402/core/types';
import { BATCH_SETTLEMENT_ADDRESS, BATCH_SETTLEMENT_DOMAIN, voucherTypes } from '@x402/evm';
import { BatchSettlementEvmScheme, InMemoryChannelStorage, type Channel } from '@x402/evm/batch-settlement/server';
import { hashTypedData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { installFastVoucherVerify, voucherDigest } from '../../src/payments/batch-settlement/fast-voucher.js';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;
const TTL = 5 * 60_000;
const payer = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
const payTo = privateKeyToAccount(generatePrivateKey()).address;
const authorizer = privateKeyToAccount(generatePrivateKey()).address;
const config = { payer: payer.address, payerAuthorizer: payer.address, receiver: payTo, receiverAuthorizer: authorizer, token: USDC, withdrawDelay: 3600, salt: `0x${'00'.repeat(32)}` as Hex };
const configTypes = { ChannelConfig: [
  { name: 'payer', type: 'address' }, { name: 'payerAuthorizer', type: 'address' }, { name: 'receiver', type: 'address' },
  { name: 'receiverAuthorizer', type: 'address' }, { name: 'token', type: 'address' }, { name: 'withdrawDelay', type: 'uint40' }, { name: 'salt', type: 'bytes32' },
] } as const;
const domain = { ...BATCH_SETTLEMENT_DOMAIN, chainId: 8453, verifyingContract: BATCH_SETTLEMENT_ADDRESS } as const;
const channelIdOf = (c: typeof config) => hashTypedData({ domain, types: configTypes, primaryType: 'ChannelConfig', message: c });
const requirements: PaymentRequirements = {
  scheme: 'batch-settlement', network: 'eip155:8453', amount: '1000', asset: USDC, payTo, maxTimeoutSeconds: 120,
  extra: { receiverAuthorizer: authorizer, withdrawDelay: 3600, name: 'USD Coin', version: '2' },
};

async function voucher(signer: typeof payer, c: typeof config, maxClaimableAmount: bigint) {
  const channelId = channelIdOf(c);
  const signature = await signer.signTypedData({
    domain, types: voucherTypes, primaryType: 'Voucher', message: { channelId, maxClaimableAmount },
  });
  return { type: 'voucher', channelConfig: c, voucher: { channelId, maxClaimableAmount: maxClaimableAmount.toString(), signature } };
}

function channel(c: typeof config, over: Partial<Channel> = {}): Channel {
  return {
    channelId: channelIdOf(c).toLowerCase(), channelConfig: c, chargedCumulativeAmount: '3000', signedMaxClaimable: '3000', signature: '0x',
    balance: '10000', totalClaimed: '2000', withdrawRequestedAt: 0, refundNonce: 0, lastRequestTimestamp: Date.now(), onchainSyncedAt: Date.now(), ...over,
  };
}

/** The verify answer `onBeforeVerify` decides locally (undefined: it leaves it to the facilitator). */
async function decide(fast: boolean, record: Channel, payload: unknown, reqs = requirements) {
  const storage = new InMemoryChannelStorage();
  await storage.updateChannel(record.channelId, () => record);
  const scheme = new BatchSettlementEvmScheme(payTo, { storage, withdrawDelay: 3600, ...(fast ? { onchainStateTtlMs: -1 } : { onchainStateTtlMs: TTL }) });
  if (fast) installFastVoucherVerify(scheme, TTL);
  const ctx = { paymentPayload: { x402Version: 2, accepted: reqs, payload }, requirements: reqs };
  const out = await scheme.schemeHooks.onBeforeVerify!(ctx as unknown as Parameters<NonNullable<typeof scheme.schemeHooks.onBeforeVerify>>[0]);
  if (!out) return undefined;
  if ('abort' in out) return { abort: (out as { reason: string }).reason };
  const result = (out as { result: { isValid: boolean; invalidReason?: string; extra?: unknown } }).result;
  return { isValid: result.isValid, invalidReason: result.invalidReason, extra: result.extra };
}

test('the fast check answers as the official local check does', async () => {
  const cases: [string, Channel, unknown, PaymentRequirements?][] = [
    ['valid', channel(config), await voucher(payer, config, 4000n)],
    ['signed by a stranger', channel(config), await voucher(stranger, config, 4000n)],
    ['above the balance', channel(config, { balance: '3500' }), await voucher(payer, config, 4000n)],
    ['not above what is claimed', channel(config, { totalClaimed: '4000' }), await voucher(payer, config, 4000n)],
    ['another receiver', channel(config), await voucher(payer, config, 4000n), { ...requirements, payTo: stranger.address }],
    ['another token', channel(config), await voucher(payer, config, 4000n), { ...requirements, asset: stranger.address }],
    ['another withdraw delay', channel(config), await voucher(payer, config, 4000n), { ...requirements, extra: { ...requirements.extra, withdrawDelay: 900 } }],
    ['not the counted charge + price', channel(config), await voucher(payer, config, 5000n)],
    ['stale mirrored state', channel(config, { onchainSyncedAt: Date.now() - TTL - 60_000 }), await voucher(payer, config, 4000n)],
  ];
  for (const [name, record, payload, reqs] of cases) {
    const official = await decide(false, record, payload, reqs);
    const fast = await decide(true, record, payload, reqs);
    assert.deepEqual(fast, official, name);
  }
  // The cases do reach each outcome (a check that compared two undefineds would prove nothing).
  assert.equal((await decide(true, channel(config), await voucher(payer, config, 4000n)))?.isValid, true);
  assert.equal((await decide(true, channel(config), await voucher(stranger, config, 4000n)))?.invalidReason, 'invalid_batch_settlement_evm_voucher_signature');
  assert.equal(await decide(true, channel(config, { onchainSyncedAt: 0 }), await voucher(payer, config, 4000n)), undefined);
});

test('the native voucher digest is viem\'s EIP-712 hash', () => {
  for (const [chainId, amount] of [[8453, 0n], [8453, 4000n], [84532, 123456789n], [8453, (1n << 128n) - 1n]] as const) {
    const channelId = channelIdOf({ ...config, withdrawDelay: 900 + Number(amount % 1000n) });
    assert.equal(voucherDigest(chainId, channelId, amount), hashTypedData({ domain: { ...domain, chainId }, types: voucherTypes, primaryType: 'Voucher', message: { channelId, maxClaimableAmount: amount } }));
  }
  assert.throws(() => voucherDigest(8453, `0x${'ab'.repeat(32)}`, 1n << 128n), RangeError);
});
