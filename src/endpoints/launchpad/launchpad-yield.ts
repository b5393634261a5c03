import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import type { DailyPoint } from '../../analytics/launchpad/types.js';
import { YIELD_CAUTION_MIN_DAYS } from '../../analytics/launchpad/thresholds.js';
import { trailingYields, type WindowYield } from '../../analytics/launchpad/yield.js';
import { addDays, utcDayOf } from '../../jobs/days.js';
import { LAUNCHPAD_DAILY_RETENTION_DAYS } from '../../jobs/launchpad-index.js';
import { indexStaleCaveat, launchpadCoinDetail } from './launchpad-reward-risk.js';
import { YieldSchema } from './shared/yield-schema.js';

async function yieldAnswer(input: { mint: string }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const today = utcDayOf(now);
  const [{ detail, source }, rows, caveats] = await Promise.all([
    launchpadCoinDetail(input.mint, ctx),
    // Everything the index keeps: lifetime is "as far back as the index knows the coin".
    ctx.store.launchpadDailyPoints(input.mint, addDays(today, -LAUNCHPAD_DAILY_RETENTION_DAYS), today),
    indexStaleCaveat(ctx),
  ]);
  // The index job wrote these from validated DailyPoints (dailyPointOf), so the shape is trusted.
  const points = rows.map((r) => r.data as unknown as DailyPoint);
  const y = trailingYields(points, now.getTime());
  const out: Caveat[] = [...caveats];
  if (source === 'live') {
    out.push({ code: 'not_indexed', leg: 'launchpad', message: 'The coin is not in the index yet (launched since its last refresh), so it has no daily history: every yield is null.' });
  }
  const partial = (['7d', '30d'] as const).filter((w) => y[w].partial);
  if (partial.length > 0) {
    out.push({ code: 'partial_history', message: `The index has known this coin for ${y.lifetime.history_days} days: the ${partial.join(' and ')} window${partial.length > 1 ? 's are' : ' is'} partial, so the annualized figures carry a caution flag.` });
  } else if (y.lifetime.history_days < YIELD_CAUTION_MIN_DAYS) {
    out.push({ code: 'partial_history', message: `Under ${YIELD_CAUTION_MIN_DAYS} days of history: annualized figures carry a caution flag.` });
  }
  const win = (w: WindowYield) => ({ ...w });
  return {
    data: {
      mint: detail.mint,
      symbol: detail.symbol,
      yields: { '7d': win(y['7d']), '30d': win(y['30d']), lifetime: win(y.lifetime) },
      basis: y.basis,
      quote_exposure: { quote_mint: detail.quote_mint, quote_symbol: detail.quote_symbol, quote_category: detail.quote_category },
      reward_asset: { mint: detail.quote_mint, symbol: detail.quote_symbol },
      daily_points: points.length,
      source,
      as_of: now.toISOString(),
    },
    caveats: out,
  };
}

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'n/a');

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function yieldBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Yield of ${d.symbol} (${d.mint}), paid in ${d.quote_exposure.quote_symbol} (${d.quote_exposure.quote_category})`];
  for (const w of ['7d', '30d', 'lifetime'] as const) {
    const y = d.yields[w] as Data;
    lines.push(`- ${w}${w === d.basis ? ' (basis)' : ''}: ${y.rewards_quote} ${d.quote_exposure.quote_symbol} ($${y.rewards_usd}) over ${y.history_days} d ` +
      `on avg cap ${y.avg_market_cap_usd === null ? 'n/a' : `$${y.avg_market_cap_usd}`}: yield ${pct(y.yield_pct)}, annualized ${pct(y.annualized_pct)}` +
      `${y.caution ? ' (caution)' : ''}${y.partial ? ', partial window' : ''}`);
  }
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-yield',
  family: 'launchpad',
  price: '0.005',
  summary: 'Reward coin yield: trailing 7d, 30d and lifetime, in quote asset and USD',
  description:
    'Trailing 7d, 30d and lifetime yield of a launchpad reward coin: rewards distributed in the window in the quote ' +
    'asset and in USD (priced at payout time via a price aggregator) divided by the average market cap of the ' +
    'window\'s daily snapshots (from a 10-minute ingest, kept 35 days), as a percent; an annualized figure ' +
    '(yield × 365 ÷ days of history) with a caution flag when the history is under 7 days or the window is ' +
    'partial (the index has known the coin for less than the window); the basis window (the shortest with 6.5 ' +
    'days of history, else lifetime); quote_exposure (quote mint, symbol, category); and the reward asset. ' +
    'Caveats: partial_history, index_stale, not_indexed (a coin launched since the last refresh: yields null). ' +
    'An unknown mint is a 404, not charged.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
    },
    { additionalProperties: false },
  ),
  output: YieldSchema,
  cacheTtlSeconds: 600,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' },
  handler: (input, ctx) => yieldAnswer(input, ctx),
  briefing: yieldBriefing,
});
