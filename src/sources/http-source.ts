/**
 * The one HTTP path every provider client uses: a deadline per call (the caller's signal and the
 * source's own budget, whichever ends first), bounded retries with exponential backoff on 429/5xx and
 * network errors (honouring `Retry-After` when it fits the budget), a circuit breaker, and typed parsing
 * of the body (a body that does not parse is `malformed`, never passed on). URLs are never put into
 * errors or logs, because some providers take their key in the query string.
 */
import { CircuitBreaker } from './breaker.js';
import { formatProblem, SourceError, type LegName } from './errors.js';
import { systemTimers, type Timers } from '../lib/timers.js';

export interface HttpSourceOptions {
  leg: LegName;
  baseUrl: string;
  /** Total budget of one logical call, retries included. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
  /** Base of the exponential backoff. */
  backoffMs?: number;
  /** Sent on every request (e.g. an API-key header); values are never logged. */
  headers?: Record<string, string>;
  /** Added to every query string (e.g. `api-key`); values are never logged. */
  query?: Record<string, string>;
  breaker?: CircuitBreaker;
  fetchImpl?: typeof fetch;
  /** When the budget ends (src/lib/timers.ts); the pause before a retry is real time (pacing, not a decision). */
  timers?: Timers;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Turns the JSON body into the typed value, or throws (→ `malformed`). */
  parse: (json: unknown) => T;
  signal?: AbortSignal;
  /** HTTP statuses that mean "no such thing" rather than failure (→ `not_found`). */
  notFoundStatuses?: number[];
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

export class HttpSource {
  readonly leg: LegName;
  readonly breaker: CircuitBreaker;
  private readonly opts: Required<Omit<HttpSourceOptions, 'breaker' | 'headers' | 'query' | 'fetchImpl' | 'timers'>> & Pick<HttpSourceOptions, 'headers' | 'query'>;
  private readonly timers: Timers;
  private readonly fetchImpl: typeof fetch;
  /** Requests sent (attempts, retries included): the bench reports upstream calls per endpoint call. */
  requestCount = 0;

  constructor(options: HttpSourceOptions) {
    this.leg = options.leg;
    this.timers = options.timers ?? systemTimers;
    const timers = this.timers;
    this.breaker = options.breaker ?? new CircuitBreaker(undefined, undefined, () => timers.now());
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.opts = {
      leg: options.leg,
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      timeoutMs: options.timeoutMs ?? 4000,
      retries: options.retries ?? 2,
      backoffMs: options.backoffMs ?? 100,
      headers: options.headers,
      query: options.query,
    };
  }

  private url(path: string, query: RequestOptions<unknown>['query']): string {
    const url = new URL(`${this.opts.baseUrl}${path}`);
    for (const [k, v] of Object.entries({ ...(query ?? {}), ...(this.opts.query ?? {}) })) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    return url.toString();
  }

  async request<T>(path: string, options: RequestOptions<T>): Promise<T> {
    if (!this.breaker.allow()) throw new SourceError(this.leg, 'circuit_open', `${this.leg} is failing; skipped for now`);
    const budget = this.timers.timeout(this.opts.timeoutMs);
    const signal = options.signal ? AbortSignal.any([budget, options.signal]) : budget;
    let lastError: SourceError | undefined;
    for (let attempt = 0; attempt <= this.opts.retries; attempt++) {
      try {
        const value = await this.attempt(path, options, signal);
        this.breaker.success();
        return value;
      } catch (err) {
        const error = this.classify(err, signal);
        // "Not found" is an answer, not a failure of the source.
        if (error.kind === 'not_found') {
          this.breaker.success();
          throw error;
        }
        lastError = error;
        if (!error.retryable || attempt === this.opts.retries || signal.aborted) break;
        const backoff = error.retryAfterMs ?? this.opts.backoffMs * 2 ** attempt;
        try {
          await sleep(Math.min(backoff, 2000), signal);
        } catch {
          lastError = this.classify(signal.reason, signal);
          break;
        }
      }
    }
    this.breaker.failure();
    throw lastError ?? new SourceError(this.leg, 'unavailable', `${this.leg} failed`);
  }

  private async attempt<T>(path: string, options: RequestOptions<T>, signal: AbortSignal): Promise<T> {
    this.requestCount++;
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const res = await this.fetchImpl(this.url(path, options.query), {
      method,
      signal,
      headers: { accept: 'application/json', ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.opts.headers ?? {}) },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    if (options.notFoundStatuses?.includes(res.status)) {
      await res.body?.cancel();
      throw new SourceError(this.leg, 'not_found', `${this.leg}: not found`, res.status);
    }
    if (!res.ok) {
      await res.body?.cancel();
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new SourceError(
        this.leg, res.status === 429 ? 'rate_limited' : 'unavailable', `${this.leg} answered HTTP ${res.status}`, res.status,
        RETRYABLE.has(res.status), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
      );
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new SourceError(this.leg, 'malformed', `${this.leg} sent a body that is not JSON`);
    }
    try {
      return options.parse(json);
    } catch (err) {
      if (err instanceof SourceError) throw err;
      throw new SourceError(this.leg, 'malformed', `${this.leg} sent an unexpected shape: ${formatProblem(err, 'unreadable')}`, undefined, undefined, undefined, err);
    }
  }

  private classify(err: unknown, signal: AbortSignal): SourceError {
    if (err instanceof SourceError) return err;
    if (signal.aborted) return new SourceError(this.leg, 'timeout', `${this.leg} did not answer in time`);
    return new SourceError(this.leg, 'unavailable', `${this.leg} could not be reached`);
  }
}
