/**
 * The copy-trade pipeline from a wallet's read history to its trades, shared by `copy-trade-signals`
 * (one wallet) and the smart-money endpoints (many wallets, one SOL-price read for all of them):
 *
 *   enhanced transactions → the wallet's successful swaps (copy-trade-history.ts walletSwapOf)
 *   → trade-time USD valuation (analytics/copy-trade-valuation.ts) → FIFO ledger → metrics.
 *
 * Pure once the SOL prices are known: the I/O (history, SOL prices) stays with the callers, which decide
 * what a failing read means for them.
 */
import { fifoLedger, type LedgerResult } from '../../analytics/copy-trade-ledger.js';
import { copyTradeMetrics, type CopyTradeMetrics } from '../../analytics/copy-trade.js';
import { valueSwaps, type SwapValuation, type WalletSwap } from '../../analytics/copy-trade-valuation.js';
import type { EnhancedTransaction } from '../../sources/wire/helius.js';
import { walletSwapOf } from './copy-trade-history.js';

export interface WalletSwaps {
  /** Successful one-asset-for-one-asset swaps, in history order (most recent first). */
  swaps: WalletSwap[];
  /** Successful swaps that are not one asset for one asset: left out, counted. */
  unparsed: number;
}

/** The wallet's swaps among `transactions`, ignoring anything stamped after `nowTs` (unix s). */
export function swapsOf(transactions: readonly EnhancedTransaction[], address: string, nowTs: number): WalletSwaps {
  const swaps: WalletSwap[] = [];
  let unparsed = 0;
  for (const tx of transactions) {
    if (tx.timestamp > nowTs) continue;
    const swap = walletSwapOf(tx, address);
    if (swap === 'unparsed') unparsed++;
    else if (swap) swaps.push(swap);
  }
  return { swaps, unparsed };
}

export interface WalletTrades {
  valued: SwapValuation;
  ledger: LedgerResult;
  metrics: CopyTradeMetrics;
}

/**
 * Valued fills, FIFO ledger and copy-trade metrics of `swaps`. `solPriceAt` is SOL's price at a trade's
 * time, or null when the price source failed (SOL-quoted swaps are then excluded, never valued at another
 * moment's price).
 */
export function walletTrades(swaps: readonly WalletSwap[], solPriceAt: ((timestamp: number) => number | null) | null): WalletTrades {
  const valued = valueSwaps(swaps, solPriceAt);
  const ledger = fifoLedger(valued.fills);
  return { valued, ledger, metrics: copyTradeMetrics(ledger) };
}
