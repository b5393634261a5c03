/**
 * The voucher check a paid call waits for, made fast. The official server scheme verifies a voucher locally (no
 * facilitator round trip) when the channel's mirrored on-chain state is fresh — with viem's JavaScript secp256k1,
 * several milliseconds per call on this machine, most of a voucher call's time. Here the same checks run with the
 * signer recovered by libsecp256k1 (src/lib/secp256k1-recover.ts, the facilitator's fast path):
 *
 *   the channel's committed payer authorizer is an EOA (non-zero); the channel config matches the requirements
 *   (receiver = payTo, receiver authorizer, token = asset, withdraw delay, its 15 min – 30 days range); the voucher
 *   is for the mirrored channel; its EIP-712 `Voucher` digest recovers to the payer authorizer; the cumulative
 *   ceiling is within the channel's balance and above what is claimed on chain —
 *
 * with the official reason codes. The official scheme is built with its own local check switched off
 * (`onchainStateTtlMs: -1`), so it still does everything else before this runs (channel id bound to the config,
 * the cumulative amount equal to the counted charge plus the price, the request context the later hooks need);
 * when the mirrored state is stale (or the payer authorizer is zero: an ERC-1271 wallet) nothing is decided here
 * and the facilitator verifies, as the official scheme would.
 */
import type { PaymentRequirements, VerifyResponse } from '@x402/core/types';
import type { BatchSettlementEvmScheme, Channel } from '@x402/evm/batch-settlement/server';
import { BATCH_SETTLEMENT_ADDRESS, BATCH_SETTLEMENT_DOMAIN, voucherTypes } from '@x402/evm';
import { getAddress, hexToBytes, zeroAddress, type Hex } from 'viem';
import { recoverLowercase } from '../../lib/secp256k1-recover.js';
import { cachedDomainSeparator, encodeType, structHash, typedDataDigest, typeHash, uintWord } from '../../lib/eip712-digest.js';

const MIN_WITHDRAW_DELAY = 900;
const MAX_WITHDRAW_DELAY = 2_592_000;
const VOUCHER_TYPEHASH = typeHash(encodeType('Voucher', voucherTypes.Voucher));
const UINT128_MAX = (1n << 128n) - 1n;

/**
 * The EIP-712 digest of Voucher(channelId, maxClaimableAmount) — what viem's hashTypedData gives, with native keccak
 * and the escrow's domain separator cached: keccak256(0x1901 ‖ domain ‖ keccak256(typehash ‖ channelId ‖ uint256(amount))).
 */
export function voucherDigest(chainId: number, channelId: Hex, maxClaimableAmount: bigint): Hex {
  if (maxClaimableAmount < 0n || maxClaimableAmount > UINT128_MAX) throw new RangeError('maxClaimableAmount is not a uint128');
  const id = hexToBytes(channelId);
  if (id.length !== 32) throw new RangeError('channelId is not 32 bytes');
  // BigInt() throws on a chain id that is not an integer (a malformed network), as the caller expects.
  const separator = cachedDomainSeparator({ ...BATCH_SETTLEMENT_DOMAIN, chainId: BigInt(chainId), verifyingContract: BATCH_SETTLEMENT_ADDRESS });
  return typedDataDigest(separator, structHash(VOUCHER_TYPEHASH, [id, uintWord(maxClaimableAmount)]));
}

interface ChannelConfigFields { payer: string; payerAuthorizer: string; receiver: string; receiverAuthorizer: string; token: string; withdrawDelay: number }
interface VoucherPayload { type: 'voucher'; channelConfig: ChannelConfigFields; voucher: { channelId: string; maxClaimableAmount: string; signature: string } }

