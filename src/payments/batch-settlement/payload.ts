/**
 * A `batch-settlement` payment payload as the gate takes it: its shape (checked before the official scheme reads
 * it, as for the other schemes: src/payments/payload-shape.ts) and its idempotency key (src/payments/idempotency.ts).
 *
 * Accepted: `deposit` (first call, or a top-up) and `voucher`. Not `refund`: a payer-initiated refund would run
 * through a paid route; idle channels are refunded by the claim job instead (src/jobs/batch-settlement-claims.ts).
 */
import { randomUUID } from 'node:crypto';
import { isRecord } from '../../lib/is-record.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const HEX = /^0x[0-9a-fA-F]*$/;
const UINT = /^\d{1,39}$/;
const CONFIG_ADDRESSES = ['payer', 'payerAuthorizer', 'receiver', 'receiverAuthorizer', 'token'] as const;

/** Undefined when `payload` has the shape of a batch-settlement deposit or voucher, else why not. */
export function batchSettlementPayloadProblem(payload: Record<string, unknown>): string | undefined {
  if (payload.type === 'refund') return 'batch-settlement refunds are not taken on paid routes; an idle channel is refunded automatically';
  if (payload.type !== 'deposit' && payload.type !== 'voucher') return 'the batch-settlement payload type must be deposit or voucher';
  const config = payload.channelConfig;
  if (!isRecord(config)) return 'the batch-settlement payment has no channelConfig';
  for (const field of CONFIG_ADDRESSES) if (typeof config[field] !== 'string' || !ADDRESS.test(config[field] as string)) return `channelConfig.${field} is not an address`;
  if (typeof config.withdrawDelay !== 'number' || !Number.isInteger(config.withdrawDelay)) return 'channelConfig.withdrawDelay is not an integer';
  if (typeof config.salt !== 'string' || !BYTES32.test(config.salt)) return 'channelConfig.salt is not 32 bytes';
  const voucher = payload.voucher;
  if (!isRecord(voucher)) return 'the batch-settlement payment has no voucher';
  if (typeof voucher.channelId !== 'string' || !BYTES32.test(voucher.channelId)) return 'voucher.channelId is not 32 bytes';
  if (typeof voucher.maxClaimableAmount !== 'string' || !UINT.test(voucher.maxClaimableAmount)) return 'voucher.maxClaimableAmount is not an amount';
  if (typeof voucher.signature !== 'string' || !HEX.test(voucher.signature)) return 'voucher.signature is not hex';
  if (payload.type === 'deposit') {
    const deposit = payload.deposit;
    if (!isRecord(deposit) || typeof deposit.amount !== 'string' || !UINT.test(deposit.amount)) return 'the deposit has no amount';
    const auth = deposit.authorization;
    if (!isRecord(auth)) return 'the deposit has no authorization';
    const erc3009 = auth.erc3009Authorization;
    const permit2 = auth.permit2Authorization;
    if (isRecord(erc3009) === isRecord(permit2)) return 'the deposit authorization must be exactly one of erc3009Authorization or permit2Authorization';
    if (isRecord(erc3009)) {
      for (const field of ['validAfter', 'validBefore', 'salt'] as const) if (typeof erc3009[field] !== 'string') return `erc3009Authorization.${field} is missing`;
      if (typeof erc3009.signature !== 'string' || !HEX.test(erc3009.signature)) return 'erc3009Authorization.signature is not hex';
    }
  }
  return undefined;
}

/**
 * The claim key of one paid call by this payload. Unlike an EIP-3009 nonce, a voucher is not single-use by itself:
 * after a failed (uncharged) call the payer signs the very same cumulative amount again, deterministically the same
 * bytes, for the next call. Single use is the scheme's own rule instead (a voucher must equal the counted charge
 * plus the price, and a channel runs one call at a time), so the key only has to be new per attempt.
 */
export function batchSettlementPaymentIdentity(payload: Record<string, unknown>): { key: string; payer: string } | undefined {
  const config = payload.channelConfig;
  const voucher = payload.voucher;
  if (!isRecord(config) || !isRecord(voucher) || typeof config.payer !== 'string' || typeof voucher.channelId !== 'string') return undefined;
  return { key: `bs:${voucher.channelId.toLowerCase()}:${String(voucher.maxClaimableAmount)}:${randomUUID()}`, payer: config.payer.toLowerCase() };
}

/** The channel a voucher or deposit payload pays from, as the channel storage keys it (the voucher's spelling), '' when absent. */
export function batchChannelId(payload: Record<string, unknown>): string {
  const voucher = payload.voucher;
  return isRecord(voucher) && typeof voucher.channelId === 'string' ? voucher.channelId : '';
}
