/**
 * Crediting a paid top-up (docs/streaming.md, "Paying per event"), from wherever the payment is known to be charged:
 * the top-up's own `afterSettlement` right after its settlement, or the credit job for a payment whose credit was not
 * written then (the settlement was confirmed later, or the write failed). Keyed by the payment, so once either way.
 *
 * Also what the claim job must hold back per batch-settlement channel: allowance credited and not yet delivered,
 * plus voucher top-ups not credited yet (in flight, or settled a moment before their credit), so a claim never
 * takes an allowance before its events are delivered.
 */
import type { PendingTopUp, SubscriptionRepository } from '../store/subscriptions/types.js';

/** The payment statuses of a charged top-up (src/store/claims/types.ts). */
const CHARGED = new Set(['settled', 'delivered', 'undelivered']);

export interface TopUp {
  subscriptionId: string;
  paymentKey: string;
  /** A batch-settlement voucher's channel: the credit is a voucher allowance; absent: prepaid. */
  channelId?: string;
  amountAtomic: bigint;
  network: string;
  transaction: string;
}

export async function creditTopUp(store: Pick<SubscriptionRepository, 'creditSubscription'>, topUp: TopUp, at: Date): Promise<'credited' | 'duplicate'> {
  return store.creditSubscription({
    subscriptionId: topUp.subscriptionId,
    source: topUp.channelId ? 'voucher' : 'prepaid',
    channelId: topUp.channelId ?? '',
    amountAtomic: topUp.amountAtomic,
    paymentKey: topUp.paymentKey,
    network: topUp.network,
    transaction: topUp.transaction,
    at,
  });
}

/** A batch-settlement payment's channel, from its claim key (`bs:<channel>:<cumulative>:<attempt>`). */
export function channelOfPaymentKey(paymentKey: string): string | undefined {
  const match = /^bs:(0x[0-9a-f]{64}):/i.exec(paymentKey);
  return match ? match[1]!.toLowerCase() : undefined;
}

/** The subscription a top-up paid for, from its call key (`endpoint:subscription-fund:{"subscription_id":…}`). */
export function subscriptionOfCallKey(callKey: string | null): string | undefined {
  const json = callKey?.replace(/^endpoint:subscription-fund:/, '');
  if (!json || json === callKey) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    const id = (parsed as { subscription_id?: unknown }).subscription_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A charged top-up the credit job can credit now; undefined for one still in flight or unreadable. */
export function creditable(pending: PendingTopUp): TopUp | undefined {
  const subscriptionId = subscriptionOfCallKey(pending.callKey);
  if (!CHARGED.has(pending.status) || !subscriptionId) return undefined;
  const channelId = channelOfPaymentKey(pending.paymentKey);
  return { subscriptionId, paymentKey: pending.paymentKey, ...(channelId ? { channelId } : {}), amountAtomic: pending.amountAtomic, network: pending.network, transaction: pending.transaction ?? '' };
}

/** Per channel (lower case), the allowance the claim job must not claim: credited and undelivered, or not credited yet. */
export async function undeliveredAllowance(store: Pick<SubscriptionRepository, 'voucherOutstanding' | 'pendingTopUps'>): Promise<Map<string, bigint>> {
  // Pending first: a top-up credited between the two reads is then counted twice (held back one run too long, the
  // service's delay) rather than not at all (claimed before delivery, the payer's loss).
  const pending = await store.pendingTopUps(10_000);
  const outstanding = await store.voucherOutstanding();
  const held = new Map<string, bigint>();
  for (const [channel, amount] of outstanding) held.set(channel.toLowerCase(), (held.get(channel.toLowerCase()) ?? 0n) + amount);
  for (const topUp of pending) {
    const channel = channelOfPaymentKey(topUp.paymentKey);
    if (channel) held.set(channel, (held.get(channel) ?? 0n) + topUp.amountAtomic);
  }
  return held;
}
