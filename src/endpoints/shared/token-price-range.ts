/**
 * enrich-token-full's 7-day high and low price (USD). No configured provider sends OHLC candles for a
 * Solana mint, so the range is derived from DefiLlama's coins API (`GET /batchHistorical`, the host and
 * format the service already reads for SOL's past prices: src/sources/wire/defillama-coins.ts): one sample
 * per hour over the last 168 hours, each within half an hour of its hour, plus the answer's own current
 * (median) price at the moment of the answer — so the range always contains the price the answer shows.
 *
 * The high and low are those of the samples: a move inside an hour that no sample caught is not seen (the
 * answer says `sampling: hourly`). When DefiLlama has prices for only part of the week (a token younger than
 * 7 days, or gaps), the range covers the span it has and says so (`complete: false`, caveat
 * `price_range_partial`). When it has none (or the leg fails), the range is null with a caveat.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../lib/typebox.js';
import type { Caveat, HandlerContext, HandlerResult } from '../../registry/types.js';
import { solanaCoinId } from '../../sources/defillama.js';
import type { HistoricalPricePoint } from '../../sources/wire/defillama-coins.js';
import { degradedCaveat, gatherLegs, legTimings, type LegResult } from './legs.js';
import { TokenAnalysisFullSchema } from './wallet-token-schemas.js';

const RANGE_WINDOW_HOURS = 168;
const RANGE_STEP_S = 3_600;
/** A returned point counts for its hour only within this distance (seconds). */
export const RANGE_SEARCH_WIDTH_S = 1_800;
/** The whole query travels in the URL: at most this many timestamps per request (as sol-prices.ts). */
const RANGE_TIMESTAMPS_PER_REQUEST = 100;
const RANGE_SOURCE = 'DefiLlama coins /batchHistorical, hourly samples, and the answer\'s current price';

export interface PriceRange7d {
  high_usd: number;
  low_usd: number;
  high_at: string;
  low_at: string;
  source: string;
  sampling: 'hourly';
  window_hours: number;
  /** Hourly DefiLlama points used (the current price is one more sample). */
  samples: number;
  requested_samples: number;
  /** The span the samples cover: the oldest point to the moment of the answer. */
  span_from_at: string;
  span_to_at: string;
  span_hours: number;
  /** True when the oldest sample is within one step of the window start: the whole 7 days are covered. */
  complete: boolean;
}

/** The hourly timestamps of the window (aligned to the hour), oldest first, the answer's moment last. */
export function rangeTimestamps(nowS: number): number[] {
  const fromS = nowS - RANGE_WINDOW_HOURS * 3_600;
  const out: number[] = [];
  for (let t = Math.floor(nowS / RANGE_STEP_S) * RANGE_STEP_S; t >= fromS; t -= RANGE_STEP_S) out.push(t);
  out.reverse();
  if (out[out.length - 1] !== nowS) out.push(nowS);
  return out;
}

/** The hourly points of `mint` over the window, from as many requests as the URL bound needs, in parallel. */
async function readPriceSamples(mint: string, ctx: HandlerContext, nowS: number): Promise<HistoricalPricePoint[]> {
  const coin = solanaCoinId(mint);
  const stamps = rangeTimestamps(nowS);
  const chunks: number[][] = [];
  for (let i = 0; i < stamps.length; i += RANGE_TIMESTAMPS_PER_REQUEST) chunks.push(stamps.slice(i, i + RANGE_TIMESTAMPS_PER_REQUEST));
  const answers = await Promise.all(
    chunks.map((chunk) => ctx.sources.defillama.batchHistoricalPrices({ [coin]: chunk }, { searchWidthSeconds: RANGE_SEARCH_WIDTH_S, signal: ctx.signal })),
  );
  return answers.flatMap((a) => a.coins[coin]?.prices ?? []);
}

const iso = (s: number) => new Date(s * 1000).toISOString();

/**
 * The range from DefiLlama's points and the current price (pure). Points outside the window, in the
 * future, or not positive are left out; a timestamp returned twice counts once. Null without any point
 * (the current price alone is not a 7-day range).
 */