function isVoucherPayload(payload: unknown): payload is VoucherPayload {
  const p = payload as Partial<VoucherPayload> | null;
  return typeof p === 'object' && p !== null && p.type === 'voucher' && typeof p.channelConfig === 'object' && typeof p.voucher === 'object';
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The official reason a voucher's channel config does not fit the requirements, if any (validateChannelConfig's rules). */
function configProblem(config: ChannelConfigFields, requirements: PaymentRequirements): string | undefined {
  const extra = requirements.extra as { receiverAuthorizer?: string; withdrawDelay?: number | string } | undefined;
  if (!same(config.receiver, requirements.payTo)) return 'invalid_batch_settlement_evm_receiver_mismatch';
  const authorizer = extra?.receiverAuthorizer;
  if (!authorizer || same(authorizer, zeroAddress) || !same(config.receiverAuthorizer, authorizer)) return 'invalid_batch_settlement_evm_receiver_authorizer_mismatch';
  if (!same(config.token, requirements.asset)) return 'invalid_batch_settlement_evm_token_mismatch';
  if (extra?.withdrawDelay !== undefined && config.withdrawDelay !== Number(extra.withdrawDelay)) return 'invalid_batch_settlement_evm_withdraw_delay_mismatch';
  if (config.withdrawDelay < MIN_WITHDRAW_DELAY || config.withdrawDelay > MAX_WITHDRAW_DELAY) return 'invalid_batch_settlement_evm_withdraw_delay_out_of_range';
  return undefined;
}

/** The verify answer for a voucher on a fresh mirrored channel; undefined when the facilitator must decide. */
export async function verifyVoucherFast(
  payload: unknown, requirements: PaymentRequirements, channel: Channel | undefined, now: number, ttlMs: number,
): Promise<VerifyResponse | undefined> {
  if (!isVoucherPayload(payload) || !channel) return undefined;
  if (channel.onchainSyncedAt === undefined || now - channel.onchainSyncedAt > ttlMs) return undefined;
  const { channelConfig: config, voucher } = payload;
  if (same(config.payerAuthorizer, zeroAddress)) return undefined;
  const payer = config.payer;
  const invalid = (invalidReason: string): VerifyResponse => ({ isValid: false, invalidReason, payer });
  const problem = configProblem(config, requirements);
  if (problem) return invalid(problem);
  if (!same(channel.channelId, voucher.channelId)) return invalid('invalid_batch_settlement_evm_channel_id_mismatch');
  const chainId = Number(requirements.network.split(':')[1]);
  let signer: string;
  try {
    const digest = voucherDigest(chainId, voucher.channelId as Hex, BigInt(voucher.maxClaimableAmount));
    signer = await recoverLowercase(digest, voucher.signature as Hex);
  } catch {
    return invalid('invalid_batch_settlement_evm_voucher_signature');
  }
  if (!same(signer, config.payerAuthorizer)) return invalid('invalid_batch_settlement_evm_voucher_signature');
  const ceiling = BigInt(voucher.maxClaimableAmount);
  if (ceiling > BigInt(channel.balance)) return invalid('invalid_batch_settlement_evm_cumulative_exceeds_balance');
  if (ceiling <= BigInt(channel.totalClaimed)) return invalid('invalid_batch_settlement_evm_cumulative_below_claimed');
  return {
    isValid: true,
    payer: getAddress(payer),
    extra: {
      channelId: voucher.channelId, balance: channel.balance, totalClaimed: channel.totalClaimed,
      withdrawRequestedAt: channel.withdrawRequestedAt, refundNonce: String(channel.refundNonce),
    },
  };
}

/**
 * Chains {@link verifyVoucherFast} after the official `onBeforeVerify` hook of `scheme` (built with
 * `onchainStateTtlMs: -1`). Call before the scheme is registered: the resource server copies the hooks then.
 */
export function installFastVoucherVerify(scheme: BatchSettlementEvmScheme, ttlMs: number, now: () => number = Date.now): void {
  const hooks = scheme.schemeHooks;
  const official = hooks.onBeforeVerify;
  if (!official) throw new Error('the batch-settlement server scheme has no onBeforeVerify hook');
  hooks.onBeforeVerify = async (ctx) => {
    const decided = await official(ctx);
    if (decided) return decided;
    const context = scheme.readRequestContext(ctx.paymentPayload);
    if (!context?.pendingId) return undefined;
    const result = await verifyVoucherFast(ctx.paymentPayload.payload, ctx.requirements, context.channelSnapshot, now(), ttlMs);
    if (!result) return undefined;
    scheme.mergeRequestContext(ctx.paymentPayload, { localVerify: true });
    return { skip: true, result };
  };
}
