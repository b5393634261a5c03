/**
 * Holder concentration: HHI and top-holder shares, on two bases.
 *
 * HHI (spec "Scoring definitions") = Σ (holder % of the denominator)² over the top 20 holders, with
 * percentages on the 0–100 scale, so HHI runs 0–10 000 (capped there). Bands (lower-inclusive):
 * well_distributed < 1500 ≤ moderately_concentrated ≤ 2500 < highly_concentrated,
 * applied to the 2-decimal value reported.
 *
 * Two bases, because raw supply misleads both ways: a liquidity pool or bonding curve holding 60 %
 * of supply makes a token look "highly concentrated" although nobody can dump those tokens, and it
 * also hides that the remaining float may sit with two wallets.
 *  - raw_supply: denominator = total supply; every holder counts.
 *  - tradeable_float: holders of kind pool, bonding_curve, burn or exchange are excluded and the
 *    denominator is supply minus their balances (listed in `excluded`).
 * Holders are counted by OWNER (token accounts of one owner are merged) — `counted_by` says so.
 * Percentages are computed from unrounded values and reported with 2 decimals; top-1 and top-5
 * percent are given on each basis. An unknown or non-positive supply gives null values and band
 * `unknown`, never a reassuring 0.
 *
 * Listed holders above the supply: a chain's accounts add up to its supply, so largest accounts that
 * together hold more than the supply read mean the two readings disagree — taken at different moments
 * (tokens minted between the supply read and the largest-accounts read) or from different sources. Every
 * share on both bases is then null with band `unknown` (`supplyShortfall` says by how much, for the
 * answer's caveat): a share above 100 % is impossible, and clamping it to 100 would state as fact that the
 * listed holders own the whole supply, which neither reading says.
 */
import { clamp, pct2, round2 } from './round.js';
import type { HolderKind, HolderRow } from './types.js';

export type HhiBand = 'well_distributed' | 'moderately_concentrated' | 'highly_concentrated' | 'unknown';
export const HHI_TOP_N = 20;
export const NON_FLOAT_KINDS: readonly HolderKind[] = ['pool', 'bonding_curve', 'burn', 'exchange'];

export interface ConcentrationBasis {
  basis: 'raw_supply' | 'tradeable_float';
  denominator_ui: number | null;
  excluded: { owner: string; kind: HolderKind; ui_amount: number }[];
  hhi: number | null;
  band: HhiBand;
  top1_pct: number | null;
  top5_pct: number | null;
  top_holders: { owner: string; ui_amount: number; pct: number | null; kind: HolderKind }[];
}

export interface ConcentrationResult {
  counted_by: 'owner';
  holders_considered: number;
  raw_supply: ConcentrationBasis;
  tradeable_float: ConcentrationBasis;
}

/** Band of an HHI value (null → unknown). */
export function hhiBand(hhi: number | null): HhiBand {
  if (hhi === null || !Number.isFinite(hhi)) return 'unknown';
  const v = round2(hhi);
  if (v < 1500) return 'well_distributed';
  if (v <= 2500) return 'moderately_concentrated';
  return 'highly_concentrated';
}

/** HHI of a list of percentages (0–100): the sum of their squares over the top 20, capped at 10 000. */
export function hhiFromPercents(percents: readonly number[]): number {
  const top = [...percents].sort((a, b) => b - a).slice(0, HHI_TOP_N);
  return round2(clamp(top.reduce((s, p) => s + p * p, 0), 0, 10_000));
}

interface OwnerBalance { owner: string; ui: number; kind: HolderKind }

function mergeByOwner(holders: readonly HolderRow[]): OwnerBalance[] {
  const map = new Map<string, OwnerBalance>();
  for (const h of holders) {
    if (!Number.isFinite(h.uiAmount) || h.uiAmount <= 0) continue;
    const kind = h.kind ?? 'other';
    const cur = map.get(h.owner);
    if (cur) {
      cur.ui += h.uiAmount;
      if (cur.kind === 'other' && kind !== 'other') cur.kind = kind;
    } else map.set(h.owner, { owner: h.owner, ui: h.uiAmount, kind });
  }
  return [...map.values()].sort((a, b) => b.ui - a.ui || (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0));
}

function basisOf(basis: ConcentrationBasis['basis'], holders: OwnerBalance[], denominator: number | null, excluded: ConcentrationBasis['excluded']): ConcentrationBasis {
  const top = holders.slice(0, HHI_TOP_N);
  const ok = denominator !== null && Number.isFinite(denominator) && denominator > 0;
  const rawPct = (ui: number) => (ok ? (ui / denominator!) * 100 : null);
  const hhi = ok ? hhiFromPercents(top.map((h) => rawPct(h.ui)!)) : null;
  const sumPct = (n: number) => (ok ? pct2(top.slice(0, n).reduce((s, h) => s + h.ui, 0), denominator!) : null);
  return {
    basis,
    denominator_ui: ok ? denominator : null,
    excluded,
    hhi,
    band: hhiBand(hhi),
    top1_pct: sumPct(1),
    top5_pct: sumPct(5),
    top_holders: top.map((h) => ({ owner: h.owner, ui_amount: h.ui, pct: ok ? pct2(h.ui, denominator!) : null, kind: h.kind })),
  };
}

/** Relative slack for float sums of UI amounts that exactly equal the supply on chain. */
const SUM_TOLERANCE = 1e-12;

/**
 * When the listed holders together hold more than `supplyUi` (impossible on one chain at one moment):
 * the listed total and the supply; otherwise (or when the supply is unknown) null.
 */
export function supplyShortfall(holders: readonly HolderRow[], supplyUi: number | null): { listed_ui: number; supply_ui: number } | null {
  if (supplyUi === null || !Number.isFinite(supplyUi) || supplyUi <= 0) return null;
  const listed = mergeByOwner(holders).reduce((s, h) => s + h.ui, 0);
  return listed > supplyUi * (1 + SUM_TOLERANCE) ? { listed_ui: listed, supply_ui: supplyUi } : null;
}

/**
 * Concentration of `holders` (the largest holders, any order; only the top 20 owners are used for
 * HHI) against `supplyUi` (total supply in UI units; null when unknown). Null shares when the listed
 * holders exceed the supply (see `supplyShortfall`).
 */
export function holderConcentration(holders: readonly HolderRow[], supplyUi: number | null): ConcentrationResult {
  const merged = mergeByOwner(holders);
  const nonFloat = merged.filter((h) => NON_FLOAT_KINDS.includes(h.kind));
  const float = merged.filter((h) => !NON_FLOAT_KINDS.includes(h.kind));
  const excludedUi = nonFloat.reduce((s, h) => s + h.ui, 0);
  const supplyKnown = supplyUi !== null && Number.isFinite(supplyUi) && supplyUi > 0 && supplyShortfall(holders, supplyUi) === null;
  const floatDenominator = supplyKnown ? supplyUi! - excludedUi : null;
  return {
    counted_by: 'owner',
    holders_considered: merged.length,
    raw_supply: basisOf('raw_supply', merged, supplyKnown ? supplyUi : null, []),
    tradeable_float: basisOf(
      'tradeable_float',
      float,
      floatDenominator,
      nonFloat.map((h) => ({ owner: h.owner, kind: h.kind, ui_amount: h.ui })),
    ),
  };
}
