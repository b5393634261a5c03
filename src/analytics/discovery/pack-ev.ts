/**
 * gacha-ev-scan: the expected value of a tokenized-card pack machine's pull, by exit path. Pure: the
 * machines come in as the card-pack source reports them (`sources/wire/card-packs.ts`).
 *
 * Per machine (docs/gacha.md has the worked examples):
 *  - **Effective odds.** A machine cannot hand out a card it does not hold, so a tier with no stock is
 *    dropped and the advertised odds of the tiers in stock are renormalized to sum to 1:
 *    p_i = odds_i / Σ_{stock_j > 0} odds_j (also corrects advertised odds that do not sum to 1). No tier
 *    in stock with odds > 0 → the machine is `available: false`: no EV, no verdict.
 *  - **Gross insured EV per pull** = Σ p_i × avg_insured_value_i, in USD (2 decimals).
 *  - **Buyback exit** (instant, guaranteed, cash within 72 h of the pull) = gross EV × the machine's
 *    buyback rate clamped into [85 %, 93 %] (the range the spec gives; an advertised rate outside it is
 *    reported and flagged `rate_clamped`).
 *  - **Marketplace exit** = gross EV × (1 − 2 %) (the marketplace fee); flagged `may_not_fill`: a listing
 *    at insured value is not a sale.
 *  - **Net edge** per exit = (exit value − price) / price × 100, in percent.
 *  - **Verdict** per exit from its edge: POSITIVE_EV when > 0; HOUSE_EDGE when −15 ≤ edge ≤ 0 (break-even
 *    is the house's); NEGATIVE_EV when < −15. The machine's verdict is its chosen exit's: `buyback`,
 *    `marketplace`, or for `both` the exit with the higher edge (a tie goes to the buyback: its cash is certain).
 *  - **Rare + epic stock share** = (rare stock + epic stock) / total stock × 100 (null when empty).
 *
 * Rounding (DESIGN §3, on the value a client sees): the gross EV is rounded to cents first and each
 * exit value is computed from that rounded EV and rounded to cents; each edge is computed from the
 * rounded exit value and rounded to 2 decimals; the verdict is read from that rounded edge. So a client
 * recomputing from the numbers shown gets the same edge and verdict.
 */
import type { CardPackMachine, CardRarity } from '../../sources/wire/card-packs.js';
import { pct2, round2, roundTo } from '../round.js';

// ── Thresholds and assumptions ─────────────────────────────────────────────────────────────────────
/** The buyback rate used is the machine's, clamped into [MIN, MAX] (fractions of insured value). */
export const BUYBACK_RATE_MIN = 0.85;
export const BUYBACK_RATE_MAX = 0.93;
/** The buyback is accepted within this many hours of the pull (cash exit). */
export const BUYBACK_CASH_EXIT_HOURS = 72;
/** Marketplace fee, a fraction of the sale price. */
export const MARKETPLACE_FEE_RATE = 0.02;
/** POSITIVE_EV when the edge is strictly above this (percent). */
export const POSITIVE_EV_ABOVE_EDGE_PCT = 0;
/** HOUSE_EDGE down to this edge inclusive (percent); below it NEGATIVE_EV. */
export const HOUSE_EDGE_MIN_EDGE_PCT = -15;

export type ExitPath = 'buyback' | 'marketplace';
export type ExitStrategy = ExitPath | 'both';
export type FranchiseFilter = 'pokemon' | 'onepiece' | 'all';
export type PackVerdict = 'POSITIVE_EV' | 'HOUSE_EDGE' | 'NEGATIVE_EV';

export interface TierEv {
  rarity: CardRarity;
  /** The advertised odds, percent (4 decimals: a 1-in-10,000 tier must not read 0). */
  odds_pct: number;
  /** The odds after dropping empty tiers and renormalizing, percent (4 decimals); 0 for an empty tier. */
  effective_odds_pct: number;
  stock: number;
  avg_insured_value_usd: number;
  /** effective odds × average insured value, USD per pull. */
  ev_contribution_usd: number;
}

interface ExitEvBase {
  /** USD per pull; null when the machine is not available. */
  value_usd: number | null;
  /** (value − price) / price × 100; null when the machine is not available. */
  edge_pct: number | null;
  verdict: PackVerdict | null;
}

export interface BuybackExit extends ExitEvBase {
  /** The rate applied (clamped), percent of insured value. */
  rate_pct: number;
  /** The rate the machine advertises, percent of insured value. */
  advertised_rate_pct: number;
  rate_clamped: boolean;
  cash_exit_within_hours: number;
  guaranteed: true;
}

export interface MarketplaceExit extends ExitEvBase {
  fee_pct: number;
  /** Always true: a listing at insured value may not sell, or only lower. */
  may_not_fill: true;
}

