/**
 * Helius (leg `wallet_assets`): wallet holdings through DAS JSON-RPC and parsed transactions through
 * the Enhanced Transactions REST API. Real Helius serves these from two hosts (mainnet.helius-rpc.com
 * for DAS, api.helius.xyz for REST), so the client takes one HttpSource per host; both carry the API key
 * in their `query` option (never here). Give both the same CircuitBreaker if the leg should trip as one.
 *
 * Returns the provider's typed wire data (see `./wire/helius.ts`); no analytics here.
 */
import type { HttpSource } from './http-source.js';
import { jsonRpc } from './json-rpc.js';
import { reportSkipped, servedCount, SourceError } from './errors.js';
import { mergeParsedLists, usableListParser, wireParser, type ParsedList } from './wire.js';
import {
  DasAsset,
  DasAssetPage,
  DAS_MAX_LIMIT,
  ENHANCED_MAX_LIMIT,
  ENHANCED_MAX_SIGNATURES,
  EnhancedTransaction as EnhancedTransactionSchema,
  type DasAssetList,
  type DasNativeBalance,
  type EnhancedTransaction,
} from './wire/helius.js';

/** Paging callers tell a full page by the entries served, skipped ones included. */
export { servedCount } from './errors.js';

export interface HeliusClientOptions {
  /** DAS JSON-RPC host (POST `/`). */
  rpc: HttpSource;
  /** Enhanced Transactions REST host (`/v0/...`). */
  api: HttpSource;
}

export interface WalletAssetsOptions {
  /** Items per page, 1..1000 (default 1000, the DAS maximum). */
  limit?: number;
  /** Pages fetched at most (default 3): a wallet with 100k spam cNFTs must not stall a call. */
  maxPages?: number;
  signal?: AbortSignal;
}

export interface WalletAssets {
  /** Fungibles (with `token_info`) and NFTs (compressed ones have `compression.compressed`), in DAS order. */
  items: DasAsset[];
  /** From page 1; null when Helius did not send it. */
  nativeBalance: DasNativeBalance | null;
  pagesFetched: number;
  /** True when the page cap was reached on a full page: the wallet may hold more than `items`. */
  truncated: boolean;
}

export interface TransactionHistoryOptions {
  /** 1..100 (default 100, the documented maximum). */
  limit?: number;
  /** Page backwards from this signature (exclusive), as returned last on the previous page. */
  beforeSignature?: string;
  signal?: AbortSignal;
}

const PROVIDER = 'Helius';
// Lists per entry (src/sources/wire.ts): one malformed asset or transaction is skipped and reported, never
// the whole answer; the DAS page envelope stays strict, and a list with no valid entry is malformed.
const parseAssetPage = wireParser(DasAssetPage);
const parseAssetItems = usableListParser(DasAsset, 'asset');
const parseAsset = wireParser(DasAsset);
const parseTransactions = usableListParser(EnhancedTransactionSchema, 'transaction');

/** One `getAssetsByOwner` page with its items checked one by one. */
function parseAssetList(json: unknown): { page: DasAssetList; list: ParsedList<DasAsset> } {
  const envelope = parseAssetPage(json);
  const list = parseAssetItems(envelope.items);
  return { page: { ...envelope, items: list.items }, list };
}

const DISPLAY_OPTIONS = {
  showFungible: true,
  showNativeBalance: true,
  showZeroBalance: false,
  // Collection names for the per-collection NFT breakdown.
  showCollectionMetadata: true,
} as const;

export class HeliusClient {
  private readonly rpc: HttpSource;
  private readonly api: HttpSource;

  constructor(options: HeliusClientOptions) {
    this.rpc = options.rpc;
    this.api = options.api;
  }

  /**
   * One page of `getAssetsByOwner` (page numbers start at 1). Skipped items are reported and recorded with
   * `items` (`servedCount(page.items)` is the page's size as served: a short page ends the list).
   */
  async getAssetsByOwnerPage(ownerAddress: string, page: number, limit = DAS_MAX_LIMIT, signal?: AbortSignal): Promise<DasAssetList> {
    const answer = await jsonRpc(
      this.rpc, '/', 'getAssetsByOwner',
      { ownerAddress, page, limit: clamp(limit, 1, DAS_MAX_LIMIT), displayOptions: DISPLAY_OPTIONS },
      parseAssetList, signal,
    );
    this.reported(answer.page.items, answer.list, 'asset', this.rpc);
    return answer.page;
  }

