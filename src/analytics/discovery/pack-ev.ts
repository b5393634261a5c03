/**
 * gacha-ev-scan: the expected value of a tokenized-card pack machine's pull, by exit path. Pure: the
 * machines come in as Collector Crypt's catalog lists them (`./pack-machine.ts`).
 *
 * Per machine (docs/gacha.md has the worked examples):
 *  - **Franchise** is not a field: it is read from the code's first segment (`pokemon_50` → pokemon,
 *    `onepiece_250` → onepiece), else from the name ("Pokémon", "One Piece"), else `other`
 *    (which only `franchise: all` matches).
 *  - **Assumed card value per tier** = the midpoint of the tier's insured-value range,
 *    (start + end) / 2 USD. The catalog gives ranges, not averages; the midpoint is our assumption and
 *    every tier says so (`value_assumption`).
 *  - **Effective odds.** A machine cannot hand out a card it does not hold, so a tier with no stock is
 *    dropped and the advertised odds of the tiers in stock are renormalized to sum to 1:
 *    p_i = odds_i / Σ_{stock_j > 0} odds_j (this also corrects advertised odds that do not sum to 1, which
 *    is flagged). No tier in stock with odds > 0 → the machine is `available: false`: no EV, no verdict.
 *  - **Gross insured EV per pull** = contains × Σ p_i × assumed value_i, USD (2 decimals). The platform's
 *    own `ev` is reported beside it with the gap.
 *  - **Buyback exit** (instant, guaranteed, cash within 72 h of the pull) = contains × Σ p_i ×
 *    min(instantBuyback % × value_i, 40,000 USD): the real percent, each card's payout capped at 40,000 USD.
 *    Shown as gross EV × rate − the cap's reduction, so it can be recomputed from the figures shown. A rate
 *    outside the 85–93 % the platform states is used as listed and flagged.
 *  - **Marketplace exit** = gross EV × (1 − 2 %) (the marketplace fee); flagged `may_not_fill`: a listing
 *    at insured value is not a sale.
 *  - **Net edge** per exit = (exit value − price) / price × 100, in percent; none when the price is 0
 *    (`priced: false`: no edge, no verdict).
 *  - **Verdict** per exit from its edge: POSITIVE_EV when > 0; HOUSE_EDGE when −15 ≤ edge ≤ 0 (break-even
 *    is the house's); NEGATIVE_EV when < −15. The machine's verdict rests on the exit that is certain:
 *    for `buyback` and `both` it is the buyback's (guaranteed cash). A marketplace sale may not fill, so
 *    it never decides the verdict of `both`: it is the upside reported beside it (its own edge and
 *    verdict, what it adds over the buyback, and the share of insured value sales must fetch to break
 *    even). Only a caller who asks for `marketplace` gets verdicts read from it (a what-if, caveated).
 *    Ties in ranking go to the other exit's edge, then the code.
 *  - **Rare + epic stock share** = (rare stock + epic stock) / total stock × 100 (null when empty).
 *  - **Hidden machines** (`public: false`) are left out of a scan unless asked for by `machine` code.
 *
 * Rounding (on the value a client sees; docs/gacha.md, 'The method'): the gross EV and the cap reduction are rounded to cents
 * first and each exit value is computed from those rounded figures and rounded to cents; each edge is
 * computed from the rounded exit value and rounded to 2 decimals; the verdict is read from that rounded
 * edge. So a client recomputing from the numbers shown gets the same edge and verdict.
 */
import { KNOWN_TIERS, type PackMachine } from './pack-machine.js';
import { pct2, round2, roundTo } from '../round.js';

