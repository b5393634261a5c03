/** launchpad-quote's answer (docs/launchpad.md, "Endpoint: launchpad-quote"). */
import type { Caveat, HandlerContext, HandlerResult } from '../../../registry/types.js';
import type { DailyPoint } from '../../../analytics/launchpad/types.js';
import { payoutStatus } from '../../../analytics/launchpad/payout.js';
import { tradeQuote } from '../../../analytics/launchpad/quote.js';
import { payoutPerDayPerUsd, trailingYields } from '../../../analytics/launchpad/yield.js';
import { addDays, utcDay } from '../../../lib/days.js';
import { LAUNCHPAD_DAILY_RETENTION_DAYS } from '../../../launchpad-index/state.js';
import { indexStaleCaveat, launchpadCoin, withDaily } from '../shared/coins.js';

/**
 * The platform reports no pool depth, so the quote prices tax only: impact is 0 on both legs and said so
 * in a caveat rather than guessed (a guessed impact would move the verdict on no evidence).
 */
const NO_IMPACT_PCT = 0;
/** The input schema's defaults; the validator fills them, these only keep a direct call well-defined. */
export const SIZE_USD_DEFAULT = 100;
export const HOLD_DAYS_DEFAULT = 7;

export async function quoteAnswer(input: { mint: string; size_usd?: number; hold_days?: number }, ctx: HandlerContext): Promise<HandlerResult> {
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
