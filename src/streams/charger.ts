/**
 * Charges a subscription for an event it is being delivered, exactly once, and only when the delivery succeeded
 * (docs/streaming.md, "Paying per event"): `reserve` before the event is written or posted, `commit` after the
 * stream accepted it or the receiver answered 2xx, `release` when it did not.
 *
 * Both kinds of funds are the store's numbers. A voucher allowance is backed by a batch-settlement channel whose
 * voucher already covers it; what turns it into money is the claim job, which claims a channel's count minus the
 * allowance not yet delivered. A channel that no longer exists (refunded) voids that allowance; the delivery that
 * found out is the service's loss, never the subscriber's.
 */
import type { Logger } from 'pino';
import type { ChannelStorage } from '@x402/evm/batch-settlement/server';
import type { ReserveOutcome, SubscriptionRepository, SubscriptionRow } from '../store/subscriptions/types.js';

export type Reserved = Extract<ReserveOutcome, { kind: 'reserved' }>;

export interface ChargerDeps {
  store: Pick<SubscriptionRepository, 'reserveCharge' | 'commitCharge' | 'releaseCharge' | 'voidVoucherCredit'>;
  /** batch-settlement's channels (absent: no voucher allowances can exist). */
  channels?: Pick<ChannelStorage, 'get'>;
  now: () => Date;
  logger: Logger;
}

export class DeliveryCharger {
  constructor(private readonly deps: ChargerDeps) {}

  reserve(subscription: SubscriptionRow, seq: number): Promise<ReserveOutcome> {
    return this.deps.store.reserveCharge(subscription.id, seq, subscription.priceAtomic, this.deps.now());
  }

  /**
   * The event went out: the reservation becomes a charge (claimable from a voucher's channel from now on). If the
   * reservation was released meanwhile (a delivery slower than the stale-reservation sweep), the event is reserved
   * and charged again; with no funds left it was delivered free, which is logged.
   */
  async commit(subscription: SubscriptionRow, seq: number, reserved: Reserved): Promise<'charged' | 'not_collectable'> {
    const { store, logger, now } = this.deps;
    if (reserved.source === 'voucher' && !(await this.deps.channels?.get(reserved.channelId))) {
      logger.warn({ subscription: subscription.id, seq, channel: reserved.channelId }, 'voucher allowance no longer chargeable: delivered uncharged, allowance voided');
      await store.releaseCharge(subscription.id, seq);
      await store.voidVoucherCredit(subscription.id, reserved.channelId);
      return 'not_collectable';
    }
    if (await store.commitCharge(subscription.id, seq, now())) return 'charged';
    const again = await store.reserveCharge(subscription.id, seq, subscription.priceAtomic, now());
    if (again.kind === 'charged_before' || (again.kind === 'reserved' && (await store.commitCharge(subscription.id, seq, now())))) return 'charged';
    logger.warn({ subscription: subscription.id, seq, outcome: again.kind }, 'reservation released before the delivery finished and not renewable: delivered uncharged');
    return 'not_collectable';
  }

  /** The event did not go out: nothing is charged. */
  release(subscription: SubscriptionRow, seq: number): Promise<void> {
    return this.deps.store.releaseCharge(subscription.id, seq);
  }
}