// ── Thresholds and assumptions ─────────────────────────────────────────────────────────────────────
/** The instant-buyback range the platform states (percent of insured value); a rate outside it is used as listed and flagged. */
export const BUYBACK_STATED_MIN_PCT = 85;
export const BUYBACK_STATED_MAX_PCT = 93;
/** The platform caps one card's instant buyback at this many USD. */
export const BUYBACK_CAP_USD_PER_CARD = 40_000;
/** The buyback is accepted within this many hours of the pull (cash exit). */
export const BUYBACK_CASH_EXIT_HOURS = 72;
/** Marketplace fee, a fraction of the sale price. */
export const MARKETPLACE_FEE_RATE = 0.02;
/** POSITIVE_EV when the edge is strictly above this (percent). */
export const POSITIVE_EV_ABOVE_EDGE_PCT = 0;
/** HOUSE_EDGE down to this edge inclusive (percent); below it NEGATIVE_EV. */
export const HOUSE_EDGE_MIN_EDGE_PCT = -15;
/** Our EV differing from the platform's by strictly more than this (percent of theirs, either way) is flagged. */
export const EV_GAP_FLAG_ABOVE_PCT = 10;
/** Advertised odds within this of 1 count as summing to 1 (absorbs float noise only). */
export const ODDS_SUM_TOLERANCE = 1e-9;
/** How a tier's card value is assumed from its range. */
export const VALUE_ASSUMPTION = 'midpoint' as const;

export type ExitPath = 'buyback' | 'marketplace';
export type ExitStrategy = ExitPath | 'both';
export type FranchiseFilter = 'pokemon' | 'onepiece' | 'all';
export type Franchise = 'pokemon' | 'onepiece' | 'other';
export type PackVerdict = 'POSITIVE_EV' | 'HOUSE_EDGE' | 'NEGATIVE_EV';

export interface TierEv {
  rarity: string;
  /** The advertised odds, percent (4 decimals: a 1-in-10,000 tier must not read 0). */
  odds_pct: number;
  /** The odds after dropping empty tiers and renormalizing, percent (4 decimals); 0 for an empty tier. */
  effective_odds_pct: number;
  stock: number;
  /** The tier's insured-value range as listed (`tierRanges`). */
  value_range_usd: { start: number; end: number };
  /** The value one card of the tier is assumed to have: the range's midpoint. */
  assumed_card_value_usd: number;
  /** The assumption in words, e.g. "midpoint of 20–40 USD". */
  value_assumption: string;
  /** min(rate × assumed value, cap): what the instant buyback pays for one card of the tier. */
  buyback_per_card_usd: number;
  /** True when rate × assumed value is above the per-card cap. */
  buyback_capped: boolean;
  /** contains × effective odds × assumed value, USD per pull. */
  ev_contribution_usd: number;
  /** contains × effective odds × buyback per card, USD per pull. */
  buyback_contribution_usd: number;
}

interface ExitEvBase {
  /** USD per pull; null when the machine is not available. */
  value_usd: number | null;
  /** (value − price) / price × 100; null when the machine is not available or has no price. */
  edge_pct: number | null;
  verdict: PackVerdict | null;
}

export interface BuybackExit extends ExitEvBase {
  /** The machine's `instantBuyback`, percent of insured value, used as listed. */
  rate_pct: number;
  /** Whether the rate is within the 85–93 % the platform states. */
  rate_in_stated_range: boolean;
  cap_usd_per_card: number;
  /** What the per-card cap takes off gross EV × rate, USD per pull (0 when no tier reaches it); null when not available. */
  cap_reduction_usd: number | null;
  /** Tiers whose assumed card value pays more than the cap at this rate. */
  capped_tiers: string[];
  cash_exit_within_hours: number;
  guaranteed: true;
}

export interface MarketplaceExit extends ExitEvBase {
  fee_pct: number;
  /** Always true: a listing at insured value may not sell, or only lower. */
  may_not_fill: true;
  /** Marketplace value − buyback value, USD per pull (what selling at insured value would add); null when not available. */
  upside_over_buyback_usd: number | null;
  /**
   * What it would take: the percent of insured value the marketplace sales must fetch (before the fee) for
   * the pull to break even = price ÷ value_usd × 100 (2 decimals); null when not available, unpriced or worth 0.
   */
  breakeven_sale_pct_of_insured: number | null;
}

