/**
 * Whale activity of one token: which large holders accumulated or distributed over a look-back window.
 *
 * - A **whale** is a top holder of kind `other` (an ordinary wallet) whose balance is worth at least
 *   `thresholdUsd`. Pools, bonding curves, burn addresses and exchanges are listed with their role but
 *   are never whales: their balances are other people's tokens, and counting a pool selling into
 *   itself as "distribution" would flag every traded token.
 * - A holder's **flows** are its transfers of this mint inside the window (from its transaction
 *   history). The balance at the window's start is reconstructed as `now − net flow` — exact when the
 *   history covers the whole window (`coverage: 'complete'`), a lower bound of activity otherwise.
 * - **Trend**: `accumulating` when the net change is at least +0.5 % of the start balance, `distributing`
 *   at −0.5 % or less, otherwise `holding` (a whale that bought one token and sold one is holding).
 *   Relative to its own balance because a 1 % move by a whale holding 50 % of supply is 0.5 % of supply
 *   sold — a real signal — while the same share by a small holder is noise already excluded by the
 *   USD threshold. When the balance at the start was 0 and the holder bought, it is accumulating.
 * - **Signal** of the token: `distribution` when distributing whales' net outflow (USD) exceeds the
 *   accumulating whales' inflow (net flow of the whales that moved < 0), `accumulation` for the reverse,
 *   `neutral` when no whale moved, and `unknown` when no whale's history could be read because a source
 *   failed. `distribution_detected` (a due-diligence factor) is true when at least one whale read is
 *   distributing; null when none is but some history failed; whales beyond the history cap (the
 *   smallest) are `not_read` and do not make it unknown.
 * - **USD volume**: every transfer listed as evidence carries `delta_usd` = its amount × the token's current
 *   price (the answer's `price_usd`, rounded to cents; the history gives no price per transfer). A whale's
 *   `bought_usd` / `sold_usd` are the sums of its positive / negative `delta_usd`, and the summary's
 *   `buy_volume_usd` / `sell_volume_usd` the sums of those over every whale whose history was read (holding
 *   ones too) — sums of the cents shown, so they recompute exactly. Null without a price.
 */
import { isFiniteNumber, pct2, round2, round4 } from './round.js';
import type { HolderKind } from './types.js';

export const WHALE_TREND_THRESHOLD_PCT = 0.5;

export type WhaleTrend = 'accumulating' | 'distributing' | 'holding';
export type WhaleSignal = 'accumulation' | 'distribution' | 'neutral' | 'unknown';

export interface HolderFlow {
  signature: string;
  /** Unix seconds. */
  timestamp: number;
  /** UI amount; positive = received, negative = sent. */
  delta: number;
}

export interface WhaleHolderInput {
  rank: number;
  owner: string;
  kind: HolderKind;
  /** Known-entity name, when the owner is one. */
  entityName: string | null;
  uiAmount: number;
  /** null = history not read (not a whale, or its history leg failed: see `historyFailed`). */
  flows: HolderFlow[] | null;
  historyFailed: boolean;
  /** True when the history read reaches back past the window start. */
  coverageComplete: boolean;
}

/** A transfer as listed: the flow and its value at the current price. */
export interface ValuedFlow extends HolderFlow {
  /** delta × the current price, cents; null without a price. */
  delta_usd: number | null;
}

export interface WhaleRow {
  rank: number;
  owner: string;
  role: 'whale' | 'holder' | 'pool' | 'bonding_curve' | 'burn' | 'exchange';
  entity: string | null;
  balance_ui: number;
  balance_usd: number | null;
  supply_pct: number | null;
  /** Present for whales whose history was read. */
  activity: {
    trend: WhaleTrend;
    balance_start_ui: number;
    net_change_ui: number;
    net_change_usd: number | null;
    change_pct: number | null;
    bought_ui: number;
    sold_ui: number;
    /** Σ positive evidence delta_usd (cents); null without a price. */
    bought_usd: number | null;
    /** Σ |negative evidence delta_usd| (cents); null without a price. */
    sold_usd: number | null;
    transfers: number;
    last_move_at: number | null;
    coverage: 'complete' | 'partial';
    evidence: ValuedFlow[];
  } | null;
  /** Why `activity` is null for a whale. */
  activity_unknown_reason?: 'history_unavailable';
}

export interface WhaleSummary {
  whales: number;
  accumulating: number;
  distributing: number;
  holding: number;
  /** Whales whose history could not be read (a source failed). */
  unknown: number;
  /** Smaller whales beyond the history cap: not read, and not counted as unknown. */
  not_read: number;
  net_flow_ui: number;
  net_flow_usd: number | null;
  /** Σ bought_usd over the whales whose history was read (the window's whale buy volume); null without a price. */
  buy_volume_usd: number | null;
  /** Σ sold_usd over the same whales; null without a price. */
  sell_volume_usd: number | null;
  signal: WhaleSignal;
  distribution_detected: boolean | null;
}

export interface WhaleActivityInputs {
  holders: readonly WhaleHolderInput[];
  priceUsd: number | null;
  supplyUi: number | null;
  thresholdUsd: number;
}

