/**
 * The sandbox launch platform (leg `launchpad`): the service's assumed platform API
 * (`src/sources/wire/launchpad.ts`, docs/launchpad.md "Platform API") over the deterministic cast of
 * `../world/launchpad.ts`. Every answer is a pure function of the sandbox clock. The reward-token list is
 * paged by an opaque cursor (the base64url of the next offset) so the index's paging is exercised.
 */
import type { LaunchpadMode } from '../../sources/wire/launchpad.js';
import { launchpadLedgerAt, launchpadPairs, launchpadPricing, launchpadStatsAt, launchpadTokensAt } from '../world/launchpad.js';
import type { ProviderHandler, ProviderResponse } from './server.js';

/** Page size when the caller names none, and the most one page holds (the assumed platform's). */
const PAGE_DEFAULT = 100;
const PAGE_MAX = 100;

const notFound = (error: string): ProviderResponse => ({ status: 404, body: { error } });
const badRequest = (error: string): ProviderResponse => ({ status: 400, body: { error } });

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

function intParam(value: string | null): number | null | undefined {
  if (value === null || value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** `now` is the sandbox clock. */
export function createLaunchpadHandler(now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.method !== 'GET') return notFound('Not found');
    const nowMs = now().getTime();
    const path = req.path.replace(/\/$/, '');
    if (path === '/api/v1/pairs') return { body: { pairs: launchpadPairs() } };
    if (path === '/api/v1/stats') return { body: { stats: launchpadStatsAt(nowMs) } };
    if (path === '/api/v1/reward-tokens') {
      const limit = intParam(req.query.get('limit'));
      if (limit === null || limit === 0) return badRequest('limit must be a positive integer');
      const cursor = req.query.get('cursor');
      const offset = cursor ? decodeCursor(cursor) : 0;
      if (offset === null) return badRequest('unknown cursor');
      const size = Math.min(limit ?? PAGE_DEFAULT, PAGE_MAX);
      const all = launchpadTokensAt(nowMs);
      const tokens = all.slice(offset, offset + size).map(({ payouts: _payouts, ...summary }) => summary);
      return { body: { tokens, next_cursor: offset + size < all.length ? encodeCursor(offset + size) : null } };
    }
    const tokenMatch = /^\/api\/v1\/tokens\/([^/]+)$/.exec(path);
    if (tokenMatch) {
      const mint = decodeURIComponent(tokenMatch[1]!);
      const token = launchpadTokensAt(nowMs).find((t) => t.mint === mint);
      return token ? { body: { token } } : notFound('Unknown token');
    }
    if (path === '/api/v1/rewards') {
      const since = intParam(req.query.get('since'));
      if (since === null) return badRequest('since must be epoch milliseconds');
      return { body: { entries: launchpadLedgerAt(nowMs, req.query.get('mint') ?? undefined, since) } };
    }
    if (path === '/api/v1/launch-pricing') {
      const mode = req.query.get('mode');
      const quote = req.query.get('quote_mint');
      if ((mode !== 'standard' && mode !== 'reward') || !quote) return badRequest('quote_mint and mode (standard|reward) are required');
      const pricing = launchpadPricing(quote, mode satisfies LaunchpadMode);
      return pricing ? { body: { pricing } } : notFound('Quote not launchable');
    }
    return notFound('Not found');
  };
}
