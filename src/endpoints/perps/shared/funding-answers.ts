/**
 * perps-cross-venue-funding and perps-basis-signal: one asset's market on every venue
 * (asset-markets.ts), through the pure analytics fundingComparison and basisTrade (analytics/perps/),
 * with the venues' neutral names added and every absent venue explained.
 */
import { basisTrade, fundingComparison, type FundingVenueInput, type SideEntry } from '../../../analytics/perps/index.js';
import type { HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import type { PerpsAsset, PerpsVenue } from '../../../analytics/perps/venue-data.js';
import { named, readAssetMarkets, type AssetMarkets } from './asset-markets.js';
import { POOL_VENUES, REF_VENUES } from '../../shared/perps-venues.js';

const ALL_VENUES: readonly PerpsVenue[] = [...POOL_VENUES, ...REF_VENUES];

function fundingInputs(markets: AssetMarkets): FundingVenueInput[] {
  return [...markets.available, ...markets.unavailable.map((u): FundingVenueInput => ({ kind: 'unavailable', ...u }))];
}

const namedEntry = (e: SideEntry | null) => (e === null ? null : named(e));

export async function crossVenueFunding(input: { market: PerpsAsset; include_reference?: boolean }, ctx: HandlerContext): Promise<HandlerResult> {
  const includeReference = input.include_reference ?? true;
  const venues = includeReference ? ALL_VENUES : POOL_VENUES;
  const markets = await readAssetMarkets(ctx, input.market, venues);
  const comparison = fundingComparison(input.market, fundingInputs(markets));
  const cQuoted = comparison.quotes.some((q) => q.venue === 'C');
  const note = cQuoted
    ? 'basis_vs_c_apr_pts = a venue\'s long cost − reference venue C\'s long cost'
    : !includeReference
      ? 'include_reference is false: reference venue C was not read, so basis_vs_c_apr_pts is null'
      : 'reference venue C has no quote now (see unavailable), so basis_vs_c_apr_pts is null';

  const nextSteps: NextStep[] = [
    { endpoint: 'perps-basis-signal', input: { asset: input.market }, reason: 'Cash-and-carry yield per venue after fees' },
  ];
  const poolQuoted = comparison.quotes.filter((q) => q.kind === 'pool');
  if (poolQuoted.length > 0) {
    nextSteps.push({ endpoint: 'perps-venue-comparison', input: { market: input.market, size_usd: 10_000, side: 'long' }, reason: 'Entry cost of a 10,000 USD long on each pool venue: slippage, fee, headroom, borrow' });
  }
  if (poolQuoted.some((q) => q.venue === 'A')) {
    nextSteps.push({ endpoint: 'perps-market-structure', input: {}, reason: "Pool venue A's markets: utilization, caps, skew and health" });
  }

  return {
    data: {
      market: input.market,
      include_reference: includeReference,
      venues_considered: [...venues],
      quotes: comparison.quotes.map(named),
      best_entry: { long: namedEntry(comparison.best_entry.long), short: namedEntry(comparison.best_entry.short) },
      basis_reference: { venue: 'C', available: cQuoted, note },
      arbitrage: comparison.arbitrage,
      unavailable: comparison.unavailable.map(named),
      thresholds: comparison.thresholds,
      as_of: ctx.now().toISOString(),
    },
    caveats: markets.caveats,
    next_steps: nextSteps,
    timings: markets.timings,
  };
}

export async function basisSignal(input: { asset: PerpsAsset; min_yield_apr_pct?: number }, ctx: HandlerContext): Promise<HandlerResult> {
  const minYield = input.min_yield_apr_pct ?? 5;
  const markets = await readAssetMarkets(ctx, input.asset, ALL_VENUES);
  const { quotes } = fundingComparison(input.asset, fundingInputs(markets));
  const trade = basisTrade(quotes, { minYieldAprPct: minYield });
  const hourly = new Map(quotes.map((q) => [q.venue, q.funding_rate_hourly]));
  const withRate = <T extends { venue: PerpsVenue }>(v: T) => ({ ...named(v), funding_rate_hourly: hourly.get(v.venue) ?? null });

  const nextSteps: NextStep[] = [
    { endpoint: 'perps-cross-venue-funding', input: { market: input.asset }, reason: 'Long and short costs on every venue, best entry, basis and arbitrage pairs' },
  ];
  if (trade.opportunities.length === 0 && minYield > 0 && trade.venues.some((v) => v.viable)) {
    nextSteps.push({ endpoint: 'perps-basis-signal', input: { asset: input.asset, min_yield_apr_pct: 0 }, reason: 'Every viable trade, whatever its yield' });
  }

  return {
    data: {
      asset: input.asset,
      min_yield_apr_pct: trade.min_yield_apr_pct,
      assumptions: trade.assumptions,
      venues: trade.venues.map(withRate),
      opportunities: trade.opportunities.map(withRate),
      best_trade: trade.best_trade === null ? null : named(trade.best_trade),
      best_trade_reason: trade.best_trade_reason,
      unavailable: markets.unavailable.map(named),
      as_of: ctx.now().toISOString(),
    },
    caveats: markets.caveats,
    next_steps: nextSteps,
    timings: markets.timings,
  };
}