export interface MachineEv {
  code: string;
  name: string;
  short_name: string | null;
  franchise: Franchise;
  /** Where the franchise was read: the code's first segment, the name, or neither (`other`). */
  franchise_from: 'code' | 'name' | null;
  /** True for a machine the platform hides (`public: false`); only in answers that asked for it by code. */
  hidden: boolean;
  price_usd: number;
  /** False when the price is 0: no edge, no verdict. */
  priced: boolean;
  cards_per_pull: number;
  /** False when no tier with odds > 0 has stock: nothing can be pulled, no EV. */
  available: boolean;
  gross_ev_usd: number | null;
  /** Gross EV ÷ price × 100: what a pull returns in insured value before any exit cost (null unpriced). */
  gross_return_pct: number | null;
  /** The platform's own `ev` per pull, as listed (null when it sends none). */
  platform_ev_usd: number | null;
  /** The platform's `targetEv`, as listed. */
  platform_target_ev_usd: number | null;
  /** Our gross EV − the platform's. */
  ev_gap_usd: number | null;
  /** That gap in percent of the platform's EV. */
  ev_gap_pct: number | null;
  /** |ev_gap_pct| > 10: our midpoint assumption and the platform's figure disagree. */
  ev_gap_flagged: boolean;
  exits: { buyback: BuybackExit; marketplace: MarketplaceExit };
  /** The exit the verdict is read from: the buyback for `buyback` and `both`, the marketplace only when asked for. */
  verdict_exit: ExitPath | null;
  verdict: PackVerdict | null;
  /** The verdict exit's edge: what ranking and `min_edge_pct` use. */
  edge_pct: number | null;
  rare_epic_stock_share_pct: number | null;
  total_stock: number;
  /** Σ advertised odds in percent (4 decimals): 100 when they sum to 1. */
  advertised_odds_sum_pct: number;
  /** The advertised odds do not sum to 1 (beyond float noise). */
  odds_sum_off: boolean;
  /** True when the effective odds differ from the advertised ones (an empty tier, or odds not summing to 1). */
  odds_renormalized: boolean;
  /** Tiers with odds > 0 and no stock. */
  depleted_tiers: string[];
  tiers: TierEv[];
}

/** The verdict of one exit from its (rounded) edge. */
export function packVerdict(edgePct: number): PackVerdict {
  if (edgePct > POSITIVE_EV_ABOVE_EDGE_PCT) return 'POSITIVE_EV';
  if (edgePct >= HOUSE_EDGE_MIN_EDGE_PCT) return 'HOUSE_EDGE';
  return 'NEGATIVE_EV';
}

/** Lowercase ASCII letters and digits only ("Pokémon" → "pokemon", "One Piece" → "onepiece"). */
function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The franchise of a machine: its code's first segment, else its name, else `other`. */
export function franchiseOf(code: string, name: string): { franchise: Franchise; from: 'code' | 'name' | null } {
  const head = fold(code.split(/[_\-\s.]/)[0] ?? '');
  if (head === 'pokemon' || head === 'onepiece') return { franchise: head, from: 'code' };
  const n = fold(name);
  if (n.includes('pokemon')) return { franchise: 'pokemon', from: 'name' };
  if (n.includes('onepiece')) return { franchise: 'onepiece', from: 'name' };
  return { franchise: 'other', from: null };
}

/** The tiers of `odds` in rarity order (common → epic → legendary), unknown names after, as listed. */
function orderedTiers(machine: PackMachine): string[] {
  const known = KNOWN_TIERS as readonly string[];
  const names = Object.keys(machine.odds);
  return [...names.filter((t) => known.includes(t)).sort((a, b) => known.indexOf(a) - known.indexOf(b)), ...names.filter((t) => !known.includes(t))];
}

const pct4 = (fraction: number) => roundTo(fraction * 100, 4);
const usdText = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

