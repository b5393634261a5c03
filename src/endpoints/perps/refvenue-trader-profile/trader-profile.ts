/**
 * refvenue-trader-profile: a reference venue C account and its portfolio, read in parallel, profiled by
 * refTraderProfile (src/analytics/perps/ref-trader.ts).
 *
 * The account is required (its failure is a 502/504, never charged); the portfolio only feeds the PnL
 * windows, so its failure leaves `pnl` null with a caveat. The venue answers an address it has never seen
 * with an empty account: that is a valid, empty profile (`account_empty`) with a caveat saying so.
 */
import {
  APPROACHING_LIQUIDATION_DISTANCE_PCT, BIAS_LONG_MIN_PCT, BIAS_SHORT_MAX_PCT, DIRECTIONAL_MIN_SIDE_PCT,
  MARKET_NEUTRAL_MAX_NET_PCT, REF_EXTREME_LEVERAGE, REF_HIGH_LEVERAGE, refTraderProfile, type RefTraderProfile,
} from '../../../analytics/perps/index.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import type { RefAccount } from '../../../analytics/perps/venue-data.js';
import { gatherLegs, legTimings, optional, required } from '../../shared/legs.js';
import { legOf, VENUE_LABEL } from '../../shared/perps-venues.js';

const REF_TRADER_THRESHOLDS = {
  high_leverage: REF_HIGH_LEVERAGE,
  extreme_leverage: REF_EXTREME_LEVERAGE,
  approaching_liquidation_distance_pct: APPROACHING_LIQUIDATION_DISTANCE_PCT,
  market_neutral_max_net_pct: MARKET_NEUTRAL_MAX_NET_PCT,
  directional_min_side_pct: DIRECTIONAL_MIN_SIDE_PCT,
  bias_long_min_pct: BIAS_LONG_MIN_PCT,
  bias_short_max_pct: BIAS_SHORT_MAX_PCT,
} as const;

/** The venue holds nothing for the address: no position and no account value. */
function isEmptyAccount(account: RefAccount): boolean {
  return account.positions.length === 0 && account.accountValueUsd === 0;
}

export async function refTraderProfileAnswer(address: string, ctx: HandlerContext): Promise<HandlerResult> {
  const venue = ctx.sources.perps.C;
  const legs = await gatherLegs({
    account: () => venue.account(address, ctx.signal),
    portfolio: () => venue.portfolio(address, ctx.signal),
  });
  const account = required(legs.account);
  const caveats: Caveat[] = [];
  const portfolio = optional(legs.portfolio, caveats, `${VENUE_LABEL.C} PnL windows (week, month, all time)`);
  if (!legs.portfolio.ok && legs.portfolio.error.kind === 'not_found') {
    caveats.push({ code: 'pnl_unavailable', leg: legOf('C'), message: `${VENUE_LABEL.C} has no portfolio for this address: pnl is null.` });
  }

  const profile = refTraderProfile(account, portfolio);
  const empty = isEmptyAccount(account);
  if (empty) {
    caveats.push({ code: 'empty_account', leg: legOf('C'), message: `${VENUE_LABEL.C} holds nothing for ${profile.address}: no open position and an account value of 0, so the profile is empty.` });
  } else if (profile.positions.length === 0) {
    caveats.push({ code: 'no_open_positions', leg: legOf('C'), message: `The account holds no open position on ${VENUE_LABEL.C}: bias, profile and weighted leverage are null.` });
  }

  return {
    data: {
      address: profile.address,
      venue: 'C',
      venue_name: VENUE_LABEL.C,
      account_empty: empty,
      ...profileFields(profile),
      thresholds: REF_TRADER_THRESHOLDS,
    },
    caveats,
    next_steps: nextSteps(profile),
    timings: legTimings(legs),
  };
}

function profileFields(p: RefTraderProfile): Omit<RefTraderProfile, 'address'> {
  const { address: _address, ...rest } = p;
  return rest;
}

function nextSteps(p: RefTraderProfile): NextStep[] {
  const largest = p.positions[0];
  if (!largest) return [{ endpoint: 'refvenue-smart-money', input: {}, reason: `What the consistent traders of ${VENUE_LABEL.C} hold now` }];
  const steps: NextStep[] = [];
  const focus = largest.asset ?? largest.coin;
  // The smart-money focus takes 1–12 characters: a longer coin name would not be callable as given.
  if (focus.length <= 12) {
    steps.push({ endpoint: 'refvenue-smart-money', input: { market: focus }, reason: `What the consistent traders of ${VENUE_LABEL.C} hold in ${largest.coin}, this account's largest position` });
  }
  if (largest.asset !== null) {
    steps.push({ endpoint: 'perps-cross-venue-funding', input: { market: largest.asset }, reason: `Cost of holding ${largest.asset} on the four venues (funding and borrow APRs)` });
  }
  return steps;
}
