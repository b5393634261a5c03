/**
 * DefiLlama client (leg `defi_data`): protocol TVL (api.llama.fi), yield pools (yields.llama.fi) and
 * historical coin prices (coins.llama.fi). The hosts are separate sources (own deadline and retries);
 * the sandbox serves all three on one server. No key: DefiLlama's public API is open.
 */
import { reportSkipped, SourceError } from './errors.js';
import type { HttpSource } from './http-source.js';
import { someValid, usableListParser, wireParser, wireRecordParser, type ParsedList } from './wire.js';
import { PoolsEnvelope, ProtocolDetail, ProtocolListItem, YieldPool, type PoolsResponse } from './wire/defillama.js';
import { BatchHistoricalCoin, BatchHistoricalEnvelope, type BatchHistoricalResponse } from './wire/defillama-coins.js';

/** What a protocol slug may look like; anything else is refused before a request is made. */
const SLUG_PATTERN = /^[a-z0-9-.]{1,64}$/;

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

const PROVIDER = 'DefiLlama';
const parseProtocol = wireParser(ProtocolDetail);
// Lists per entry (src/sources/wire.ts): one malformed protocol, pool or coin is skipped and reported; the
// envelope (`{status, data}`, `{coins}`) stays strict, and a list with no valid entry is malformed.
const parseProtocols = usableListParser(ProtocolListItem, 'protocol');
const parsePoolsEnvelope = wireParser(PoolsEnvelope);
const parsePoolList = usableListParser(YieldPool, 'yield pool');
const parseBatchEnvelope = wireParser(BatchHistoricalEnvelope);
const parseCoins = wireRecordParser(BatchHistoricalCoin);

function parsePools(json: unknown): { body: PoolsResponse; list: ParsedList<YieldPool> } {
  const envelope = parsePoolsEnvelope(json);
  const list = parsePoolList(envelope.data);
  return { body: { ...envelope, data: list.items }, list };
}

/** Each coin of the `coins` map checked on its own: a malformed one is left out (absent = no price known), like a coin DefiLlama does not know. */
function parseBatchHistorical(json: unknown): { body: BatchHistoricalResponse; list: ParsedList<unknown> } {
  const list = someValid(parseCoins(parseBatchEnvelope(json).coins), 'coin');
  return { body: { coins: Object.fromEntries(list.items) }, list };
}

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
  async protocols(signal?: AbortSignal): Promise<ProtocolListItem[]> {
    const list = await this.api.request('/protocols', { parse: parseProtocols, signal });
    return this.reported(list.items, list, 'protocol', this.api);
  }

  /**
   * Every yield pool (all chains; see `solanaPoolsOf`). A large body: give this source a generous deadline.
   * Skipped pools are recorded with the returned object too, for callers that share it between calls.
   */
  async pools(signal?: AbortSignal): Promise<PoolsResponse> {
    const { body, list } = await this.yields.request('/pools', { parse: parsePools, signal });
    return this.reported(body, list, 'yield pool', this.yields);
  }

  /**
   * USD prices of coins (`solana:<mint>`) near each requested unix timestamp, one `GET /batchHistorical`.
   * `searchWidthSeconds` bounds how far from a requested time a returned point may be; callers keep the
   * request small (the whole query travels in the URL).
   */
  batchHistoricalPrices(request: Record<string, readonly number[]>, options: { searchWidthSeconds: number; signal?: AbortSignal }): Promise<BatchHistoricalResponse> {
    if (!this.coins) throw new Error('DefiLlama coins host not configured');
    const coins = this.coins;
    return coins.request('/batchHistorical', {
      query: { coins: JSON.stringify(request), searchWidth: options.searchWidthSeconds },
      parse: parseBatchHistorical,
      signal: options.signal,
    }).then(({ body, list }) => this.reported(body, list, 'coin', coins));
  }

  /** `kept`, with the entries its list skipped reported for the call in progress (an `items_skipped` caveat). */
  private reported<T extends object>(kept: T, list: ParsedList<unknown>, what: string, source: HttpSource): T {
    return reportSkipped(kept, { leg: source.leg, provider: PROVIDER, what, count: list.skipped, firstError: list.firstError });
  }
}