export interface MachineEv {
  code: string;
  name: string;
  franchise: string;
  price_usd: number;
  /** False when no tier with odds > 0 has stock: nothing can be pulled, no EV. */
  available: boolean;
  gross_ev_usd: number | null;
  /** Gross EV ÷ price × 100: what a pull returns in insured value before any exit cost. */
  gross_return_pct: number | null;
  exits: { buyback: BuybackExit; marketplace: MarketplaceExit };
  /** The exit the verdict is read from (the chosen strategy's, or the better one for `both`). */
  verdict_exit: ExitPath | null;
  verdict: PackVerdict | null;
  /** The verdict exit's edge: what ranking and `min_edge_pct` use. */
  edge_pct: number | null;
  rare_epic_stock_share_pct: number | null;
  total_stock: number;
  /** True when the effective odds differ from the advertised ones (an empty tier, or odds not summing to 1). */
  odds_renormalized: boolean;
  /** Tiers with odds > 0 and no stock, in the machine's order. */
  depleted_tiers: CardRarity[];
  tiers: TierEv[];
}

/** The verdict of one exit from its (rounded) edge. */
export function packVerdict(edgePct: number): PackVerdict {
  if (edgePct > POSITIVE_EV_ABOVE_EDGE_PCT) return 'POSITIVE_EV';
  if (edgePct >= HOUSE_EDGE_MIN_EDGE_PCT) return 'HOUSE_EDGE';
  return 'NEGATIVE_EV';
}

/** The buyback rate applied: the advertised one clamped into [85 %, 93 %]. */
export function clampBuybackRate(rate: number): number {
  return Math.min(BUYBACK_RATE_MAX, Math.max(BUYBACK_RATE_MIN, rate));
}

const pct4 = (fraction: number) => roundTo(fraction * 100, 4);

function exitFigures(grossEvUsd: number | null, rate: number, priceUsd: number): ExitEvBase {
  if (grossEvUsd === null) return { value_usd: null, edge_pct: null, verdict: null };
  const value = round2(grossEvUsd * rate);
  const edge = round2(((value - priceUsd) / priceUsd) * 100);
  return { value_usd: value, edge_pct: edge, verdict: packVerdict(edge) };
}

/** Which exit decides the verdict: the chosen one, or for `both` the higher edge (tie → buyback). */
function decidingExit(strategy: ExitStrategy, buyback: ExitEvBase, marketplace: ExitEvBase): ExitPath | null {
  if (buyback.edge_pct === null || marketplace.edge_pct === null) return null;
  if (strategy !== 'both') return strategy;
  return marketplace.edge_pct > buyback.edge_pct ? 'marketplace' : 'buyback';
}

/** One machine's EV, exits and verdict under `strategy`. */
export function evaluateMachine(machine: CardPackMachine, strategy: ExitStrategy): MachineEv {
  const inStockOdds = machine.tiers.reduce((sum, t) => (t.stock > 0 ? sum + t.odds : sum), 0);
  const available = inStockOdds > 0;
  const effective = (t: CardPackMachine['tiers'][number]) => (available && t.stock > 0 ? t.odds / inStockOdds : 0);

  const tiers: TierEv[] = machine.tiers.map((t) => ({
    rarity: t.rarity,
    odds_pct: pct4(t.odds),
    effective_odds_pct: pct4(effective(t)),
    stock: t.stock,
    avg_insured_value_usd: round2(t.avg_insured_value_usd),
    ev_contribution_usd: round2(effective(t) * t.avg_insured_value_usd),
  }));
  const grossEv = available ? round2(machine.tiers.reduce((sum, t) => sum + effective(t) * t.avg_insured_value_usd, 0)) : null;

  const rate = clampBuybackRate(machine.buyback_rate);
  const buyback: BuybackExit = {
    ...exitFigures(grossEv, rate, machine.price_usd),
    rate_pct: round2(rate * 100),
    advertised_rate_pct: round2(machine.buyback_rate * 100),
    rate_clamped: rate !== machine.buyback_rate,
    cash_exit_within_hours: BUYBACK_CASH_EXIT_HOURS,
    guaranteed: true,
  };
  const marketplace: MarketplaceExit = {
    ...exitFigures(grossEv, 1 - MARKETPLACE_FEE_RATE, machine.price_usd),
    fee_pct: round2(MARKETPLACE_FEE_RATE * 100),
    may_not_fill: true,
  };
  const verdictExit = decidingExit(strategy, buyback, marketplace);
  const chosen = verdictExit === null ? null : verdictExit === 'buyback' ? buyback : marketplace;

  const totalStock = machine.tiers.reduce((sum, t) => sum + t.stock, 0);
  const rareEpicStock = machine.tiers.reduce((sum, t) => (t.rarity === 'rare' || t.rarity === 'epic' ? sum + t.stock : sum), 0);

  return {
    code: machine.code,
    name: machine.name,
    franchise: machine.franchise,
    // As listed, unrounded: the edges divide by this very number.
    price_usd: machine.price_usd,
    available,
    gross_ev_usd: grossEv,
    gross_return_pct: grossEv === null ? null : pct2(grossEv, machine.price_usd),
    exits: { buyback, marketplace },
    verdict_exit: verdictExit,
    verdict: chosen?.verdict ?? null,
    edge_pct: chosen?.edge_pct ?? null,
    rare_epic_stock_share_pct: pct2(rareEpicStock, totalStock),
    total_stock: totalStock,
    // Any empty tier or advertised odds not summing to 1 change the odds; the tolerance only absorbs float noise.
    odds_renormalized: available && Math.abs(inStockOdds - 1) > 1e-9,
    depleted_tiers: machine.tiers.filter((t) => t.odds > 0 && t.stock === 0).map((t) => t.rarity),
    tiers,
  };
}

