/**
 * `POST /subscriptions/fund`: the paid top-up of a subscription (docs/streaming.md, "Paying per event"). It is an
 * endpoint definition like the 48 — so the 402 challenge, verification, idempotency, "never charged for a failure"
 * and the receipts are the same code — but it is not in the service's registry (it is not one of the spec's
 * endpoints, and it sells no answer): the route and the resource server get it from here.
 *
 * What one call buys: 100 events at the event price.
 * - `exact` (Solana or Base, v2 and v1) or a card: 0.1 USDC is settled now and credited as a prepaid balance.
 * - `batch-settlement` (Base): a voucher like any paid call's (its cumulative amount 0.1 USDC above the last), settled
 *   as usual, so the payer's client and the service agree on the channel's count and the next top-up from the same
 *   channel works. It is credited as a voucher allowance: nothing moves on chain, and the claim job claims only
 *   what the subscription delivered (the undelivered allowance is held back from every claim,
 *   src/jobs/batch-settlement-claims.ts); what was never delivered goes back to the payer with the channel's
 *   refund once no active subscription holds an allowance on it.
 *
 * The credit is made after the settlement, keyed by the payment (`afterSettlement`), so one payment credits once; a
 * payment whose credit was not written then (confirmed later, or the write failed) is credited by the credit job
 * (src/jobs/stream-top-up-credits.ts) from its payment claim.
 */
import { Type } from '@sinclair/typebox';
import { ApiError } from '../errors/api-error.js';
import { buildRegistry, type RegisteredEndpoint } from '../registry/index.js';
import { defineEndpoint } from '../registry/types.js';
import type { SubscriptionRepository } from '../store/subscriptions/types.js';
import type { StreamHub } from './hub.js';
import { EVENT_PRICE_USDC, EVENTS_PER_TOP_UP, TOP_UP_USDC } from './settings.js';
import { creditTopUp } from './top-up-credit.js';

export const FUND_KEY = 'subscription-fund';
export const FUND_PATH = '/subscriptions/fund';

const FundAnswer = Type.Object({
  subscription_id: Type.String(),
  buys_events: Type.Integer({ description: 'Events this top-up pays for' }),
  amount_usdc: Type.String(),
  price_per_event_usdc: Type.String(),
});

/** How to top a subscription up, as its view's `links.fund` and a stream's `paused` event give it. */
export function fundLink(publicUrl: string, subscriptionId: string) {
  return { url: `${publicUrl}${FUND_PATH}`, body: { subscription_id: subscriptionId }, buys_events: EVENTS_PER_TOP_UP, price_usdc: TOP_UP_USDC };
}

export function fundEndpoint(store: Pick<SubscriptionRepository, 'getSubscription' | 'creditSubscription'>, hub: StreamHub, now: () => Date): RegisteredEndpoint {
  const definition = defineEndpoint({
    key: FUND_KEY,
    family: 'history-alerts',
    price: TOP_UP_USDC,
    summary: `Top up an alert subscription with ${EVENTS_PER_TOP_UP} events`,
    description:
      `Buys ${EVENTS_PER_TOP_UP} delivered events (${EVENT_PRICE_USDC} USDC each) for a subscription made with POST /subscriptions. ` +
      'Paid with exact on Solana or Base it is a prepaid balance; paid with a batch-settlement voucher on Base it is an allowance ' +
      'charged per delivered event from your channel. A cancelled or unknown subscription is refused before payment is settled.',
    input: Type.Object({ subscription_id: Type.String({ pattern: '^sub_[0-9a-f]{24}$', description: 'The subscription to fund: the `id` POST /subscriptions answered (the example\'s all-zero id is a placeholder)' }) }, { additionalProperties: false }),
    output: FundAnswer,
    // Never cached: the subscription is checked before every payment (a cached answer would fund a cancelled one).
    cacheTtlSeconds: 0,
    example: { subscription_id: 'sub_000000000000000000000000' },
    handler: async (input) => {
      const subscription = await store.getSubscription(input.subscription_id);
      // Refused before anything is settled: a top-up of a subscription that cannot deliver would be money for nothing.
      if (!subscription || subscription.status !== 'active') throw new ApiError('unknown_subscription', 'No active subscription has that id. You were not charged.');
      return {
        data: { subscription_id: subscription.id, buys_events: EVENTS_PER_TOP_UP, amount_usdc: TOP_UP_USDC, price_per_event_usdc: EVENT_PRICE_USDC },
      };
    },
    afterSettlement: async (payment, input) => {
      const subscriptionId = String(input.subscription_id);
      await creditTopUp(store, {
        subscriptionId, paymentKey: payment.idempotencyKey, amountAtomic: payment.chargedAtomic, network: payment.network, transaction: payment.transaction,
        ...(payment.scheme === 'batch-settlement' && payment.channelId ? { channelId: payment.channelId.toLowerCase() } : {}),
      }, now());
      hub.notify([subscriptionId]);
    },
  });
  const [registered] = buildRegistry([definition]).list;
  return { ...registered!, path: FUND_PATH };
}

