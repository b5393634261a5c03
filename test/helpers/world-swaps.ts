/**
 * A sandbox wallet's swaps read straight from the world's own transaction facts (not through a provider
 * or the service's parser): the cast tests measure the designed traders with the service's formulas on these.
 */
import type { WalletSwap } from '../../src/analytics/copy-trade-valuation.js';
import type { TransactionState } from '../../src/sandbox/world/types.js';

/** What the wallet gave and got in each successful swap. */
export function worldSwaps(txs: readonly TransactionState[], address: string): WalletSwap[] {
  const out: WalletSwap[] = [];
  for (const tx of txs) {
    if (tx.type !== 'SWAP' || tx.error !== null) continue;
    const sold = tx.tokenTransfers.find((t) => t.from === address)!;
    const bought = tx.tokenTransfers.find((t) => t.to === address)!;
    const ui = (t: typeof sold) => Number(t.amountRaw) / 10 ** t.decimals;
    out.push({ signature: tx.signature, timestamp: tx.timestamp, sold: { mint: sold.mint, amount: ui(sold) }, bought: { mint: bought.mint, amount: ui(bought) } });
  }
  return out;
}
