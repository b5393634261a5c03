/**
 * Trade-time USD value of a wallet's swaps (copy-trade analytics). Pure: the SOL price at each
 * trade's time is handed in.
 *
 * Cash is USDC, USDT and SOL (native or wrapped): a swap from cash into another token is a buy of
 * that token, a swap of a token into cash is a sell. The trade's USD value is its cash leg's:
 *  - a USDC/USDT leg is its amount × $1 (exact for the trade: the stablecoin is the unit of account);
 *  - a SOL leg is its amount × SOL's USD price AT the trade's timestamp (never today's price); when
 *    that price is unknown the swap is left out and counted (`unpriced`), and when the price source
 *    failed altogether every SOL-quoted swap is left out and counted (`sol_excluded`).
 * The token leg is valued through the cash leg (what was paid or received for it). Cash-to-cash swaps
 * (e.g. SOL → USDC) are conversions, not trades; token-to-token swaps have no USD anchor and are
 * counted, not guessed.
 */
import { USDC_MINT, WSOL_MINT } from '../lib/solana-mints.js';
import type { Fill, QuoteKind } from './copy-trade-ledger.js';

export { USDC_MINT, WSOL_MINT };

export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

const STABLES = new Set([USDC_MINT, USDT_MINT]);

export function quoteKindOf(mint: string): QuoteKind | null {
  if (STABLES.has(mint)) return 'stable';
  if (mint === WSOL_MINT) return 'sol';
  return null;
}

export interface SwapLeg {
  mint: string;
  /** UI amount (> 0). */
  amount: number;
}

/** What a wallet gave and got in one successful swap. */
export interface WalletSwap {
  signature: string;
  /** Unix seconds. */
  timestamp: number;
  sold: SwapLeg;
  bought: SwapLeg;
}

export interface SwapValuation {
  fills: Fill[];
  /** Cash-to-cash swaps (not trades). */
  conversions: number;
  /** Token-to-token swaps: no USD anchor. */
  no_anchor: number;
  /** SOL-quoted swaps whose SOL price at trade time is unknown. */
  unpriced: number;
  /** SOL-quoted swaps left out because the price source failed. */
  sol_excluded: number;
}

/**
 * @param solPriceAt SOL's USD price at a timestamp (null when unknown), or null when the price source
 *   failed: SOL-quoted swaps are then excluded, never valued at another moment's price.
 */
export function valueSwaps(swaps: readonly WalletSwap[], solPriceAt: ((timestamp: number) => number | null) | null): SwapValuation {
  const out: SwapValuation = { fills: [], conversions: 0, no_anchor: 0, unpriced: 0, sol_excluded: 0 };
  for (const s of swaps) {
    const soldQuote = quoteKindOf(s.sold.mint);
    const boughtQuote = quoteKindOf(s.bought.mint);
    if (soldQuote && boughtQuote) {
      out.conversions++;
      continue;
    }
    const cash = soldQuote ? { leg: s.sold, kind: soldQuote } : boughtQuote ? { leg: s.bought, kind: boughtQuote } : null;
    if (!cash) {
      out.no_anchor++;
      continue;
    }
    let usd: number;
    if (cash.kind === 'stable') usd = cash.leg.amount;
    else {
      if (!solPriceAt) {
        out.sol_excluded++;
        continue;
      }
      const price = solPriceAt(s.timestamp);
      if (price === null || !(price > 0)) {
        out.unpriced++;
        continue;
      }
      usd = cash.leg.amount * price;
    }
    const token = soldQuote ? s.bought : s.sold;
    out.fills.push({ signature: s.signature, timestamp: s.timestamp, side: soldQuote ? 'buy' : 'sell', mint: token.mint, amount: token.amount, usd, quote: cash.kind });
  }
  return out;
}

/** Timestamps whose SOL price is needed (SOL-quoted trades only; conversions and token swaps need none). */
export function solPricedTimestamps(swaps: readonly WalletSwap[]): number[] {
  const out: number[] = [];
  for (const s of swaps) {
    const soldQuote = quoteKindOf(s.sold.mint);
    const boughtQuote = quoteKindOf(s.bought.mint);
    if (soldQuote && boughtQuote) continue;
    if (soldQuote === 'sol' || boughtQuote === 'sol') out.push(s.timestamp);
  }
  return out;
}
