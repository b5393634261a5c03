/**
 * perps-basis-signal: the cash-and-carry trade per venue — buy the asset spot and short the same
 * notional as a perp, so price moves cancel and the short's funding is the yield.
 *
 * - Funding venues: gross yield = the funding APR the short receives (= the long's cost, hourly × 8760
 *   × 100). Fees: each leg is opened and closed once, as a taker: round trip = 2 × (perp taker fee +
 *   spot fee) in bps of the notional, annualized over the holding period: fee drag (APR points) =
 *   round trip bps / 100 × 365 / hold_days. Net yield = funding APR − fee drag. Not viable when funding
 *   is negative (`negative_funding`: the short pays) or the fees eat the whole yield
 *   (`fees_exceed_funding`, net ≤ 0, which includes zero funding).
 * - Pool venues (A, B): never viable, `borrow_on_both_sides` — a pool short pays its borrow APR instead
 *   of receiving funding; yield = − short borrow APR.
 * - Opportunities: viable venues with net yield ≥ min_yield_apr_pct (inclusive), best first; the best
 *   trade is the first (ties by venue letter).
 * Fee assumptions (not read from the venues): perp taker C 4.5 bps, D 5 bps (their base tiers), spot leg
 * 10 bps; hold 30 days unless given.
 */
import type { PerpsVenue, RefVenue } from './venue-data.js';
import type { VenueKind, VenueQuote } from './funding.js';
import { DEFAULT_BASIS_HOLD_DAYS, DEFAULT_TAKER_FEE_BPS, SPOT_LEG_FEE_BPS } from './thresholds.js';
import { aprPct, byText } from './units.js';

export type BasisNotViableReason = 'borrow_on_both_sides' | 'negative_funding' | 'fees_exceed_funding';

export interface BasisVenueEconomics {
  venue: PerpsVenue;
  kind: VenueKind;
  /** Funding venues: the APR the short receives (negative: the short pays). Null on pool venues. */
  funding_apr_pct: number | null;
  /** Pool venues: the borrow APR the short pays. Null on funding venues. */
  short_borrow_apr_pct: number | null;
  /** 2 × (perp taker + spot) bps; null on pool venues. */
  round_trip_fee_bps: number | null;
  /** The round trip annualized over the holding period, APR points; null on pool venues. */
  fee_drag_apr_pct: number | null;
  net_yield_apr_pct: number;
  viable: boolean;
  reason: BasisNotViableReason | null;
  message: string;
}

export interface BasisTradeOptions {
  minYieldAprPct: number;
  holdDays?: number;
  takerFeeBps?: Partial<Record<RefVenue, number>>;
  spotFeeBps?: number;
}

export interface BasisTrade {
  min_yield_apr_pct: number;
  assumptions: { hold_days: number; spot_fee_bps: number; taker_fee_bps: Record<RefVenue, number> };
  venues: BasisVenueEconomics[];
  opportunities: BasisVenueEconomics[];
  best_trade: { venue: PerpsVenue; net_yield_apr_pct: number } | null;
  best_trade_reason: string;
}

export function basisTrade(quotes: readonly VenueQuote[], options: BasisTradeOptions): BasisTrade {
  const holdDays = options.holdDays ?? DEFAULT_BASIS_HOLD_DAYS;
  if (!(holdDays > 0)) throw new RangeError('holdDays must be above 0');
  const spotBps = options.spotFeeBps ?? SPOT_LEG_FEE_BPS;
  const taker: Record<RefVenue, number> = { ...DEFAULT_TAKER_FEE_BPS, ...options.takerFeeBps };
  // A funding venue without a known fee is charged the highest known taker fee (conservative).
  const takerOf = (venue: PerpsVenue) => (venue in taker ? taker[venue as RefVenue] : Math.max(...Object.values(taker)));

  const venues = [...quotes].sort((a, b) => byText(a.venue, b.venue)).map((q): BasisVenueEconomics => {
    if (q.kind === 'pool') {
      const borrow = q.short_cost_apr_pct;
      return {
        venue: q.venue,
        kind: 'pool',
        funding_apr_pct: null,
        short_borrow_apr_pct: borrow,
        round_trip_fee_bps: null,
        fee_drag_apr_pct: null,
        net_yield_apr_pct: aprPct(-borrow),
        viable: false,
        reason: 'borrow_on_both_sides',
        message: `a pool short pays ${borrow} % borrow APR instead of receiving funding`,
      };
    }
    const funding = q.long_cost_apr_pct;
    const roundTripBps = 2 * (takerOf(q.venue) + spotBps);
    const drag = aprPct(((roundTripBps / 100) * 365) / holdDays);
    const net = aprPct(funding - drag);
    const base = { venue: q.venue, kind: 'funding' as const, funding_apr_pct: funding, short_borrow_apr_pct: null, round_trip_fee_bps: roundTripBps, fee_drag_apr_pct: drag, net_yield_apr_pct: net };
    if (funding < 0) return { ...base, viable: false, reason: 'negative_funding', message: `funding ${funding} % APR is negative: the short pays` };
    if (net <= 0) return { ...base, viable: false, reason: 'fees_exceed_funding', message: `fees of ${drag} APR points over ${holdDays} days take the whole ${funding} % funding` };
    return { ...base, viable: true, reason: null, message: `short receives ${funding} % APR, ${drag} points of fees over ${holdDays} days: ${net} % net` };
  });

  const opportunities = venues
    .filter((v) => v.viable && v.net_yield_apr_pct >= options.minYieldAprPct)
    .sort((a, b) => b.net_yield_apr_pct - a.net_yield_apr_pct || byText(a.venue, b.venue));
  const best = opportunities[0];
  const viable = venues.filter((v) => v.viable);
  const reason =
    best !== undefined
      ? `venue ${best.venue} nets ${best.net_yield_apr_pct} % APR (≥ ${options.minYieldAprPct} %)`
      : viable.length > 0
        ? `no viable venue nets at least ${options.minYieldAprPct} % APR (best ${Math.max(...viable.map((v) => v.net_yield_apr_pct))} %)`
        : 'no venue offers a viable cash-and-carry';
  return {
    min_yield_apr_pct: options.minYieldAprPct,
    assumptions: { hold_days: holdDays, spot_fee_bps: spotBps, taker_fee_bps: taker },
    venues,
    opportunities,
    best_trade: best === undefined ? null : { venue: best.venue, net_yield_apr_pct: best.net_yield_apr_pct },
    best_trade_reason: reason,
  };
}
