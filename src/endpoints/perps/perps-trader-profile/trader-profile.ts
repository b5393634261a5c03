/**
 * perps-trader-profile: a wallet's open positions on pool venues A and B. Each venue is its own leg
 * (positions and markets read in parallel); the analytics (poolPositionView per position, then
 * poolTraderProfile) do every computation — see docs/perps.md.
 *
 * Failure rules: a venue whose positions cannot be read is left out with a `leg_degraded` caveat and its
 * `by_venue` entry marked `unavailable` (its figures null, never zero); both venues down → the call fails
 * (502/504, not charged). A venue whose positions were read but whose markets were not still lists its
 * positions, their PnL null (`market_unavailable`). A position valued without a mark (pool venue B's
 * wrapped collateral or an oracle gap) keeps its PnL null with a `pnl_unavailable` caveat.
 */
import {
  BIAS_LONG_MIN_PCT, BIAS_SHORT_MAX_PCT, NEAR_LIQUIDATION_BUFFER_PCT, POOL_HIGH_LEVERAGE, SCALPER_MAX_AGE_HOURS, SWING_MAX_AGE_HOURS,
  poolPositionView, poolTraderProfile, positionKey, type PoolPositionView,
} from '../../../analytics/perps/index.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import type { PoolMarket, PoolPosition, PoolVenue } from '../../../analytics/perps/venue-data.js';
import { gatherLegs, legTimings, required, type LegResult } from '../../shared/legs.js';
import { POOL_VENUES, VENUE_LABEL, legOf } from '../../shared/perps-venues.js';

const TRADER_THRESHOLDS = {
  high_leverage_above: POOL_HIGH_LEVERAGE,
  near_liquidation_buffer_below_pct: NEAR_LIQUIDATION_BUFFER_PCT,
  scalper_below_hours: SCALPER_MAX_AGE_HOURS,
  swing_below_hours: SWING_MAX_AGE_HOURS,
  bias_long_min_pct: BIAS_LONG_MIN_PCT,
  bias_short_max_pct: BIAS_SHORT_MAX_PCT,
} as const;

interface VenueRead {
  positions: LegResult<PoolPosition[]>;
  markets: LegResult<PoolMarket[]>;
}

function unavailableBreakdown(venue: PoolVenue, read: VenueRead) {
  const kind = read.positions.ok ? 'error' : read.positions.error.kind;
  return {
    status: 'unavailable' as const,
    positions: null, notional_usd: null, collateral_usd: null, unrealized_pnl_usd: null,
    message: `${VENUE_LABEL[venue]} could not be read (${kind}): its positions are unknown, not zero.`,
  };
}

function pnlCaveats(views: readonly PoolPositionView[]): Caveat[] {
  const out: Caveat[] = [];
  for (const venue of POOL_VENUES) {
    const missing = views.filter((v) => v.venue === venue && v.pnl_unavailable !== null);
    if (missing.length === 0) continue;
    const reasons = [...new Set(missing.map((v) => v.pnl_unavailable!.reason))].sort();
    const why = reasons.includes('collateral_price_unavailable') || reasons.includes('oracle_price_unavailable')
      ? 'its mark price is unavailable right now'
      : 'its market could not be read';
    out.push({
      code: 'pnl_unavailable',
      leg: legOf(venue),
      message: `PnL, liquidation price and collateral buffer of ${missing.length} position(s) on ${VENUE_LABEL[venue]} are null because ${why} `
        + `(${missing.map((v) => `${v.asset} ${v.side}: ${v.pnl_unavailable!.reason}`).join('; ')}); ${VENUE_LABEL[venue]}'s and the total unrealized PnL are null too.`,
    });
  }
  return out;
}

