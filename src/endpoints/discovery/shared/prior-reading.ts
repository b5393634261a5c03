/**
 * Repeat spacing (spec: "repeated calls at least 5 minutes apart unlock liquidity and holder deltas"):
 * every trenches-check / exit-signal reading of a token's market is logged (observation subject type
 * `token_market`); a later call compares with the latest reading at least 5 minutes older than now.
 * A first call, or a repeat within 5 minutes, has no prior reading: its deltas are null with a reason.
 *
 * Also what both of those endpoints read for it: the holder count (through enrich-token-light) and the
 * prior reading as their answers show it.
 */
import type { PriorReading } from '../../../analytics/discovery/types.js';
import { REPEAT_SPACING_MS } from '../../../analytics/alerts.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { asNumber as num, asObject } from '../../../lib/read.js';
import type { ObservationRecord } from '../../../store/types.js';

export interface MarketReading {
  liquidityUsd: number | null;
  holderCount: number | null;
  priceUsd: number | null;
}

const readingOf = (row: ObservationRecord): PriorReading => ({
  at: row.observedAt.getTime(), liquidityUsd: num(row.data.liquidity_usd), holderCount: num(row.data.holder_count), priceUsd: num(row.data.price_usd),
});

/** The latest reading of `mint` at least 5 minutes before now, or null. */
export async function priorReading(ctx: HandlerContext, mint: string): Promise<PriorReading | null> {
  const cutoff = new Date(ctx.now().getTime() - REPEAT_SPACING_MS);
  const row = await ctx.store.observationAtOrBefore('token_market', mint, cutoff);
  return row ? readingOf(row) : null;
}

/**
 * The prior reading to compare with: the latest one at least 5 minutes old; failing that the latest at
 * all, which the analytics ignore (too recent) but which lets the answer say how old it is.
 */
export async function priorOrLatest(ctx: HandlerContext, mint: string): Promise<PriorReading | null> {
  const spaced = await priorReading(ctx, mint);
  if (spaced) return spaced;
  const row = await ctx.store.observationAtOrBefore('token_market', mint, ctx.now());
  return row ? readingOf(row) : null;
}

/** A prior reading as an answer shows it (`prior_reading`). */
export const readingView = (p: PriorReading) => ({ at: new Date(p.at).toISOString(), liquidity_usd: p.liquidityUsd, holder_count: p.holderCount, price_usd: p.priceUsd });

/** Logs this call's reading (a reading already logged at this exact moment is kept). */
export async function recordReading(ctx: HandlerContext, mint: string, reading: MarketReading): Promise<void> {
  await ctx.store.putObservation({
    subjectType: 'token_market', subject: mint, observedAt: ctx.now(),
    data: { liquidity_usd: reading.liquidityUsd, holder_count: reading.holderCount, price_usd: reading.priceUsd },
  });
}

export interface HolderLeg {
  count: number | null;
  /** enrich-token-light said the address is not a token mint. */
  notMint: boolean;
  caveat: Caveat | null;
}

/** Holder count through enrich-token-light (cached, shared); never throws for an upstream failure (optional leg). */
export async function holderCountLeg(ctx: HandlerContext, mint: string): Promise<HolderLeg> {
  try {
    const light = await ctx.call('enrich-token-light', { mint });
    const count = num(asObject(light.data.holder_count)?.value);
    const degraded = (light.caveats ?? []).find((c) => c.code === 'leg_degraded' && c.leg === 'price_aggregator');
    const caveat: Caveat | null = count === null && degraded
      ? { code: 'leg_degraded', leg: 'price_aggregator', message: 'Holder count unavailable: the price_aggregator source failed; the holder delta is unknown.' }
      : null;
    return { count, notMint: false, caveat };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === 'not_found') return { count: null, notMint: true, caveat: null };
    const leg = typeof err.extra?.leg === 'string' ? err.extra.leg : 'enrich-token-light';
    return { count: null, notMint: false, caveat: { code: 'leg_degraded', leg, message: `Holder count unavailable (enrich-token-light: ${err.code}); the holder delta is unknown.` } };
  }
}
