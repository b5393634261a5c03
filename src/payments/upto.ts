/**
 * The x402 `upto` scheme on the resource server's side: which endpoints offer it (those whose registry definition
 * has `pricing: {kind: 'upto'}`), on which networks, and what a successful answer is charged.
 *
 * `upto` is offered beside `exact`, never instead of it, and only where the facilitator settles it: a route's
 * `upto` options are dropped at initialisation on every network the facilitator does not list `upto` for
 * (`/supported`; src/payments/offered-schemes.ts), so a remote facilitator without it, or a chain without Permit2 and the x402 upto proxy, keeps
 * the challenge exactly as before.
 *
 * Networks: Base (`eip155:8453`; Permit2 `PermitWitnessTransferFrom` with the x402UptoPermit2Proxy as spender,
 * settled after the handler for the amount charged, nothing on chain for 0). Not Solana: the SVM `upto` scheme of
 * @x402/svm is an escrow in the payment-channels program, which opens the channel with the maximum on chain
 * *before* the handler runs (a transaction even for an answer that then fails) — docs/payments.md "upto".
 */
import type { HandlerResult } from '../registry/types.js';
import type { RegisteredEndpoint } from '../registry/index.js';
import { BASE_MAINNET } from '../config/index.js';
import type { VerifiedPayment } from './types.js';
import { networkById } from './networks.js';
import type { PaymentOption } from './offered-schemes.js';

export const UPTO = 'upto';

/** The networks whose `upto` option a paid route may carry (each kept only if the facilitator supports it there). */
export const UPTO_NETWORKS: readonly string[] = [BASE_MAINNET];

/** The endpoint's `upto` options (none without an upto pricing rule): the price is the maximum the payer authorises. */
export function uptoOptions(endpoint: RegisteredEndpoint, payTo: (network: string) => string, maxTimeoutSeconds: number): PaymentOption[] {
  if (endpoint.def.pricing?.kind !== UPTO || endpoint.priceAtomic === null) return [];
  const amount = endpoint.priceAtomic.toString();
  return UPTO_NETWORKS.map((network) => ({
    scheme: UPTO,
    network: network as PaymentOption['network'],
    payTo: payTo(network),
    // The asset's EIP-712 domain is not needed: the payer signs Permit2's domain, not USDC's.
    price: { amount, asset: networkById(network)!.asset },
    maxTimeoutSeconds,
  }));
}

/**
 * What a verified payment settles for this answer: undefined for `exact` (the requirement's amount, the price);
 * for `upto`, the endpoint's rule, clamped to [0, the maximum the payer signed]. An `upto` payment for an endpoint
 * without a rule cannot be matched (no such requirement is offered); it would be charged its maximum.
 */
export function settlementCharge(endpoint: RegisteredEndpoint, payment: Pick<VerifiedPayment, 'scheme' | 'amountAtomic'>, result: HandlerResult | undefined): bigint | undefined {
  if (payment.scheme !== UPTO) return undefined;
  const pricing = endpoint.def.pricing;
  if (!pricing || !result) return payment.amountAtomic;
  const charge = pricing.charge(result, payment.amountAtomic);
  if (charge <= 0n) return 0n;
  return charge > payment.amountAtomic ? payment.amountAtomic : charge;
}
