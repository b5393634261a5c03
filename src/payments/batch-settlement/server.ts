/**
 * The x402 `batch-settlement` scheme on the resource server's side (Base USDC): the payer deposits once into an
 * on-chain channel, then signs a cumulative voucher per call; a call paid by a voucher is served with no on-chain
 * transaction, and the claim job (src/jobs/batch-settlement-claims.ts) claims the vouchers in batches.
 *
 * It is the official @x402/evm server scheme, with its channel state in {@link SwitchableChannelStorage}. The money
 * rule "a failed answer is never charged" holds by the scheme's own design: a voucher reserves the call's price
 * when verified and commits it only when the answer settles; the gate cancels a failed answer's payment
 * (`handler_failed`), which drops the reservation, so the next voucher of the channel signs the same cumulative
 * amount again and nothing of the failed call is ever claimed.
 */
import { BATCH_SETTLEMENT_SCHEME } from '@x402/evm';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/server';
import { BASE_MAINNET } from '../../config/index.js';
import type { RegisteredEndpoint } from '../../registry/index.js';
import { networkById } from '../networks.js';
import type { PaymentOption } from '../offered-schemes.js';
import { SwitchableChannelStorage } from './channel-storage.js';
import { installFastVoucherVerify } from './fast-voucher.js';
import type { BatchSettlementReceipts } from './receipts.js';

/** The networks whose `batch-settlement` option a paid route may carry (each kept only if the facilitator settles it there). */
export const BATCH_SETTLEMENT_NETWORKS: readonly string[] = [BASE_MAINNET];

/**
 * How long a payer's unilateral withdrawal waits (seconds): the window in which the service must claim the vouchers
 * it holds. One hour: well above the claim job's interval, short enough not to trap a payer's deposit.
 */
export const WITHDRAW_DELAY_S = 3_600;

/**
 * How long the channel state the facilitator last reported is trusted for checking a voucher locally (no facilitator
 * call): the official scheme's default for this withdraw delay (a third of it, within 30 s – 5 min).
 */
export const ONCHAIN_STATE_TTL_MS = 5 * 60_000;

/** The deposit a challenge suggests: enough for about 1,000 calls, at most 5 USDC, never under 10 calls. */
export function suggestedDeposit(priceAtomic: bigint): bigint {
  const cap = 5_000_000n;
  const thousand = priceAtomic * 1_000n;
  const floor = priceAtomic * 10n;
  const target = thousand < cap ? thousand : cap;
  return target > floor ? target : floor;
}

export interface BatchSettlement {
  scheme: BatchSettlementEvmScheme;
  storage: SwitchableChannelStorage;
  /** The endpoint's `batch-settlement` options: its price per call, paid by vouchers against a deposit. */
  options(endpoint: RegisteredEndpoint, payTo: string, maxTimeoutSeconds: number): PaymentOption[];
  /** Signed receipts for batch-settlement calls (the offer-receipt extension; receipts.ts), when a key signs them. */
  receipts?: BatchSettlementReceipts;
}

export function createBatchSettlement(payToBase: string, receipts?: BatchSettlementReceipts): BatchSettlement {
  const storage = new SwitchableChannelStorage();
  // No receiver-authorizer key here: the facilitator's (advertised in /supported) signs claims and refunds. The
  // scheme's own local voucher check is off (-1): ours does it natively (fast-voucher.ts).
  const scheme = new BatchSettlementEvmScheme(payToBase as `0x${string}`, { storage, withdrawDelay: WITHDRAW_DELAY_S, onchainStateTtlMs: -1 });
  installFastVoucherVerify(scheme, ONCHAIN_STATE_TTL_MS);
  return {
    scheme,
    storage,
    ...(receipts ? { receipts } : {}),
    options(endpoint, payTo, maxTimeoutSeconds) {
      if (endpoint.priceAtomic === null) return [];
      return BATCH_SETTLEMENT_NETWORKS.map((network) => {
        const n = networkById(network)!;
        return {
          scheme: BATCH_SETTLEMENT_SCHEME,
          network: network as PaymentOption['network'],
          payTo,
          // USDC's EIP-712 domain: the deposit is an EIP-3009 ReceiveWithAuthorization signed by the payer.
          price: { amount: endpoint.priceAtomic!.toString(), asset: n.asset, extra: { ...n.extra, minDeposit: suggestedDeposit(endpoint.priceAtomic!).toString() } },
          maxTimeoutSeconds,
        };
      });
    },
  };
}
