/**
 * Jupiter (leg `price_aggregator`): token metadata and verification (Tokens API V2), USD prices
 * (Price API V3) and exact-in swap quotes (Swap API v1). Thin typed client over `HttpSource`; the key,
 * when configured, is an `x-api-key` header set on the HttpSource by the caller, never here.
 * Wire formats and their documentation: `./wire/jupiter.ts`.
 */
import { reportSkipped, SourceError } from './errors.js';
import type { HttpSource } from './http-source.js';
import { mergeParsedLists, someValid, usableListParser, wireParser, wireRecordParser, type ParsedList } from './wire.js';
import {
  JupPriceEntrySchema,
  JupPriceMapSchema,
  JupQuoteSchema,
  JupTokenSchema,
  type JupPriceEntry,
  type JupQuote,
  type JupToken,
} from './wire/jupiter.js';

export type { JupPriceEntry, JupQuote, JupToken } from './wire/jupiter.js';

export interface JupiterClientOptions {
  /** Base URL `https://api.jup.ag` / `https://lite-api.jup.ag` (or the sandbox's), leg `price_aggregator`. */
  http: HttpSource;
}

export interface QuoteRequest {
  inputMint: string;
  outputMint: string;
  /** Raw input amount (base units), exact-in. */
  amount: string | bigint;
  /** Default 50 (Jupiter's default). */
  slippageBps?: number;
}

/** Documented request limits. */
const JUPITER_MAX_SEARCH_MINTS = 100;
const JUPITER_MAX_PRICE_IDS = 50;

const PROVIDER = 'Jupiter';
// Per entry (src/sources/wire.ts): one malformed token or price entry is skipped and reported, never the
// whole answer; a list with no valid entry is malformed.
const parseSearch = usableListParser(JupTokenSchema, 'token');
const parsePriceMap = wireParser(JupPriceMapSchema);
const parsePriceEntries = wireRecordParser(JupPriceEntrySchema);
const parseQuote = wireParser(JupQuoteSchema);

/**
 * Price V3's mint → entry map, each entry checked on its own: a malformed entry is left out like a mint
 * Jupiter cannot price (absent = unknown, never zero). Null entries are "no price", not malformed; a map
 * with entries of which none is valid is malformed.
 */
function parsePrices(json: unknown): ParsedList<[string, JupPriceEntry]> {
  const priced = Object.fromEntries(Object.entries(parsePriceMap(json)).filter(([, entry]) => entry !== null));
  return someValid(parsePriceEntries(priced), 'price');
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class JupiterClient {
  private readonly http: HttpSource;

  constructor(options: JupiterClientOptions) {
    this.http = options.http;
  }

  /**
   * Token entries for the given mints, via the comma-separated mint search. Only exact mint matches
   * are returned (a search may carry other hits); a mint Jupiter does not know is simply absent.
   */
  async tokens(mints: string[], signal?: AbortSignal): Promise<JupToken[]> {
    const unique = [...new Set(mints)];
    if (unique.length === 0) return [];
    const wanted = new Set(unique);
    const answers = await Promise.all(
      chunks(unique, JUPITER_MAX_SEARCH_MINTS).map((batch) =>
        this.http.request('/tokens/v2/search', { query: { query: batch.join(',') }, parse: parseSearch, signal }),
      ),
    );
    const all = mergeParsedLists(answers);
    const byMint = new Map<string, JupToken>();
    for (const token of all.items) if (wanted.has(token.id) && !byMint.has(token.id)) byMint.set(token.id, token);
    return this.reported([...byMint.values()], all, 'token');
  }

  /** One token's entry, or null when Jupiter does not know the mint. */
  async token(mint: string, signal?: AbortSignal): Promise<JupToken | null> {
    return (await this.tokens([mint], signal))[0] ?? null;
  }

  /**
   * USD prices by mint. Jupiter omits tokens it cannot price reliably; those are absent here too
   * (absent = unknown, never zero). More than 50 mints are split into parallel requests.
   */
  async prices(mints: string[], signal?: AbortSignal): Promise<Record<string, JupPriceEntry>> {
    const unique = [...new Set(mints)];
    const out: Record<string, JupPriceEntry> = {};
    if (unique.length === 0) return out;
    const answers = await Promise.all(
      chunks(unique, JUPITER_MAX_PRICE_IDS).map((batch) =>
        this.http.request('/price/v3', { query: { ids: batch.join(',') }, parse: parsePrices, signal }),
      ),
    );
    const wanted = new Set(unique);
    for (const answer of answers) {
      for (const [mint, entry] of answer.items) if (wanted.has(mint)) out[mint] = entry;
    }
    return this.reported(out, mergeParsedLists(answers), 'price');
  }

  /** `kept`, with the entries its list skipped reported for the call in progress (an `items_skipped` caveat). */
  private reported<T extends object>(kept: T, list: ParsedList<unknown>, what: string): T {
    return reportSkipped(kept, { leg: this.http.leg, provider: PROVIDER, what, count: list.skipped, firstError: list.firstError });
  }

  /**
   * An exact-in quote, or null when Jupiter has no route. Jupiter answers "no route" (and "token not
   * tradable", "amount too small to route") with HTTP 400 and a routing `errorCode`; since the inputs
   * are checked here first (distinct mints, positive integer amount, bps in range), a 400 can only mean
   * "no quote for this trade", which is an answer (null), not a failure of the source. HttpSource does
   * not hand us the error body, so the code itself is not inspected.
   */
  async quote(request: QuoteRequest, signal?: AbortSignal): Promise<JupQuote | null> {
    const amount = String(request.amount);
    const slippageBps = request.slippageBps ?? 50;
    if (!/^[1-9]\d*$/.test(amount)) throw new RangeError('quote amount must be a positive integer of base units');
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000) throw new RangeError('slippageBps must be an integer in 0..10000');
    if (!request.inputMint || !request.outputMint || request.inputMint === request.outputMint) {
      throw new RangeError('quote needs two distinct mints');
    }
    try {
      return await this.http.request('/swap/v1/quote', {
        query: { inputMint: request.inputMint, outputMint: request.outputMint, amount, slippageBps },
        parse: parseQuote,
        signal,
        notFoundStatuses: [400],
      });
    } catch (err) {
      if (err instanceof SourceError && err.kind === 'not_found') return null;
      throw err;
    }
  }
}
