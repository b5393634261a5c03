import { Type } from '@sinclair/typebox';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { indexStaleCaveat, launchpadCoinDetail } from './launchpad-reward-risk.js';
import { coinDailyPoints, coinYield } from './shared/coin-yield.js';
import { YieldSchema } from './shared/yield-schema.js';

async function yieldAnswer(input: { mint: string }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const [{ detail, source }, points, staleCaveats] = await Promise.all([
    launchpadCoinDetail(input.mint, ctx),
    coinDailyPoints(ctx, input.mint, now),
    indexStaleCaveat(ctx),
  ]);
  const { data, caveats } = coinYield(detail, points, source, now);
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