// ── The scan: filters and ranking ──────────────────────────────────────────────────────────────────
export interface PackScanOptions {
  /** One machine code (compared case-insensitively); omit to scan all. */
  machine?: string;
  franchise?: FranchiseFilter;
  exitStrategy?: ExitStrategy;
  /** Keep only machines whose verdict-exit edge is ≥ this (percent, inclusive); unavailable machines never pass. */
  minEdgePct?: number;
}

export interface RankedMachineEv extends MachineEv {
  rank: number;
}

export interface PackScan {
  exit_strategy: ExitStrategy;
  machines: RankedMachineEv[];
  /** Machines the source listed. */
  scanned: number;
  /** Machines left after the machine and franchise filters (before `min_edge_pct`). */
  matched: number;
  /** Machines `min_edge_pct` removed. */
  below_min_edge: number;
  /** When `machine` was given: whether the source lists it; otherwise null. */
  machine_found: boolean | null;
  verdict_counts: Record<PackVerdict, number> & { unavailable: number };
  thresholds: {
    buyback_rate_min_pct: number;
    buyback_rate_max_pct: number;
    buyback_cash_exit_hours: number;
    marketplace_fee_pct: number;
    positive_ev_above_edge_pct: number;
    house_edge_min_edge_pct: number;
  };
}

/** Verdict-exit edge, highest first; unavailable machines last; ties by code (deterministic). */
function byEdge(a: MachineEv, b: MachineEv): number {
  if (a.edge_pct !== b.edge_pct) {
    if (a.edge_pct === null) return 1;
    if (b.edge_pct === null) return -1;
    return b.edge_pct - a.edge_pct;
  }
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** Every listed machine evaluated, filtered (machine, franchise, min edge) and ranked by the chosen exit path. */
export function scanPackMachines(machines: readonly CardPackMachine[], options: PackScanOptions = {}): PackScan {
  const strategy = options.exitStrategy ?? 'both';
  const franchise = options.franchise ?? 'all';
  const code = options.machine?.trim().toLowerCase();
  const matching = machines.filter(
    (m) => (code === undefined || m.code.toLowerCase() === code) && (franchise === 'all' || m.franchise.toLowerCase() === franchise),
  );
  const evaluated = matching.map((m) => evaluateMachine(m, strategy));
  const min = options.minEdgePct;
  const kept = min === undefined ? evaluated : evaluated.filter((m) => m.edge_pct !== null && m.edge_pct >= min);
  const ranked = [...kept].sort(byEdge).map((m, i) => ({ ...m, rank: i + 1 }));

  const counts = { POSITIVE_EV: 0, HOUSE_EDGE: 0, NEGATIVE_EV: 0, unavailable: 0 };
  for (const m of ranked) counts[m.verdict ?? 'unavailable']++;
  return {
    exit_strategy: strategy,
    machines: ranked,
    scanned: machines.length,
    matched: matching.length,
    below_min_edge: evaluated.length - kept.length,
    machine_found: code === undefined ? null : machines.some((m) => m.code.toLowerCase() === code),
    verdict_counts: counts,
    thresholds: {
      buyback_rate_min_pct: round2(BUYBACK_RATE_MIN * 100),
      buyback_rate_max_pct: round2(BUYBACK_RATE_MAX * 100),
      buyback_cash_exit_hours: BUYBACK_CASH_EXIT_HOURS,
      marketplace_fee_pct: round2(MARKETPLACE_FEE_RATE * 100),
      positive_ev_above_edge_pct: POSITIVE_EV_ABOVE_EDGE_PCT,
      house_edge_min_edge_pct: HOUSE_EDGE_MIN_EDGE_PCT,
    },
  };
}
