/**
 * DefiLlama client (leg `defi_data`): protocol TVL (api.llama.fi), yield pools (yields.llama.fi) and
 * historical coin prices (coins.llama.fi). The hosts are separate sources (own deadline and retries);
 * the sandbox serves all three on one server. No key: DefiLlama's public API is open.
 */
import { SourceError } from './errors.js';
import type { HttpSource } from './http-source.js';
import { wireParser } from './wire.js';
import { PoolsResponse, ProtocolDetail, ProtocolList, type ProtocolListItem, type YieldPool } from './wire/defillama.js';
import { BatchHistoricalResponse } from './wire/defillama-coins.js';

/** What a protocol slug may look like; anything else is refused before a request is made. */
export const SLUG_PATTERN = /^[a-z0-9-.]{1,64}$/;

export function isValidSlug(slug: string): boolean {
  // "." and ".." are valid by the pattern but would be resolved as path segments.
  return SLUG_PATTERN.test(slug) && slug !== '.' && slug !== '..';
}

export interface DefiLlamaClientOptions {
  /** https://api.llama.fi */
  api: HttpSource;
  /** https://yields.llama.fi */
  yields: HttpSource;
  /** https://coins.llama.fi (historical prices); optional for callers that never ask for prices. */
  coins?: HttpSource;
}

const parseProtocol = wireParser(ProtocolDetail);
const parseProtocols = wireParser(ProtocolList);
const parsePools = wireParser(PoolsResponse);
const parseBatchHistorical = wireParser(BatchHistoricalResponse);

/** DefiLlama's coin id of a Solana mint. */
export const solanaCoinId = (mint: string): string => `solana:${mint}`;

/** The pools of one project on Solana (yields' `project` is the protocol slug, `chain` is "Solana"). */
export function solanaPoolsOf(pools: readonly YieldPool[], project: string): YieldPool[] {
  return pools.filter((p) => p.chain === 'Solana' && p.project === project);
}

export class DefiLlamaClient {
  private readonly api: HttpSource;
  private readonly yields: HttpSource;
  private readonly coins: HttpSource | undefined;

  constructor(options: DefiLlamaClientOptions) {
    this.api = options.api;
    this.yields = options.yields;
    this.coins = options.coins;
  }

  /**
   * One protocol by slug, or null when DefiLlama does not know it (HTTP 404; 400 on older deployments).
   * Throws RangeError for a slug that does not match `SLUG_PATTERN` (nothing is sent).
   */
  async protocol(slug: string, signal?: AbortSignal): Promise<ProtocolDetail | null> {
    if (!isValidSlug(slug)) throw new RangeError('invalid protocol slug');
    try {
      return await this.api.request(`/protocol/${encodeURIComponent(slug)}`, { parse: parseProtocol, signal, notFoundStatuses: [400, 404] });
    } catch (err) {
      if (err instanceof SourceError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  /** Every protocol with its current TVL (all chains; filter on `chains`/`chainTvls`). */
  protocols(signal?: AbortSignal): Promise<ProtocolListItem[]> {
    return this.api.request('/protocols', { parse: parseProtocols, signal });
  }

  /** Every yield pool (all chains; see `solanaPoolsOf`). A large body: give this source a generous deadline. */
  pools(signal?: AbortSignal): Promise<PoolsResponse> {
    return this.yields.request('/pools', { parse: parsePools, signal });
  }

  /**
   * USD prices of coins (`solana:<mint>`) near each requested unix timestamp, one `GET /batchHistorical`.
   * `searchWidthSeconds` bounds how far from a requested time a returned point may be; callers keep the
   * request small (the whole query travels in the URL).
   */
  batchHistoricalPrices(request: Record<string, readonly number[]>, options: { searchWidthSeconds: number; signal?: AbortSignal }): Promise<BatchHistoricalResponse> {
    if (!this.coins) throw new Error('DefiLlama coins host not configured');
    return this.coins.request('/batchHistorical', {
      query: { coins: JSON.stringify(request), searchWidth: options.searchWidthSeconds },
      parse: parseBatchHistorical,
      signal: options.signal,
    });
  }
}