function edgeFigures(value: number | null, priceUsd: number): ExitEvBase {
  if (value === null) return { value_usd: null, edge_pct: null, verdict: null };
  if (!(priceUsd > 0)) return { value_usd: value, edge_pct: null, verdict: null };
  const edge = round2(((value - priceUsd) / priceUsd) * 100);
  return { value_usd: value, edge_pct: edge, verdict: packVerdict(edge) };
}

/**
 * Which exit decides the verdict: the certain one (the buyback) for `buyback` and `both`; the marketplace
 * only when the caller asks for it. A sale that may not fill must not turn a machine whose guaranteed exit
 * loses money into POSITIVE_EV.
 */
export function decidingExit(strategy: ExitStrategy, buyback: ExitEvBase, marketplace: ExitEvBase): ExitPath | null {
  if (buyback.edge_pct === null || marketplace.edge_pct === null) return null;
  return strategy === 'marketplace' ? 'marketplace' : 'buyback';
}

/** One machine's EV, exits and verdict under `strategy`. */
export function evaluateMachine(machine: PackMachine, strategy: ExitStrategy): MachineEv {
  const names = orderedTiers(machine);
  const stockOf = (t: string) => machine.stock[t] ?? 0;
  const sumOdds = names.reduce((sum, t) => sum + machine.odds[t]!, 0);
  const inStockOdds = names.reduce((sum, t) => (stockOf(t) > 0 ? sum + machine.odds[t]! : sum), 0);
  const available = inStockOdds > 0;
  const rate = machine.instantBuyback / 100;
  const contains = machine.contains;

  let grossRaw = 0;
  let capExcessRaw = 0;
  const cappedTiers: string[] = [];
  const tiers: TierEv[] = names.map((t) => {
    const odds = machine.odds[t]!;
    const stock = stockOf(t);
    const range = machine.tierRanges[t]!;
    const value = (range.start + range.end) / 2;
    const effective = available && stock > 0 ? odds / inStockOdds : 0;
    const offer = rate * value;
    const capped = offer > BUYBACK_CAP_USD_PER_CARD;
    const perCard = capped ? BUYBACK_CAP_USD_PER_CARD : offer;
    if (capped) cappedTiers.push(t);
    grossRaw += contains * effective * value;
    capExcessRaw += contains * effective * (offer - perCard);
    return {
      rarity: t,
      odds_pct: pct4(odds),
      effective_odds_pct: pct4(effective),
      stock,
      value_range_usd: { start: range.start, end: range.end },
      assumed_card_value_usd: round2(value),
      value_assumption: `${VALUE_ASSUMPTION} of ${usdText(range.start)}–${usdText(range.end)} USD`,
      buyback_per_card_usd: round2(perCard),
      buyback_capped: capped,
      ev_contribution_usd: round2(contains * effective * value),
      buyback_contribution_usd: round2(contains * effective * perCard),
    };
  });

  const grossEv = available ? round2(grossRaw) : null;
  const capReduction = available ? round2(capExcessRaw) : null;
  const price = machine.price;
  const buyback: BuybackExit = {
    ...edgeFigures(grossEv === null || capReduction === null ? null : round2(grossEv * rate - capReduction), price),
    rate_pct: round2(machine.instantBuyback),
    rate_in_stated_range: machine.instantBuyback >= BUYBACK_STATED_MIN_PCT && machine.instantBuyback <= BUYBACK_STATED_MAX_PCT,
    cap_usd_per_card: BUYBACK_CAP_USD_PER_CARD,
    cap_reduction_usd: capReduction,
    capped_tiers: cappedTiers,
    cash_exit_within_hours: BUYBACK_CASH_EXIT_HOURS,
    guaranteed: true,
  };
  const marketValue = grossEv === null ? null : round2(grossEv * (1 - MARKETPLACE_FEE_RATE));
  const marketplace: MarketplaceExit = {
    ...edgeFigures(marketValue, price),
    fee_pct: round2(MARKETPLACE_FEE_RATE * 100),
    may_not_fill: true,
    upside_over_buyback_usd: marketValue === null || buyback.value_usd === null ? null : round2(marketValue - buyback.value_usd),
    // From the rounded value shown, so a client recomputes it: sales at this share of insured value return the price.
    breakeven_sale_pct_of_insured: marketValue !== null && marketValue > 0 && price > 0 ? round2((price / marketValue) * 100) : null,
  };
  const verdictExit = decidingExit(strategy, buyback, marketplace);
  const chosen = verdictExit === null ? null : verdictExit === 'buyback' ? buyback : marketplace;

  // Every tier the machine stocks counts, including one without odds (it holds cards nobody can draw).
  const totalStock = Object.values(machine.stock).reduce((sum, n) => sum + n, 0);
  const rareEpicStock = (machine.stock.rare ?? 0) + (machine.stock.epic ?? 0);

  const platformEv = machine.ev ?? null;
  const gapUsd = grossEv !== null && platformEv !== null ? round2(grossEv - platformEv) : null;
  // The gap in percent is read from the rounded figures shown (and undefined against a platform EV of 0).
  const gapPct = gapUsd !== null && platformEv !== null && platformEv > 0 ? round2((gapUsd / platformEv) * 100) : null;
  const { franchise, from } = franchiseOf(machine.code, machine.name);

  return {
    code: machine.code,
    name: machine.name,
    short_name: machine.shortName ?? null,
    franchise,
    franchise_from: from,
    hidden: machine.public === false,
    // As listed, unrounded: the edges divide by this very number.
    price_usd: price,
    priced: price > 0,
    cards_per_pull: contains,
    available,
    gross_ev_usd: grossEv,
    gross_return_pct: grossEv === null ? null : pct2(grossEv, price),
    platform_ev_usd: platformEv,
    platform_target_ev_usd: machine.targetEv ?? null,
    ev_gap_usd: gapUsd,
    ev_gap_pct: gapPct,
    ev_gap_flagged: gapPct !== null && Math.abs(gapPct) > EV_GAP_FLAG_ABOVE_PCT,
    exits: { buyback, marketplace },
    verdict_exit: verdictExit,
    verdict: chosen?.verdict ?? null,
    edge_pct: chosen?.edge_pct ?? null,
    rare_epic_stock_share_pct: pct2(rareEpicStock, totalStock),
    total_stock: totalStock,
    advertised_odds_sum_pct: pct4(sumOdds),
    odds_sum_off: Math.abs(sumOdds - 1) > ODDS_SUM_TOLERANCE,
    // Any empty tier or advertised odds not summing to 1 change the odds; the tolerance only absorbs float noise.
    odds_renormalized: available && Math.abs(inStockOdds - 1) > ODDS_SUM_TOLERANCE,
    depleted_tiers: names.filter((t) => machine.odds[t]! > 0 && stockOf(t) === 0),
    tiers,
  };
}

