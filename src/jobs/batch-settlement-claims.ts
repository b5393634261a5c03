/**
 * batch-settlement claims (every 10 minutes): turns the vouchers the service counted into money, and gives idle
 * channels back to their payers.
 *
 * 1. Claim: every channel whose counted charge is above what is claimed on chain goes into one `claimWithSignature`
 *    transaction per 100 channels (the official channel manager). Only the counted charge is claimed — a failed
 *    call's voucher reserved its price but never committed it (src/payments/batch-settlement/server.ts).
 * 2. Refund: a channel with no paid call for IDLE_REFUND_MS and unclaimed escrow left gets it
 *    back by a cooperative refund (its outstanding charge is claimed in the same transaction), then is forgotten.
 * 3. Settle: when anything was claimed, one `settle` transfers it all from the escrow to the receiver.
 *
 * Nothing to claim, refund or settle: no transaction at all.
 */
import type { FacilitatorClient } from '@x402/core/server';
import type { BatchSettlementEvmScheme, Channel, ChannelStorage } from '@x402/evm/batch-settlement/server';
import { BASE_MAINNET, BASE_USDC_ADDRESS } from '../config/index.js';
import type { BatchSettlement } from '../payments/batch-settlement/server.js';
import { DAY_MS } from '../lib/days.js';
import type { Job } from './runner.js';

export const BATCH_SETTLEMENT_CLAIM_INTERVAL_MS = 10 * 60_000;
/** A channel without a paid call for a day is refunded (its payer can deposit again on the next call). */
export const IDLE_REFUND_MS = DAY_MS;
export const MAX_CLAIMS_PER_BATCH = 100;

export interface BatchSettlementClaimsOptions {
  batch: BatchSettlement;
  facilitator: FacilitatorClient;
  intervalMs?: number;
  idleRefundMs?: number;
  /**
   * Channels never refunded as idle: those backing an alert subscription's voucher allowance (docs/streaming.md),
   * which are charged per delivered event and may see no paid call for days.
   */
  keepChannels?: () => Promise<string[]>;
  /**
   * Per channel (lower case), voucher allowance counted by the channel but not yet delivered (alert subscriptions'
   * top-ups, docs/streaming.md): held back from every claim and returned to the payer by the channel's refund.
   * Read afresh each time the claim manager reads a channel, so a top-up settling during the run is held back too.
   */
  undelivered?: () => Promise<ReadonlyMap<string, bigint>>;
  /** Channels just refunded: the allowance on them went back to the payer (voided in the subscriptions' books). */
  onRefunded?: (channelIds: string[]) => Promise<void>;
}

/**
 * The channel storage as the claim job must see it: each channel's counted charge minus what it counts for
 * allowances not yet delivered (never below what is already claimed). Writes go to the real records with their
 * real count, so the view never changes what the payment flow checks vouchers against.
 */
export function withoutUndelivered(storage: ChannelStorage, undelivered: () => Promise<ReadonlyMap<string, bigint>>): ChannelStorage {
  const heldNow = async () => new Map([...(await undelivered())].map(([id, amount]) => [id.toLowerCase(), amount]));
  const viewWith = (held: ReadonlyMap<string, bigint>) => (channel: Channel): Channel => {
    const amount = held.get(channel.channelId.toLowerCase());
    if (!amount) return channel;
    const charged = BigInt(channel.chargedCumulativeAmount) - amount;
    const claimed = BigInt(channel.totalClaimed);
    return { ...channel, chargedCumulativeAmount: (charged > claimed ? charged : claimed).toString() };
  };
  return {
    get: async (id) => {
      const [channel, held] = await Promise.all([storage.get(id), heldNow()]);
      return channel && viewWith(held)(channel);
    },
    list: async () => {
      const [channels, held] = await Promise.all([storage.list(), heldNow()]);
      return channels.map(viewWith(held));
    },
    updateChannel: async (id, update) => {
      const view = viewWith(await heldNow());
      return storage.updateChannel(id, (real) => {
        if (!real) return update(real);
        const viewed = view(real);
        const next = update(viewed);
        if (next === undefined) return next;
        // Left unchanged: the real record, so the storage reports `unchanged` as it would without the view.
        return next === viewed ? real : { ...next, chargedCumulativeAmount: real.chargedCumulativeAmount };
      });
    },
  };
}

/**
 * Idle (no paid call since `idleMs` before `now`), not mid-call, and holding escrow nobody has earned. Idle time is
 * the job's `now` minus `channel.lastRequestTimestamp`, which the library stamps with its own wall clock
 * (`Date.now()`) on each paid call, not with the job's clock: under an injected clock the two differ.
 */
export function idleRefundable(channel: Channel, now: Date, idleMs: number): boolean {
  if (channel.pendingRequest && channel.pendingRequest.expiresAt > now.getTime()) return false;
  if (BigInt(channel.balance) <= BigInt(channel.chargedCumulativeAmount)) return false;
  return now.getTime() - channel.lastRequestTimestamp >= idleMs;
}

export function batchSettlementClaimsJob(options: BatchSettlementClaimsOptions): Job {
  const idleMs = options.idleRefundMs ?? IDLE_REFUND_MS;
  return {
    name: 'batch-settlement-claims',
    intervalMs: options.intervalMs ?? BATCH_SETTLEMENT_CLAIM_INTERVAL_MS,
    leaseMs: 10 * 60_000,
    async run({ now }) {
      const storage = options.undelivered ? withoutUndelivered(options.batch.storage, options.undelivered) : options.batch.storage;
      // The official manager reads channels through its scheme's storage only: give it the view.
      const scheme = Object.create(options.batch.scheme, { getStorage: { value: () => storage } }) as BatchSettlementEvmScheme;
      const manager = scheme.createChannelManager(options.facilitator, BASE_MAINNET, BASE_USDC_ADDRESS);
      const claims = await manager.claim({ maxClaimsPerBatch: MAX_CLAIMS_PER_BATCH });
      const channels = await storage.list();
      const kept = new Set((await options.keepChannels?.() ?? []).map((id) => id.toLowerCase()));
      const idle = channels.filter((c) => idleRefundable(c, now, idleMs) && !kept.has(c.channelId.toLowerCase()));
      // A refund claims the channel's outstanding charge in the same transaction: that too needs settling.
      const refundClaims = idle.some((c) => BigInt(c.chargedCumulativeAmount) > BigInt(c.totalClaimed));
      const refunds = idle.length > 0 ? await manager.refund(idle.map((c) => c.channelId)) : [];
      if (refunds.length > 0) await options.onRefunded?.(refunds.map((r) => r.channel));
      const settled = claims.length > 0 || refundClaims ? await manager.settle() : undefined;
      const vouchers = claims.reduce((n, c) => n + c.vouchers, 0);
      return `claimed ${vouchers} vouchers in ${claims.length} transactions, refunded ${refunds.length} idle channels, ` +
        (settled ? `settled (${settled.transaction})` : 'nothing to settle');
    },
  };
}
