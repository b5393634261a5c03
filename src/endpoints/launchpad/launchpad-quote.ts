import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import type { DailyPoint } from '../../analytics/launchpad/types.js';
import { payoutStatus } from '../../analytics/launchpad/payout.js';
import { tradeQuote } from '../../analytics/launchpad/quote.js';
import { payoutPerDayPerUsd, trailingYields } from '../../analytics/launchpad/yield.js';
import { addDays, utcDay } from '../../lib/days.js';
import { LAUNCHPAD_DAILY_RETENTION_DAYS } from '../../launchpad-index/state.js';
import { indexStaleCaveat, launchpadCoin, withDaily } from './shared/coins.js';
import { QuoteSchema } from './launchpad-quote/schema.js';

/**
 * The platform reports no pool depth, so the quote prices tax only: impact is 0 on both legs and said so
 * in a caveat rather than guessed (a guessed impact would move the verdict on no evidence).
 */
const NO_IMPACT_PCT = 0;
/** The input schema's defaults; the validator fills them, these only keep a direct call well-defined. */
const SIZE_USD_DEFAULT = 100;
const HOLD_DAYS_DEFAULT = 7;

async function quoteAnswer(input: { mint: string; size_usd?: number; hold_days?: number }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const sizeUsd = input.size_usd ?? SIZE_USD_DEFAULT;
  const holdDays = input.hold_days ?? HOLD_DAYS_DEFAULT;
  const today = utcDay(now);
  const [{ coin: record, source }, rows, caveats] = await Promise.all([
    launchpadCoin(input.mint, ctx),
    ctx.store.launchpadDailyPoints(input.mint, addDays(today, -LAUNCHPAD_DAILY_RETENTION_DAYS), today),
    indexStaleCaveat(ctx),
  ]);
  // The index job wrote these from validated DailyPoints (dailyPointOf), so the shape is trusted.
  const points = rows.map((r) => r.data as unknown as DailyPoint);
  const coin = withDaily(record, points);
  const status = payoutStatus(coin, now.getTime());
  const y = trailingYields(coin, now.getTime());
  const rate = payoutPerDayPerUsd(y);
  const q = tradeQuote({
    size_usd: sizeUsd,
    hold_days: holdDays,
    // A coin without a transfer fee (standard, or paid by fee share) is taxed nothing on either leg.
    tax_bps: coin.reward_mechanism === 'fee_share' ? 0 : coin.transfer_fee_bps ?? 0,
    impact_in_pct: NO_IMPACT_PCT,
    impact_out_pct: NO_IMPACT_PCT,
    payout_per_day_per_usd: rate,
    payout_status: status.status,
    market_cap_usd: coin.market_cap_usd,
  });
  const out: Caveat[] = [...caveats];
  out.push({ code: 'price_impact_excluded', leg: 'launchpad', message: 'The platform reports no pool depth: costs are the transfer tax only; price impact would add to them.' });
  if (source === 'live') {
    out.push({ code: 'not_indexed', leg: 'launchpad', message: 'The coin is not in the index (launched since its last refresh, or no trade in 24 h): it has no daily points, so the payout rate comes from its launch-to-now totals only when it is younger than 7 days.' });
  }
  return {
    data: {
      mint: coin.mint,
      symbol: coin.symbol,
      quote_symbol: coin.quote_symbol,
      size_usd: sizeUsd,
      hold_days: holdDays,
      payout_status: status.status,
      transfer_tax_bps: coin.transfer_fee_bps,
      basis: y.basis,
      payout_per_day_per_usd: rate,
      ...q,
      reasons: [...q.reasons],
      source,
      as_of: now.toISOString(),
    },
    caveats: out,
  };
}

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function quoteBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Quote for $${d.size_usd} of ${d.symbol} (${d.mint}) held ${d.hold_days} d: **${d.verdict}**`];
  lines.push(`- Round trip: $${d.round_trip_cost_usd} (${d.round_trip_pct} %, tax ${d.transfer_tax_bps ?? 0} bps); breakeven price move ${d.breakeven_price_move_pct} %`);
  lines.push(`- Payout (${d.payout_status}, ${d.basis} basis): $${d.expected_payout_usd} expected, $${d.expected_payout_per_day_usd}/day` +
    `${d.breakeven_hold_days === null ? '' : `; breakeven after ${d.breakeven_hold_days} d`}${d.dust_warning ? ' (dust)' : ''}`);
  lines.push(`- Why: ${(d.reasons as string[]).join('; ')}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-quote',
  family: 'launchpad',
  price: '0.005',
  summary: 'Round-trip cost versus expected payout of holding a reward coin (no swap executed)',
  description:
    'Trade quote for holding size_usd of a reward coin for hold_days (no swap executed): entry and exit cost ' +
    '(transfer tax plus price impact), round-trip percent, breakeven price move, pro-rata payout share with a dust ' +
    'warning, expected payout over the hold, verdict (PAYS when the payout is at least 1.5 times the round-trip ' +
    'cost, MARGINAL at least 1 times, otherwise COSTS; NOT_PAYING) and breakeven hold days. Composes the ' +
    'reward-risk, yield and token-light analyses. A mint the launch platform does not know answers 404 not_found, not charged.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
      size_usd: withDefault(Type.Number({ minimum: 1, maximum: 1000000, description: 'Position size in USD' }), SIZE_USD_DEFAULT),
      hold_days: withDefault(Type.Number({ minimum: 0.25, maximum: 365, description: 'Holding period in days' }), HOLD_DAYS_DEFAULT),
    },
    { additionalProperties: false },
  ),
  output: QuoteSchema,
  cacheTtlSeconds: 60,
  example: { mint: 'J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc', size_usd: 100, hold_days: 7 },
  handler: (input, ctx) => quoteAnswer(input, ctx),
  briefing: quoteBriefing,
});
