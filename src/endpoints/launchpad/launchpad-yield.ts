import { Type } from '@sinclair/typebox';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { indexStaleCaveat, launchpadCoin } from './shared/coins.js';
import { coinDailyPoints, coinYield } from './shared/coin-yield.js';
import { YieldSchema } from './shared/yield-schema.js';

async function yieldAnswer(input: { mint: string }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const [{ coin, source }, points, staleCaveats] = await Promise.all([
    launchpadCoin(input.mint, ctx),
    coinDailyPoints(ctx, input.mint, now),
    indexStaleCaveat(ctx),
  ]);
  const { data, caveats } = coinYield(coin, points, source, now);
  return { data, caveats: [...staleCaveats, ...caveats] };
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
    lines.push(`- ${w}${w === d.basis ? ' (basis)' : ''}: ${y.rewards_quote} ${d.quote_exposure.quote_symbol} ($${y.rewards_usd}) over ${y.history_days} d observed ` +
      `on avg cap ${y.avg_market_cap_usd === null ? 'n/a' : `$${y.avg_market_cap_usd}`}: yield ${pct(y.yield_pct)}, annualized ${pct(y.annualized_pct)}` +
      `${y.caution ? ' (caution)' : ''}${y.partial ? ', partial window' : ''}`);
  }
  lines.push(`- ${d.payout_count} payouts since launch, ${d.holders ?? 'unknown'} holders paid, ${d.age_days} days old`);
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
    'Trailing 7d, 30d and lifetime yield of a launchpad reward coin. Rewards of a window are the platform\'s lifetime ' +
    'distributed total now minus at the window\'s start (its launch when younger, else the index\'s daily point at or ' +
    'before the start: 10-minute ingest, kept 35 days), in the quote asset and in USD at the quote\'s current ' +
    'aggregator price, divided by the average market cap of the daily points in the span, as a percent. Each window ' +
    'states the span actually observed (history_days, observed_from); lifetime runs from the launch. Annualized ' +
    '(yield × 365 ÷ span) only from 7 observed days on, else null; caution flag under 7 days or on a partial ' +
    'window. Basis: the shortest window with 6.5 days observed, else lifetime. Also quote_exposure, the reward ' +
    'asset and its price; payout count (the platform\'s lifetime count), holders (those its distributor pays; null ' +
    'when unknown) and age (days since launch, 2 decimals), the same figures the screener shows for the coin. Caveats: partial_history, short_history, unpriced_quote, ' +
    'index_stale, not_indexed. An unknown mint is a 404, not charged.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
    },
    { additionalProperties: false },
  ),
  output: YieldSchema,
  cacheTtlSeconds: 600,
  example: { mint: '4zkYB1pH72CsUgZ9LuGek59APU6n2XKSh9KYXVunQiHF' },
  handler: (input, ctx) => yieldAnswer(input, ctx),
  briefing: yieldBriefing,
});