function nextSteps(address: string, views: readonly PoolPositionView[], nowIso: string): NextStep[] {
  if (views.length === 0) {
    return [{ endpoint: 'enrich-wallet-light', input: { address }, reason: 'No open perps position on pool venues A or B: the wallet\'s spot holdings instead' }];
  }
  const steps: NextStep[] = [{
    endpoint: 'check-alerts',
    input: { wallets: [address], since: nowIso },
    reason: 'Watch these positions: opened/closed, at risk, liquidation approaching, PnL swings (poll again in 5 minutes or more)',
  }];
  if (views.some((v) => v.venue === 'A')) {
    steps.push({ endpoint: 'perps-market-structure', input: {}, reason: 'Utilization, tilt and borrow rates of the pool venue A markets this wallet holds' });
  }
  const largest = [...views].sort((a, b) => b.size_usd - a.size_usd || (positionKey(a) < positionKey(b) ? -1 : 1))[0]!;
  steps.push({
    endpoint: 'perps-cross-venue-funding',
    input: { market: largest.asset, include_reference: true },
    reason: `Holding cost of its largest position (${largest.asset} ${largest.side}, ${largest.size_usd} USD) on every venue`,
  });
  return steps;
}

export async function traderProfile(address: string, ctx: HandlerContext): Promise<HandlerResult> {
  const { A, B } = ctx.sources.perps;
  const legs = await gatherLegs({
    A_positions: () => A.positionsByOwner(address, ctx.signal),
    A_markets: () => A.markets(ctx.signal),
    B_positions: () => B.positionsByOwner(address, ctx.signal),
    B_markets: () => B.markets(ctx.signal),
  });
  const reads: Record<PoolVenue, VenueRead> = {
    A: { positions: legs.A_positions, markets: legs.A_markets },
    B: { positions: legs.B_positions, markets: legs.B_markets },
  };
  const venuesRead = POOL_VENUES.filter((v) => reads[v].positions.ok);
  // Neither venue answered: nothing to say about the wallet (502/504, not charged).
  if (venuesRead.length === 0) required(legs.A_positions);

  const now = ctx.now();
  const caveats: Caveat[] = [];
  const views: PoolPositionView[] = [];
  for (const venue of POOL_VENUES) {
    const read = reads[venue];
    if (!read.positions.ok) {
      const others = POOL_VENUES.filter((v) => v !== venue).map((v) => VENUE_LABEL[v]).join(' and ');
      caveats.push({
        code: 'leg_degraded',
        leg: read.positions.error.leg,
        message: `${VENUE_LABEL[venue]} positions unavailable: the ${read.positions.error.leg} source failed (${read.positions.error.kind}). `
          + `by_venue.${venue} is unavailable; totals, classification, bias and multi_venue cover ${others} only.`,
      });
      continue;
    }
    const markets = read.markets.ok ? read.markets.value : [];
    if (!read.markets.ok && read.positions.value.length > 0) {
      caveats.push({
        code: 'leg_degraded',
        leg: read.markets.error.leg,
        message: `${VENUE_LABEL[venue]} markets unavailable: the ${read.markets.error.leg} source failed (${read.markets.error.kind}); its positions are listed without mark, PnL or liquidation figures.`,
      });
    }
    const byAsset = new Map(markets.map((m) => [m.asset, m]));
    views.push(...read.positions.value.map((p) => poolPositionView(p, byAsset.get(p.asset), now)));
  }
  caveats.push(...pnlCaveats(views));

  const profile = poolTraderProfile(views);
  const by = (venue: PoolVenue) => (reads[venue].positions.ok ? { status: 'ok' as const, ...profile.by_venue[venue], message: null } : unavailableBreakdown(venue, reads[venue]));
  return {
    data: {
      address,
      as_of: now.toISOString(),
      venues_read: venuesRead,
      positions: profile.positions.map((v) => ({ position_key: positionKey(v), ...v })),
      by_venue: { A: by('A'), B: by('B') },
      totals: profile.totals,
      classification: profile.classification,
      weighted_median_age_hours: profile.weighted_median_age_hours,
      classification_reason: profile.classification_reason,
      directional_bias: profile.directional_bias,
      directional_bias_reason: profile.directional_bias_reason,
      multi_venue: profile.multi_venue,
      risk_flags: profile.risk_flags,
      thresholds: TRADER_THRESHOLDS,
    },
    caveats,
    next_steps: nextSteps(address, profile.positions, now.toISOString()),
    timings: legTimings(legs),
  };
}