/** Whales are chosen before histories are read: this says which holders need one. */
export function isWhaleCandidate(kind: HolderKind, uiAmount: number, priceUsd: number | null, thresholdUsd: number): boolean {
  if (kind !== 'other') return false;
  // Unknown price: every ordinary top holder is a candidate (we cannot tell it is small).
  return priceUsd === null || uiAmount * priceUsd >= thresholdUsd;
}

function roleOf(h: WhaleHolderInput, isWhale: boolean): WhaleRow['role'] {
  if (h.kind !== 'other') return h.kind;
  return isWhale ? 'whale' : 'holder';
}

function trendOf(start: number, net: number): WhaleTrend {
  if (start <= 0) return net > 0 ? 'accumulating' : 'holding';
  // Classified on the 2-decimal percent the answer reports, so the row never contradicts its own number.
  const pct = round2((net / start) * 100);
  if (pct >= WHALE_TREND_THRESHOLD_PCT) return 'accumulating';
  if (pct <= -WHALE_TREND_THRESHOLD_PCT) return 'distributing';
  return 'holding';
}

const usd = (ui: number, price: number | null) => (price === null ? null : round2(ui * price));

export function whaleActivity(i: WhaleActivityInputs): { rows: WhaleRow[]; summary: WhaleSummary } {
  const price = isFiniteNumber(i.priceUsd) && i.priceUsd > 0 ? i.priceUsd : null;
  const rows: WhaleRow[] = i.holders.map((h) => {
    const whale = isWhaleCandidate(h.kind, h.uiAmount, price, i.thresholdUsd);
    const row: WhaleRow = {
      rank: h.rank,
      owner: h.owner,
      role: roleOf(h, whale),
      entity: h.entityName,
      balance_ui: h.uiAmount,
      balance_usd: usd(h.uiAmount, price),
      supply_pct: i.supplyUi && i.supplyUi > 0 ? pct2(h.uiAmount, i.supplyUi) : null,
      activity: null,
    };
    if (!whale) return row;
    if (!h.flows) {
      if (h.historyFailed) row.activity_unknown_reason = 'history_unavailable';
      return row;
    }
    const flows = [...h.flows].sort((a, b) => a.timestamp - b.timestamp || (a.signature < b.signature ? -1 : 1));
    const bought = flows.reduce((s, f) => s + Math.max(0, f.delta), 0);
    const sold = flows.reduce((s, f) => s - Math.min(0, f.delta), 0);
    const net = bought - sold;
    const start = Math.max(0, h.uiAmount - net);
    const evidence: ValuedFlow[] = flows.map((f) => ({ ...f, delta_usd: usd(f.delta, price) }));
    const sumUsd = (pick: (v: number) => boolean) =>
      price === null ? null : round2(evidence.reduce((sum, f) => (pick(f.delta) ? sum + Math.abs(f.delta_usd!) : sum), 0));
    row.activity = {
      trend: trendOf(start, net),
      balance_start_ui: round4(start),
      net_change_ui: round4(net),
      net_change_usd: usd(net, price),
      change_pct: start > 0 ? round2((net / start) * 100) : null,
      bought_ui: round4(bought),
      sold_ui: round4(sold),
      bought_usd: sumUsd((d) => d > 0),
      sold_usd: sumUsd((d) => d < 0),
      transfers: flows.length,
      last_move_at: flows.length > 0 ? flows[flows.length - 1]!.timestamp : null,
      coverage: h.coverageComplete ? 'complete' : 'partial',
      evidence,
    };
    return row;
  });
  return { rows, summary: summarize(rows, price) };
}

function summarize(rows: readonly WhaleRow[], price: number | null): WhaleSummary {
  const whales = rows.filter((r) => r.role === 'whale');
  const known = whales.filter((r) => r.activity !== null);
  const failed = whales.filter((r) => r.activity_unknown_reason === 'history_unavailable').length;
  const count = (t: WhaleTrend) => known.filter((r) => r.activity!.trend === t).length;
  const movers = known.filter((r) => r.activity!.trend !== 'holding');
  const net = movers.reduce((s, r) => s + r.activity!.net_change_ui, 0);
  const distributing = count('distributing');
  let signal: WhaleSignal;
  if (known.length === 0) signal = failed > 0 ? 'unknown' : 'neutral';
  else if (movers.length === 0) signal = 'neutral';
  else signal = net < 0 ? 'distribution' : net > 0 ? 'accumulation' : 'neutral';
  return {
    whales: whales.length,
    accumulating: count('accumulating'),
    distributing,
    holding: count('holding'),
    unknown: failed,
    not_read: whales.length - known.length - failed,
    net_flow_ui: round4(net),
    net_flow_usd: usd(net, price),
    buy_volume_usd: price === null ? null : round2(known.reduce((sum, r) => sum + r.activity!.bought_usd!, 0)),
    sell_volume_usd: price === null ? null : round2(known.reduce((sum, r) => sum + r.activity!.sold_usd!, 0)),
    signal,
    // A failed history could hide a seller: unknown, never "no distribution". Whales beyond the cap are
    // the smallest ones; the largest were read, so they do not make the answer unknown.
    distribution_detected: distributing > 0 ? true : failed > 0 ? null : false,
  };
}
