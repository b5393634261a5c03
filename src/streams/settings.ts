/**
 * The fixed terms of alert streams (docs/streaming.md, "Pricing"). Prices are part of the contract, like the
 * endpoints' prices; the timings an operator may tune come from the configuration (STREAM_*, WEBHOOK_*).
 */
import { atomicToUsdc, usdcToAtomic } from '../registry/index.js';

/** One delivered event, whatever its kind and channel: an eighth of a check-alerts poll (0.008). */
export const EVENT_PRICE_USDC = '0.001';
export const EVENT_PRICE_ATOMIC = usdcToAtomic(EVENT_PRICE_USDC);
/** What one top-up buys: 100 events (0.1 USDC), prepaid with `exact`, or as a voucher allowance on Base. */
export const EVENTS_PER_TOP_UP = 100;
export const TOP_UP_USDC = atomicToUsdc(EVENT_PRICE_ATOMIC * BigInt(EVENTS_PER_TOP_UP));

export interface StreamSettings {
  /** How long delivered or not, an event stays stored for replay (`Last-Event-ID`) and for webhook retries. */
  replayWindowMs: number;
  /** A comment line on an idle stream this often, so proxies and clients know it is alive. */
  heartbeatMs: number;
  /** A webhook receiver must answer within this. */
  webhookTimeoutMs: number;
  /** How often each instance looks for webhook deliveries that are due (new events are pushed at once). */
  webhookPollMs: number;
  /** At most this many subscriptions delivered to at once per instance. */
  webhookConcurrency: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  replayWindowMs: 24 * 3_600_000,
  heartbeatMs: 15_000,
  // The Standard Webhooks recommendation (15–30 s): a receiver doing real work before its 2xx is not cut off.
  webhookTimeoutMs: 15_000,
  webhookPollMs: 1_000,
  webhookConcurrency: 16,
};
