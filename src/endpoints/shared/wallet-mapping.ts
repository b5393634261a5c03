/** Mapping wallet-asset provider data (DAS items, enhanced transactions) into the analytics' domain types (pure). */
import type { NftAsset, TokenHolding, WalletActivity } from '../../analytics/types.js';
import type { DasAsset, EnhancedTransaction } from '../../sources/wire/helius.js';
import { round2 } from '../../analytics/round.js';

export interface Holding extends TokenHolding {
  symbol: string | null;
  name: string | null;
  priceUsd: number | null;
}

const FUNGIBLE = new Set(['FungibleToken', 'FungibleAsset']);

export function isFungible(item: DasAsset): boolean {
  return FUNGIBLE.has(item.interface) && item.token_info !== undefined && item.token_info !== null;
}

export function toHolding(item: DasAsset): Holding {
  const info = item.token_info!;
  const decimals = info.decimals ?? 0;
  const balance = info.balance ?? 0;
  const priceUsd = info.price_info?.price_per_token ?? null;
  const uiAmount = balance / 10 ** decimals;
  return {
    mint: item.id,
    symbol: info.symbol ?? item.content?.metadata.symbol ?? null,
    name: item.content?.metadata.name ?? null,
    // DAS sends balances as JSON numbers; exact up to 2^53, which covers any wallet's balance in practice.
    amountRaw: BigInt(Math.round(balance)).toString(),
    decimals,
    uiAmount,
    priceUsd,
    valueUsd: info.price_info?.total_price != null ? round2(info.price_info.total_price) : priceUsd !== null ? round2(uiAmount * priceUsd) : null,
  };
}

export function toNft(item: DasAsset): NftAsset {
  const collection = item.grouping?.find((g) => g.group_key === 'collection' && g.group_value);
  return {
    id: item.id,
    name: item.content?.metadata.name ?? '',
    description: item.content?.metadata.description ?? null,
    collection: collection ? { address: collection.group_value!, name: collection.collection_metadata?.name ?? null } : null,
    compressed: item.compression?.compressed ?? false,
  };
}

/** Every account that moved value with the wallet in this transaction (the wallet itself excluded later). */
function counterpartiesOf(tx: EnhancedTransaction): string[] {
  const out: string[] = [];
  for (const t of tx.nativeTransfers ?? []) out.push(...[t.fromUserAccount, t.toUserAccount].filter((a): a is string => !!a));
  for (const t of tx.tokenTransfers ?? []) out.push(...[t.fromUserAccount, t.toUserAccount].filter((a): a is string => !!a));
  return [...new Set(out)];
}

export function toActivity(tx: EnhancedTransaction, self: string): WalletActivity {
  const programIds = new Set<string>();
  for (const ix of tx.instructions ?? []) {
    programIds.add(ix.programId);
    for (const inner of ix.innerInstructions ?? []) programIds.add(inner.programId);
  }
  return {
    signature: tx.signature,
    timestamp: tx.timestamp,
    type: tx.type,
    source: tx.source,
    programIds: [...programIds],
    counterparties: counterpartiesOf(tx).filter((a) => a !== self),
    success: !tx.transactionError,
  };
}
