/**
 * FIFO cost-basis ledger of a wallet's trades (copy-trade analytics, see copy-trade.ts for the
 * formulas built on it).
 *
 * Input: fills — buys and sells of a position token against cash (stablecoins or SOL), each valued in
 * USD at its own time. Per token, buys open lots (amount, USD cost); a sell consumes the oldest lots
 * first. The matched part of a sell is one closed trade:
 *   proceeds_i = sell_usd × matched / sold,   cost_i = Σ consumed lot cost (pro rata per lot),
 *   pnl_i = proceeds_i − cost_i,              return r_i = pnl_i / cost_i.
 * The part of a sell with no lot behind it (bought before the window, received by transfer, …) has
 * no cost basis: it is reported as unmatched and never counted as profit.
 *
 * Float amounts: the unmatched remainder of a sell below UNMATCHED_TOLERANCE of its amount is
 * rounding (UI amounts are decimal-adjusted floats), not a sale without basis; a lot whose remaining
 * amount falls below LOT_DUST of its original amount is closed.
 */

export type QuoteKind = 'stable' | 'sol';

/** One buy or sell of a position token against cash, valued in USD at its own time. */
export interface Fill {
  signature: string;
  /** Unix seconds. */
  timestamp: number;
  side: 'buy' | 'sell';
  mint: string;
  /** UI amount of the position token (> 0). */
  amount: number;
  /** What the buy cost, or what the sell brought in, in USD at trade time (> 0). */
  usd: number;
  /** The cash side of the trade. */
  quote: QuoteKind;
}

/** The matched part of one sell. */
export interface ClosedTrade {
  mint: string;
  /** The closing sell. */
  signature: string;
  /** Time of the oldest lot consumed (unix s). */
  openedAt: number;
  closedAt: number;
  amount: number;
  costUsd: number;
  proceedsUsd: number;
  pnlUsd: number;
  /** pnl / cost, a fraction. */
  return: number;
  /** Cash side of the closing sell. */
  quote: QuoteKind;
}

export interface UnmatchedSell {
  signature: string;
  mint: string;
  timestamp: number;
  /** The part of the sell without a lot behind it. */
  amount: number;
  proceedsUsd: number;
}

export interface OpenPosition {
  mint: string;
  amount: number;
  costUsd: number;
  /** Oldest open lot (unix s). */
  openedAt: number;
}

export interface LedgerResult {
  /** In closing order (oldest first). */
  trades: ClosedTrade[];
  unmatched: UnmatchedSell[];
  /** Tokens still held from buys in the input, by mint. */
  open: OpenPosition[];
  /** The largest total cost of open lots at any moment: the capital the wallet had at work. */
  peakCapitalUsd: number;
}

export const UNMATCHED_TOLERANCE = 1e-6;
export const LOT_DUST = 1e-9;

interface Lot {
  amount: number;
  original: number;
  costUsd: number;
  openedAt: number;
}

/** Fills sorted by time (stable: same-second fills keep their given order). */
function chronological(fills: readonly Fill[]): Fill[] {
  return fills.map((f, i) => ({ f, i })).sort((a, b) => a.f.timestamp - b.f.timestamp || a.i - b.i).map((x) => x.f);
}

export function fifoLedger(fills: readonly Fill[]): LedgerResult {
  const lots = new Map<string, Lot[]>();
  const trades: ClosedTrade[] = [];
  const unmatched: UnmatchedSell[] = [];
  let openCost = 0;
  let peakCapitalUsd = 0;

  for (const fill of chronological(fills)) {
    if (!(fill.amount > 0) || !(fill.usd > 0)) continue;
    const queue = lots.get(fill.mint) ?? [];
    lots.set(fill.mint, queue);
    if (fill.side === 'buy') {
      queue.push({ amount: fill.amount, original: fill.amount, costUsd: fill.usd, openedAt: fill.timestamp });
      openCost += fill.usd;
      peakCapitalUsd = Math.max(peakCapitalUsd, openCost);
      continue;
    }
    let remaining = fill.amount;
    let matched = 0;
    let cost = 0;
    let openedAt: number | null = null;
    while (remaining > 0 && queue.length > 0) {
      const lot = queue[0]!;
      const take = Math.min(lot.amount, remaining);
      const lotCost = take === lot.amount ? lot.costUsd : lot.costUsd * (take / lot.amount);
      openedAt ??= lot.openedAt;
      matched += take;
      cost += lotCost;
      remaining -= take;
      lot.amount -= take;
      lot.costUsd -= lotCost;
      if (lot.amount <= lot.original * LOT_DUST) {
        // The dust left in a lot is float noise: its cost belongs to this sale.
        cost += lot.costUsd;
        queue.shift();
      }
    }
    openCost -= cost;
    // A remainder this small is float noise of UI amounts: the whole sell counts as matched.
    if (remaining > 0 && matched > 0 && remaining <= fill.amount * UNMATCHED_TOLERANCE) {
      matched += remaining;
      remaining = 0;
    }
    if (matched > 0) {
      const proceeds = fill.usd * (matched / fill.amount);
      const pnl = proceeds - cost;
      trades.push({
        mint: fill.mint, signature: fill.signature, openedAt: openedAt!, closedAt: fill.timestamp, amount: matched,
        costUsd: cost, proceedsUsd: proceeds, pnlUsd: pnl, return: pnl / cost, quote: fill.quote,
      });
    }
    if (remaining > 0) {
      unmatched.push({ signature: fill.signature, mint: fill.mint, timestamp: fill.timestamp, amount: remaining, proceedsUsd: fill.usd * (remaining / fill.amount) });
    }
  }

  const open: OpenPosition[] = [];
  for (const [mint, queue] of lots) {
    if (queue.length === 0) continue;
    open.push({ mint, amount: queue.reduce((s, l) => s + l.amount, 0), costUsd: queue.reduce((s, l) => s + l.costUsd, 0), openedAt: queue[0]!.openedAt });
  }
  open.sort((a, b) => b.costUsd - a.costUsd || (a.mint < b.mint ? -1 : 1));
  return { trades, unmatched, open, peakCapitalUsd };
}
