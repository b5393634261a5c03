/**
 * The sandbox launch platform (leg `launchpad`): StonkFun's public API as the real platform speaks it
 * (`src/sources/wire/launchpad.ts`; docs/sandbox.md "Launch platform") over the deterministic cast of
 * `../world/launchpad/`. Every answer is a pure function of the sandbox clock.
 *
 * Routes (GET only; relative to the base URL, which may also carry the real `/api/public/v1` prefix):
 *   /pairs, /tokens?page&pageSize&sort&mode, /tokens/{mint}, /tokens/{mint}/rewards, /rewards?limit,
 *   /launchlab/pricing?quoteMint, /stats.
 * A success is `{ data, meta: { generatedAt } }` (the clock, ISO 8601); an error is
 * `{ error: { code, message } }`: 400 `invalid_request` (a mint that is not base58, a bad parameter),
 * 404 `not_found` (unknown mint, quote or route), 405 `method_not_allowed`.
 */
import type { LaunchpadMode } from '../../sources/wire/launchpad.js';
import {
  launchpadPairs,
  launchpadPricing,
  launchpadRewards,
  launchpadStatsAt,
  launchpadTokenDetail,
  launchpadTokenRewards,
  launchpadTokensPage,
} from '../world/launchpad/index.js';
import type { ProviderHandler, ProviderResponse } from './server.js';

/** `/tokens` page size when the caller names none, and the most one page holds (a larger value is answered with this). */
const PAGE_SIZE_MAX = 100;
/** `/rewards` launches when the caller names no limit, and the most it answers. */
const LEDGER_LIMIT_DEFAULT = 100;
const LEDGER_LIMIT_MAX = 10_000;
/** The real API's path prefix, accepted so a base URL copied from the real platform works against the sandbox. */
const REAL_PREFIX = '/api/public/v1';
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

const error = (status: number, code: string, message: string, headers?: Record<string, string>): ProviderResponse => ({
  status, body: { error: { code, message } }, ...(headers ? { headers } : {}),
});
const invalid = (message: string) => error(400, 'invalid_request', message);
const notFound = (message: string) => error(404, 'not_found', message);

/** A positive integer query parameter: undefined when absent, null when not one. */
function positiveInt(value: string | null): number | null | undefined {
  if (value === null || value === '') return undefined;
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** `now` is the sandbox clock. */
export function createLaunchpadHandler(now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.method !== 'GET') return error(405, 'method_not_allowed', 'Only GET is supported.', { allow: 'GET' });
    const at = now();
    const nowMs = at.getTime();
    const ok = (data: unknown): ProviderResponse => ({ body: { data, meta: { generatedAt: at.toISOString() } } });
    let path = req.path.replace(/\/$/, '');
    if (path.startsWith(REAL_PREFIX)) path = path.slice(REAL_PREFIX.length);

    if (path === '/pairs') return ok({ pairs: launchpadPairs(), selectBy: 'mint', ambiguousSymbolCount: launchpadPairs().filter((p) => p.symbolAmbiguous).length });
    if (path === '/stats') return ok(launchpadStatsAt(nowMs));

    if (path === '/tokens') {
      const page = positiveInt(req.query.get('page'));
      const pageSize = positiveInt(req.query.get('pageSize'));
      if (page === null) return invalid('page must be a positive integer.');
      if (pageSize === null) return invalid('pageSize must be a positive integer.');
      const mode = req.query.get('mode');
      if (mode !== null && mode !== '' && mode !== 'reward' && mode !== 'standard') return invalid('mode must be reward or standard.');
      return ok(launchpadTokensPage(nowMs, {
        page: page ?? 1,
        pageSize: Math.min(pageSize ?? PAGE_SIZE_MAX, PAGE_SIZE_MAX),
        sort: req.query.get('sort') ?? '',
        ...(mode === 'reward' || mode === 'standard' ? { mode: mode satisfies LaunchpadMode } : {}),
      }));
    }

    const token = /^\/tokens\/([^/]+)(\/rewards)?$/.exec(path);
    if (token) {
      const mint = decodeURIComponent(token[1]!);
      if (!BASE58_ADDRESS.test(mint)) return invalid('The mint must be a base58 Solana address.');
      const data = token[2] ? launchpadTokenRewards(mint, nowMs) : launchpadTokenDetail(mint, nowMs);
      return data === null ? notFound('Token not found.') : ok(data);
    }

    if (path === '/rewards') {
      const limit = positiveInt(req.query.get('limit'));
      if (limit === null) return invalid('limit must be a positive integer.');
      return ok(launchpadRewards(nowMs, Math.min(limit ?? LEDGER_LIMIT_DEFAULT, LEDGER_LIMIT_MAX)));
    }

    if (path === '/launchlab/pricing') {
      const quote = req.query.get('quoteMint');
      if (quote === null || quote === '') return invalid('quoteMint is required.');
      if (!BASE58_ADDRESS.test(quote)) return invalid('The quoteMint must be a base58 Solana address.');
      const pricing = launchpadPricing(quote, nowMs);
      return pricing === null ? notFound('No pricing for this quote mint.') : ok(pricing);
    }

    return notFound('Not found.');
  };
}