// ── The scan: filters and ranking ──────────────────────────────────────────────────────────────────
export interface PackScanOptions {
  /** One machine code (compared case-insensitively); omit to scan all. Asking by code includes a hidden machine. */
  machine?: string;
  franchise?: FranchiseFilter;
  exitStrategy?: ExitStrategy;
  /** Keep only machines whose verdict-exit edge is ≥ this (percent, inclusive); machines without an edge never pass. */
  minEdgePct?: number;
}

export interface RankedMachineEv extends MachineEv {
  rank: number;
}

export interface PackVerdictCounts extends Record<PackVerdict, number> {
  /** Nothing to pull (no EV). */
  unavailable: number;
  /** Available but priced 0 (no edge). */
  unpriced: number;
}

export interface PackScan {
  exit_strategy: ExitStrategy;
  machines: RankedMachineEv[];
  /** Machines the source listed (readable ones, hidden included). */
  scanned: number;
  /** Hidden machines left out (0 when a machine was asked for by code). */
  hidden_excluded: number;
  /** Machines left after the machine, hidden and franchise filters (before `min_edge_pct`). */
  matched: number;
  /** Machines `min_edge_pct` removed. */
  below_min_edge: number;
  /** When `machine` was given: whether the source lists it (hidden or not); otherwise null. */
  machine_found: boolean | null;
  verdict_counts: PackVerdictCounts;
  thresholds: {
    value_assumption: typeof VALUE_ASSUMPTION;
    buyback_stated_min_pct: number;
    buyback_stated_max_pct: number;
    buyback_cap_usd_per_card: number;
    buyback_cash_exit_hours: number;
    marketplace_fee_pct: number;
    positive_ev_above_edge_pct: number;
    house_edge_min_edge_pct: number;
    ev_gap_flag_above_pct: number;
  };
}

