/**
 * Charges a subscription for an event it is being delivered, exactly once, and only when the delivery succeeded
 * (docs/streaming.md, "Paying per event"): `reserve` before the event is written or posted, `commit` after the
 * stream accepted it or the receiver answered 2xx, `release` when it did not.
 *
 * Prepaid balance is the store's own number. A voucher allowance is backed by a batch-settlement channel: on
 * commit the channel's counted charge advances by the price (bounded by the voucher the subscriber signed, which
 * the claim job then claims). A channel that can no longer be charged (refunded, withdrawn, voucher exhausted)
 * voids that allowance; the delivery that found out is the service's loss, never the subscriber's.
 */
import type { Logger } from 'pino';
import type { ChannelStorage } from '@x402/evm/batch-settlement/server';
import type { ReserveOutcome, SubscriptionRepository, SubscriptionRow } from '../store/subscriptions/types.js';

export type Reserved = Extract<ReserveOutcome, { kind: 'reserved' }>;

export interface ChargerDeps {
  store: Pick<SubscriptionRepository, 'reserveCharge' | 'commitCharge' | 'releaseCharge' | 'voidVoucherCredit'>;
  /** batch-settlement's channels (absent: no voucher allowances can exist). */
  channels?: Pick<ChannelStorage, 'updateChannel'>;
  now: () => Date;
  logger: Logger;
}

export class DeliveryCharger {
  constructor(private readonly deps: ChargerDeps) {}

  reserve(subscription: SubscriptionRow, seq: number): Promise<ReserveOutcome> {
    return this.deps.store.reserveCharge(subscription.id, seq, subscription.priceAtomic, this.deps.now());
  }

  /** The event went out: the reservation becomes a charge (and a voucher's channel counts it). */
  async commit(subscription: SubscriptionRow, seq: number, reserved: Reserved): Promise<'charged' | 'not_collectable'> {
    if (reserved.source === 'voucher' && !(await this.countOnChannel(reserved.channelId, subscription.priceAtomic))) {
      this.deps.logger.warn({ subscription: subscription.id, seq, channel: reserved.channelId }, 'voucher allowance no longer chargeable: delivered uncharged, allowance voided');
      await this.deps.store.releaseCharge(subscription.id, seq);
      await this.deps.store.voidVoucherCredit(subscription.id, reserved.channelId);
      return 'not_collectable';
    }
    await this.deps.store.commitCharge(subscription.id, seq, this.deps.now());
    return 'charged';
  }

  /** The event did not go out: nothing is charged. */
  release(subscription: SubscriptionRow, seq: number): Promise<void> {
    return this.deps.store.releaseCharge(subscription.id, seq);
  }

  /** Advances the channel's counted charge by `amount` within the signed voucher; false when it cannot. */
  private async countOnChannel(channelId: string, amount: bigint): Promise<boolean> {
    const channels = this.deps.channels;
    if (!channels) return false;
    let counted = false;
    await channels.updateChannel(channelId, (current) => {
      if (!current) return current;
      const next = BigInt(current.chargedCumulativeAmount) + amount;
      if (next > BigInt(current.signedMaxClaimable) || next > BigInt(current.balance)) return current;
      counted = true;
      // The library stamps its own wall clock here on each paid call; the idle refund reads it (src/jobs/batch-settlement-claims.ts).
      return { ...current, chargedCumulativeAmount: next.toString(), lastRequestTimestamp: Date.now() };
    });
    return counted;
  }
}
