/**
 * Sandbox Helius (leg `wallet_assets`): renders the sandbox world in Helius' wire formats (see
 * `src/sources/wire/helius.ts` for the documentation links). Real Helius splits DAS and REST across
 * two hosts; the sandbox serves both on one server, routed by path:
 *   POST /                                   DAS JSON-RPC: getAssetsByOwner, getAsset (batch arrays too)
 *   GET  /v0/addresses/{address}/transactions enhanced history (limit 1..100, before-signature, type, source)
 *   POST /v0/transactions                     parse up to 100 signatures
 *
 * Answers like the real API for unknown things: an unknown asset id is JSON-RPC error -32000
 * "…Asset Not Found" (HTTP 200); an address with nothing is an empty list; an unknown signature is left
 * out of the parse answer (`[]`). DAS has no spam flag, so the world's `spamFlag` is not rendered —
 * the service's own heuristic works on name/description. Items are ordered by id (DAS' default sort).
 *
 * The products: das.ts (DAS JSON-RPC) and enhanced-transactions.ts (REST history and parse).
 */
import type { SandboxWorld } from '../../world/types.js';
import type { ProviderHandler, ProviderRequest, ProviderResponse } from '../server.js';
import { answerDasCall } from './das.js';
import { enhancedHistory, parseTransactions } from './enhanced-transactions.js';
import { bad } from './wire-basics.js';

/** The sandbox Helius over `world`, at the time `now()` says (read once per request). */
export function createHeliusHandler(world: SandboxWorld, now: () => Date = () => new Date()): ProviderHandler {
  return (req: ProviderRequest): ProviderResponse => {
    const at = now();
    if (req.path === '/' || req.path === '') {
      if (req.method !== 'POST') return bad('Method Not Allowed', 405);
      if (Array.isArray(req.body)) return { body: req.body.map((call) => answerDasCall(world, at, call)) };
      if (typeof req.body !== 'object' || req.body === null) return { body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null } };
      return { body: answerDasCall(world, at, req.body) };
    }
    const historyMatch = /^\/v0\/addresses\/([^/]+)\/transactions\/?$/.exec(req.path);
    if (historyMatch) {
      if (req.method !== 'GET') return bad('Method Not Allowed', 405);
      return enhancedHistory(world, at, decodeURIComponent(historyMatch[1]!), req.query);
    }
    if (req.path === '/v0/transactions' || req.path === '/v0/transactions/') {
      if (req.method !== 'POST') return bad('Method Not Allowed', 405);
      return parseTransactions(world, at, req.body);
    }
    return bad('Not Found', 404);
  };
}
