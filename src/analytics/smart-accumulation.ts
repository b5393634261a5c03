/**
 * What a group of wallets (smart-money-flow's qualifying winners) is accumulating (pure: no I/O, no clock).
 *
 * Input: each wallet's valued fills over the lookback (copy-trade valuation: buys and sells of a token
 * against cash, each in USD at its own time). Per wallet and token:
 *   net amount = Σ bought − Σ sold (UI units),   net USD = Σ buy USD − Σ sell USD.
 * The wallet ACCUMULATES the token when both are positive: it holds more of it than at the window start
 * (net amount above ACCUMULATION_DUST of what it bought, so that a round trip sold back to the last raw
 * unit is not "holding") AND it put more cash in than it took out. A profitable partial exit (net amount
 * > 0, net USD < 0) took its cost back out: not accumulating. A round trip closed at a loss (net USD > 0,
 * net amount ≈ 0) is not holding: not accumulating.
 *
 * Per token, over the accumulating wallets only: their number (`wallets`), Σ net USD, Σ bought and sold
 * USD, buy and sell counts, and the latest buy. Ranked by accumulating wallets (descending), then net USD
 * (descending), then latest buy (most recent first), then mint — breadth of agreement first: four winners
 * buying the same token says more than one winner buying a lot.
 */
import type { Fill } from './copy-trade-ledger.js';
import { round2, roundSig } from './round.js';

/** Net amount at or below this share of the amount bought is rounding, not a holding. */
export const ACCUMULATION_DUST = 1e-6;

export interface WalletAccumulation {
  wallet: string;
  net_usd: number;
  bought_usd: number;
  sold_usd: number;
  net_amount_ui: number;
  buys: number;
  sells: number;
  last_buy_at: string | null;
}

export interface AccumulatedToken {
  mint: string;
  /** Accumulating wallets. */
  wallets: number;
  net_usd: number;
  bought_usd: number;
  sold_usd: number;
  buys: number;
  sells: number;
  last_buy_at: string | null;
  /** The accumulating wallets, largest net USD first. */
  by_wallet: WalletAccumulation[];
}

interface Acc {
  bought: number;
  sold: number;
  boughtUsd: number;
  soldUsd: number;
  buys: number;
  sells: number;
  lastBuy: number | null;
}

const iso = (t: number | null) => (t === null ? null : new Date(t * 1000).toISOString());
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Per wallet-token flows of one wallet's fills. */
function flowsOf(fills: readonly Fill[]): Map<string, Acc> {
  const out = new Map<string, Acc>();
  for (const f of fills) {
    const a = out.get(f.mint) ?? { bought: 0, sold: 0, boughtUsd: 0, soldUsd: 0, buys: 0, sells: 0, lastBuy: null };
    if (f.side === 'buy') {
      a.bought += f.amount;
      a.boughtUsd += f.usd;
      a.buys++;
      a.lastBuy = a.lastBuy === null ? f.timestamp : Math.max(a.lastBuy, f.timestamp);
    } else {
      a.sold += f.amount;
      a.soldUsd += f.usd;
      a.sells++;
    }
    out.set(f.mint, a);
  }
  return out;
}

export function isAccumulating(a: { bought: number; sold: number; boughtUsd: number; soldUsd: number }): boolean {
  const net = a.bought - a.sold;
  return net > a.bought * ACCUMULATION_DUST && a.boughtUsd - a.soldUsd > 0;
}

interface Entry {
  record: WalletAccumulation;
  netUsd: number;
  boughtUsd: number;
  soldUsd: number;
}

/** Tokens the wallets accumulate, ranked (see the file comment); `fillsByWallet` in any order. */
export function accumulatedTokens(fillsByWallet: ReadonlyMap<string, readonly Fill[]>): AccumulatedToken[] {
  const tokens = new Map<string, { lastBuy: number | null; entries: Entry[] }>();
  for (const [wallet, fills] of fillsByWallet) {
    for (const [mint, a] of flowsOf(fills)) {
      if (!isAccumulating(a)) continue;
      const t = tokens.get(mint) ?? { lastBuy: null, entries: [] };
      t.entries.push({
        record: {
          wallet,
          net_usd: round2(a.boughtUsd - a.soldUsd),
          bought_usd: round2(a.boughtUsd),
          sold_usd: round2(a.soldUsd),
          net_amount_ui: roundSig(a.bought - a.sold),
          buys: a.buys,
          sells: a.sells,
          last_buy_at: iso(a.lastBuy),
        },
        netUsd: a.boughtUsd - a.soldUsd,
        boughtUsd: a.boughtUsd,
        soldUsd: a.soldUsd,
      });
      if (a.lastBuy !== null) t.lastBuy = t.lastBuy === null ? a.lastBuy : Math.max(t.lastBuy, a.lastBuy);
      tokens.set(mint, t);
    }
  }
  const sum = (es: readonly Entry[], f: (e: Entry) => number) => es.reduce((s, e) => s + f(e), 0);
  const ranked = [...tokens.entries()].map(([mint, t]) => ({ mint, netUsd: sum(t.entries, (e) => e.netUsd), ...t }));
  ranked.sort((x, y) => y.entries.length - x.entries.length || y.netUsd - x.netUsd || (y.lastBuy ?? 0) - (x.lastBuy ?? 0) || byText(x.mint, y.mint));
  return ranked.map((t) => ({
    mint: t.mint,
    wallets: t.entries.length,
    net_usd: round2(t.netUsd),
    bought_usd: round2(sum(t.entries, (e) => e.boughtUsd)),
    sold_usd: round2(sum(t.entries, (e) => e.soldUsd)),
    buys: sum(t.entries, (e) => e.record.buys),
    sells: sum(t.entries, (e) => e.record.sells),
    last_buy_at: iso(t.lastBuy),
    by_wallet: [...t.entries].sort((a, b) => b.netUsd - a.netUsd || byText(a.record.wallet, b.record.wallet)).map((e) => e.record),
  }));
}