export function priceRangeOf(points: readonly HistoricalPricePoint[], currentPrice: number | null, nowS: number): PriceRange7d | null {
  const fromS = nowS - RANGE_WINDOW_HOURS * 3_600;
  const byTime = new Map<number, number>();
  for (const p of points) {
    if (Number.isFinite(p.price) && p.price > 0 && p.timestamp >= fromS && p.timestamp <= nowS) byTime.set(p.timestamp, p.price);
  }
  if (byTime.size === 0) return null;
  const samples = [...byTime.entries()].sort((a, b) => a[0] - b[0]);
  const used = samples.length;
  // The answer's own price belongs in its range: a 7-day high below the price shown beside it would be false.
  if (currentPrice !== null && Number.isFinite(currentPrice) && currentPrice > 0) samples.push([nowS, currentPrice]);
  let high = samples[0]!;
  let low = samples[0]!;
  for (const s of samples) {
    if (s[1] > high[1]) high = s;
    if (s[1] < low[1]) low = s;
  }
  const spanFrom = samples[0]![0];
  return {
    high_usd: high[1],
    low_usd: low[1],
    high_at: iso(high[0]),
    low_at: iso(low[0]),
    source: RANGE_SOURCE,
    sampling: 'hourly',
    window_hours: RANGE_WINDOW_HOURS,
    samples: used,
    requested_samples: rangeTimestamps(nowS).length,
    span_from_at: iso(spanFrom),
    span_to_at: iso(nowS),
    span_hours: Math.round(((nowS - spanFrom) / 3_600) * 100) / 100,
    complete: spanFrom <= fromS + RANGE_STEP_S,
  };
}

function rangeCaveats(range: PriceRange7d | null, leg: LegResult<HistoricalPricePoint[]>): Caveat[] {
  if (!leg.ok) return [degradedCaveat(leg.error, '7-day high and low (DefiLlama historical prices)')];
  if (range === null) {
    return [{ code: 'price_range_unavailable', message: 'No 7-day high and low: DefiLlama has no price for this token in the last 7 days (price_range_7d is null).' }];
  }
  if (!range.complete) {
    return [{ code: 'price_range_partial', message: `The 7-day high and low cover only the last ${range.span_hours} h (DefiLlama's prices start ${range.span_from_at}), not the full ${RANGE_WINDOW_HOURS} h.` }];
  }
  return [];
}

/** enrich-token-full's answer with `price_range_7d` (read beside the analysis, in parallel). */
export async function withPriceRange7d(mint: string, analysis: (ctx: HandlerContext) => Promise<HandlerResult>, ctx: HandlerContext): Promise<HandlerResult> {
  const nowS = Math.floor(ctx.now().getTime() / 1000);
  const [result, legs] = await Promise.all([analysis(ctx), gatherLegs({ price_history: () => readPriceSamples(mint, ctx, nowS) })]);
  const leg = legs.price_history;
  const price = (result.data.price as { price_usd?: number | null } | undefined)?.price_usd ?? null;
  const range = leg.ok ? priceRangeOf(leg.value, price, nowS) : null;
  return {
    ...result,
    data: { ...result.data, price_range_7d: range },
    caveats: [...(result.caveats ?? []), ...rangeCaveats(range, leg)],
    timings: { ...(result.timings ?? {}), ...legTimings(legs) },
  };
}

// ── Output schema ──────────────────────────────────────────────────────────────────────────────────
const PriceRange7dSchema = Nullable(Open({
  high_usd: Type.Number({ description: 'Highest sampled price of the last 7 days (USD), the current price included' }),
  low_usd: Type.Number({ description: 'Lowest sampled price of the last 7 days (USD), the current price included' }),
  high_at: Type.String({ format: 'date-time', description: 'The time of the sample that set the high' }),
  low_at: Type.String({ format: 'date-time', description: 'The time of the sample that set the low' }),
  source: Type.String({ description: 'Where the samples come from: DefiLlama coins /batchHistorical (hourly) and the answer\'s current price' }),
  sampling: Type.String({ enum: ['hourly'], description: 'One sample per hour: a move inside an hour that no sample caught is not seen' }),
  window_hours: Type.Number({ description: '168' }),
  samples: Type.Integer({ minimum: 1, description: 'Hourly DefiLlama points used (the current price is one more)' }),
  requested_samples: Type.Integer({ description: 'Hourly timestamps asked for (168 or 169, the moment of the answer last)' }),
  span_from_at: Type.String({ format: 'date-time', description: 'The oldest sample' }),
  span_to_at: Type.String({ format: 'date-time', description: 'The moment of the answer' }),
  span_hours: Type.Number({ description: 'Hours the samples cover (2 decimals)' }),
  complete: Type.Boolean({ description: 'The oldest sample is within an hour of the window start; false for a token younger than 7 days or a gap at the start (caveat price_range_partial)' }),
}, '7-day high and low price; null when DefiLlama has no price in the window or its leg failed (caveat)'));

export const EnrichTokenFullSchema = Open({
  ...TokenAnalysisFullSchema.properties,
  // The analysis leaves the key out when the caller asks for no holders (include_holders: false).
  top_holders: Type.Optional(TokenAnalysisFullSchema.properties.top_holders!),
  price_range_7d: PriceRange7dSchema,
}, 'Token analysis (full) with the 7-day high and low');
