/**
 * What every generated document needs to know about the deployment, plus the small helpers the
 * document builders share (so a price or an URL is written one way everywhere).
 * Everything here is pure: no I/O, no clock.
 */
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import { FAMILY_TITLES, type Family } from '../registry/types.js';

export interface SiteInfo {
  /** Public base URL of the service, e.g. `https://api.example.com` (a trailing slash is ignored). */
  publicUrl: string;
  /** Service version (`1.0.0`). */
  version: string;
  /** Whether the card (MPP `Authorization: Payment`) path is enabled on this deployment. */
  cardEnabled: boolean;
}

export const SERVICE_NAME = 'Onchain Enrichment API';

export const SERVICE_SUMMARY =
  'Pay-per-call, deterministic Solana on-chain analytics for AI agents and trading bots: wallets, tokens, ' +
  'transactions, DeFi protocols, perps markets and traders, fresh memecoin launches, smart-money flows, ' +
  'attention signals, card-pack expected value and launch-platform reward coins. No API key: each call is ' +
  'paid with x402 in USDC on Solana or Base. No language model runs inside the service; every score and verdict ' +
  'is deterministic and every answer carries `caveats` and `next_steps`.';

/** The public base URL without a trailing slash. */
export function baseUrl(site: SiteInfo): string {
  return site.publicUrl.replace(/\/+$/, '');
}

export function endpointUrl(site: SiteInfo, endpoint: RegisteredEndpoint): string {
  return `${baseUrl(site)}${endpoint.path}`;
}

/** "0.002 USDC" or "free". */
export function priceLabel(endpoint: RegisteredEndpoint): string {
  return endpoint.def.price === null ? 'free' : `${endpoint.def.price} USDC`;
}

export interface FamilyGroup {
  family: Family;
  title: string;
  endpoints: RegisteredEndpoint[];
}

/** Endpoints grouped by family, families in `FAMILY_TITLES` order, endpoints in registry order. */
export function groupByFamily(registry: Registry): FamilyGroup[] {
  const groups: FamilyGroup[] = [];
  for (const family of Object.keys(FAMILY_TITLES) as Family[]) {
    const endpoints = registry.list.filter((e) => e.def.family === family);
    if (endpoints.length > 0) groups.push({ family, title: FAMILY_TITLES[family], endpoints });
  }
  return groups;
}

/** The units and conventions every answer follows, written once for the Units sections of /docs and llms-full.txt. */
export const UNITS_CONVENTIONS: readonly string[] = [
  '`*_pct` fields are percentages from 0 to 100.',
  '`risk_score`, the token risk score and the velocity, exit and composite scores are 0 to 1 (4 decimals).',
  'Gem, health and demand scores are 0 to 100.',
  'Money is in USD in `*_usd` fields; times are ISO 8601 UTC in `*_at` fields.',
  'Raw token amounts are decimal strings; UI amounts are numbers.',
  'Every score carries its factor breakdown: `factors: [{name, value}]`. Scores are capped to their range.',
  'Boundaries are lower-inclusive. Wallet level: LOW < 0.25 ≤ MODERATE < 0.50 ≤ ELEVATED < 0.65 ≤ HIGH ≤ 0.80 < CRITICAL.',
  'Verdict: SAFE < 0.30 ≤ CAUTION ≤ 0.60 < RISKY. HHI: < 1500 well distributed ≤ moderate ≤ 2500 < high.',
  'Volatility: LOW < 3 ≤ MODERATE < 8 ≤ HIGH ≤ 15 < EXTREME.',
];