  /**
   * All of a wallet's assets up to `maxPages` pages. DAS `total` counts only the current page, so a
   * short page is the only end-of-list signal; a full last page under the cap is reported as truncated.
   */
  async getAssetsByOwner(ownerAddress: string, options: WalletAssetsOptions = {}): Promise<WalletAssets> {
    const limit = clamp(options.limit ?? DAS_MAX_LIMIT, 1, DAS_MAX_LIMIT);
    const maxPages = Math.max(1, Math.floor(options.maxPages ?? 3));
    const items: DasAsset[] = [];
    let nativeBalance: DasNativeBalance | null = null;
    for (let page = 1; page <= maxPages; page++) {
      const result = await this.getAssetsByOwnerPage(ownerAddress, page, limit, options.signal);
      if (page === 1) nativeBalance = result.nativeBalance ?? null;
      items.push(...result.items);
      // The page as served, skipped items included: a full page with one bad item is not the last page.
      if (servedCount(result.items) < limit) return { items, nativeBalance, pagesFetched: page, truncated: false };
    }
    return { items, nativeBalance, pagesFetched: maxPages, truncated: true };
  }

  /**
   * `getAsset` for a mint or NFT id; null when DAS does not know it. DAS reports that as JSON-RPC error
   * -32000 "… Asset Not Found", which is an answer here (no retries, no breaker strike).
   */
  async getAsset(id: string, signal?: AbortSignal): Promise<DasAsset | null> {
    try {
      return await jsonRpc(this.rpc, '/', 'getAsset', { id, displayOptions: { showFungible: true } }, parseAsset, signal, {
        isNotFound: ({ message }) => /not ?found/i.test(message),
      });
    } catch (err) {
      if (err instanceof SourceError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  /**
   * Enhanced transaction history of an address, most recent first. A malformed transaction is skipped and
   * reported; page by `servedCount(list)` (the page as served), not `list.length`, to tell a full page.
   */
  async getTransactionsByAddress(address: string, options: TransactionHistoryOptions = {}): Promise<EnhancedTransaction[]> {
    const list = await this.api.request(`/v0/addresses/${encodeURIComponent(address)}/transactions`, {
      method: 'GET',
      query: { limit: clamp(options.limit ?? ENHANCED_MAX_LIMIT, 1, ENHANCED_MAX_LIMIT), 'before-signature': options.beforeSignature },
      parse: parseTransactions,
      signal: options.signal,
    });
    return this.reported(list.items, list, 'transaction', this.api);
  }

  /** Parses signatures (batches of 100, the documented cap). Unknown signatures are simply absent; malformed ones are skipped and reported. */
  async parseTransactions(signatures: string[], signal?: AbortSignal): Promise<EnhancedTransaction[]> {
    const lists: ParsedList<EnhancedTransaction>[] = [];
    for (let i = 0; i < signatures.length; i += ENHANCED_MAX_SIGNATURES) {
      const batch = signatures.slice(i, i + ENHANCED_MAX_SIGNATURES);
      lists.push(await this.api.request('/v0/transactions', { method: 'POST', body: { transactions: batch }, parse: parseTransactions, signal }));
    }
    const all = mergeParsedLists(lists);
    return this.reported(all.items, all, 'transaction', this.api);
  }

  /** `kept`, with the entries its list skipped reported for the call in progress (an `items_skipped` caveat). */
  private reported<T extends object>(kept: T, list: ParsedList<unknown>, what: string, source: HttpSource): T {
    return reportSkipped(kept, { leg: source.leg, provider: PROVIDER, what, count: list.skipped, firstError: list.firstError });
  }

  /** One parsed transaction, or null when Helius does not know the signature. */
  async parseTransaction(signature: string, signal?: AbortSignal): Promise<EnhancedTransaction | null> {
    const list = await this.parseTransactions([signature], signal);
    return list.find((tx) => tx.signature === signature) ?? null;
  }
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(n)));
}
