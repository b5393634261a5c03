/**
 * The trade history behind `copy-trade-signals`: the wallet's enhanced transactions back to the
 * lookback start (paged, capped), and what the wallet gave and got in each successful swap.
 */
import { WSOL_MINT, type WalletSwap } from '../../analytics/copy-trade-valuation.js';
import { servedCount, type HeliusClient } from '../../sources/helius.js';
import type { EnhancedTransaction } from '../../sources/wire/helius.js';

export const HISTORY_PAGE_SIZE = 100;
/** 1,000 transactions: a wallet busier than that over the window is analysed over its recent part. */
export const HISTORY_MAX_PAGES = 10;
/**
 * Native SOL movements below this are rent (token-account creation ≈ 0.002 SOL), priority fees and tips,
 * not a swap leg.
 */
const NATIVE_DUST_SOL = 0.01;
const LAMPORTS_PER_SOL = 1e9;

export interface WindowHistory {
  /** Transactions at or after the window start, most recent first. */
  transactions: EnhancedTransaction[];
  pages: number;
  /** False when the page cap was reached before the window start: older trades in the window are missing. */
  complete: boolean;
  /** When `complete` is false: the oldest moment read (unix s). */
  oldestRead: number | null;
}

/** Pages backwards (`before-signature`) until the window start, the end of the history or the page cap. */
export async function historySince(helius: HeliusClient, address: string, startTs: number, signal: AbortSignal): Promise<WindowHistory> {
  const transactions: EnhancedTransaction[] = [];
  let before: string | undefined;
  for (let page = 1; page <= HISTORY_MAX_PAGES; page++) {
    const list = await helius.getTransactionsByAddress(address, { limit: HISTORY_PAGE_SIZE, beforeSignature: before, signal });
    transactions.push(...list.filter((tx) => tx.timestamp >= startTs));
    const last = list.at(-1);
    // The page as served (skipped malformed entries included) tells a full page from the last one.
    if (servedCount(list) < HISTORY_PAGE_SIZE || !last || last.timestamp < startTs) return { transactions, pages: page, complete: true, oldestRead: null };
    before = last.signature;
    if (page === HISTORY_MAX_PAGES) return { transactions, pages: page, complete: false, oldestRead: last.timestamp };
  }
  return { transactions, pages: HISTORY_MAX_PAGES, complete: false, oldestRead: null };
}

/**
 * What `owner` gave and got in a successful SWAP: the net change per mint over the token transfers where
 * it is the sending or receiving user, plus native SOL (as wrapped SOL) when no wrapped-SOL transfer
 * shows the SOL side and the native move is not dust. A swap is one mint out and one mint in; anything
 * else (multi-asset, or nothing moved) is `unparsed`. Not a successful swap → null.
 */
export function walletSwapOf(tx: EnhancedTransaction, owner: string): WalletSwap | 'unparsed' | null {
  if (tx.type !== 'SWAP' || (tx.transactionError !== null && tx.transactionError !== undefined)) return null;
  const net = new Map<string, number>();
  const add = (mint: string, delta: number) => net.set(mint, (net.get(mint) ?? 0) + delta);
  for (const t of tx.tokenTransfers ?? []) {
    if (t.fromUserAccount === owner) add(t.mint, -t.tokenAmount);
    if (t.toUserAccount === owner) add(t.mint, t.tokenAmount);
  }
  if (!net.has(WSOL_MINT)) {
    let lamports = 0;
    for (const t of tx.nativeTransfers ?? []) {
      if (t.fromUserAccount === owner) lamports -= t.amount;
      if (t.toUserAccount === owner) lamports += t.amount;
    }
    const sol = lamports / LAMPORTS_PER_SOL;
    if (Math.abs(sol) >= NATIVE_DUST_SOL) add(WSOL_MINT, sol);
  }
  const sold = [...net].filter(([, v]) => v < 0);
  const bought = [...net].filter(([, v]) => v > 0);
  if (sold.length !== 1 || bought.length !== 1) return 'unparsed';
  return {
    signature: tx.signature,
    timestamp: tx.timestamp,
    sold: { mint: sold[0]![0], amount: -sold[0]![1] },
    bought: { mint: bought[0]![0], amount: bought[0]![1] },
  };
}