/** The edge of the exit that did not decide the verdict (the tie-breaker). */
function otherEdge(m: MachineEv): number | null {
  if (m.verdict_exit === null) return null;
  return m.verdict_exit === 'buyback' ? m.exits.marketplace.edge_pct : m.exits.buyback.edge_pct;
}

/** Verdict-exit edge, highest first; machines without an edge last; ties by the other exit's edge, then code (deterministic). */
function byEdge(a: MachineEv, b: MachineEv): number {
  if (a.edge_pct !== b.edge_pct) {
    if (a.edge_pct === null) return 1;
    if (b.edge_pct === null) return -1;
    return b.edge_pct - a.edge_pct;
  }
  const [oa, ob] = [otherEdge(a), otherEdge(b)];
  if (oa !== null && ob !== null && oa !== ob) return ob - oa;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** Every listed machine evaluated, filtered (machine, hidden, franchise, min edge) and ranked by the chosen exit path. */
export function scanPackMachines(machines: readonly PackMachine[], options: PackScanOptions = {}): PackScan {
  const strategy = options.exitStrategy ?? 'both';
  const franchise = options.franchise ?? 'all';
  const code = options.machine?.trim().toLowerCase();
  const byCode = code === undefined ? machines : machines.filter((m) => m.code.toLowerCase() === code);
  // A hidden machine is shown only to a caller who names it: the platform keeps it off its own menu.
  const visible = code === undefined ? byCode.filter((m) => m.public !== false) : byCode;
  const evaluated = visible.map((m) => evaluateMachine(m, strategy)).filter((m) => franchise === 'all' || m.franchise === franchise);
  const min = options.minEdgePct;
  const kept = min === undefined ? evaluated : evaluated.filter((m) => m.edge_pct !== null && m.edge_pct >= min);
  const ranked = [...kept].sort(byEdge).map((m, i) => ({ ...m, rank: i + 1 }));

  const counts: PackVerdictCounts = { POSITIVE_EV: 0, HOUSE_EDGE: 0, NEGATIVE_EV: 0, unavailable: 0, unpriced: 0 };
  for (const m of ranked) counts[m.verdict ?? (m.available ? 'unpriced' : 'unavailable')]++;
  return {
    exit_strategy: strategy,
    machines: ranked,
    scanned: machines.length,
    hidden_excluded: byCode.length - visible.length,
    matched: evaluated.length,
    below_min_edge: evaluated.length - kept.length,
    machine_found: code === undefined ? null : byCode.length > 0,
    verdict_counts: counts,
    thresholds: {
      value_assumption: VALUE_ASSUMPTION,
      buyback_stated_min_pct: BUYBACK_STATED_MIN_PCT,
      buyback_stated_max_pct: BUYBACK_STATED_MAX_PCT,
      buyback_cap_usd_per_card: BUYBACK_CAP_USD_PER_CARD,
      buyback_cash_exit_hours: BUYBACK_CASH_EXIT_HOURS,
      marketplace_fee_pct: round2(MARKETPLACE_FEE_RATE * 100),
      positive_ev_above_edge_pct: POSITIVE_EV_ABOVE_EDGE_PCT,
      house_edge_min_edge_pct: HOUSE_EDGE_MIN_EDGE_PCT,
      ev_gap_flag_above_pct: EV_GAP_FLAG_ABOVE_PCT,
    },
  };
}
