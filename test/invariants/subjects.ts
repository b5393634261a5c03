/**
 * The subjects the invariants suite pays for, derived from the sandbox world's own exports (never a
 * hand-kept copy): every cast token and wallet, every documented transaction, every launch-platform coin,
 * the perps traders and markets, the card-pack machines and the protocols.
 */
import { CAST, CAST_SIGNATURE, LAUNCH_CAST } from '../../src/sandbox/world/index.js';
import { coinMint, LAUNCHPAD_ALL_COINS } from '../../src/sandbox/world/launchpad/index.js';
import { PERPS_POOL_CAST, REFVENUE_CAST } from '../../src/sandbox/world/perps/index.js';
import { PROTOCOL_SLUGS } from '../../src/sandbox/world/protocols.js';
import { SANDBOX_CARD_MACHINES } from '../../src/sandbox/providers/card-packs.js';
import type { PerpsAsset } from '../../src/analytics/perps/venue-data.js';

export interface Named {
  name: string;
  address: string;
}

const castOf = (kind: 'token' | 'wallet'): Named[] =>
  Object.entries(CAST).flatMap(([name, e]) => (e.kind === kind ? [{ name, address: e.address }] : []));

export const CAST_TOKENS: readonly Named[] = castOf('token');
export const CAST_WALLETS: readonly Named[] = castOf('wallet');
export const CAST_TRANSACTIONS: readonly Named[] = Object.entries(CAST_SIGNATURE).map(([name, address]) => ({ name, address }));
/** The fresh-launch cast (TOKEN_LAUNCH_*), whose runner stages move with the clock. */
export const LAUNCH_TOKENS: readonly Named[] = Object.entries(LAUNCH_CAST).map(([name, m]) => ({ name, address: m.mint }));
export const LAUNCHPAD_COINS: readonly Named[] = LAUNCHPAD_ALL_COINS.map((c) => ({ name: c.symbol, address: coinMint(c) }));
export const POOL_TRADERS: readonly Named[] = Object.entries(PERPS_POOL_CAST).map(([name, address]) => ({ name, address }));
export const REF_TRADERS: readonly Named[] = Object.entries(REFVENUE_CAST).map(([name, address]) => ({ name, address }));
export const PERPS_ASSETS: readonly PerpsAsset[] = ['SOL', 'BTC', 'ETH', 'BONK'];
export const CARD_MACHINES: readonly string[] = SANDBOX_CARD_MACHINES.map((m) => m.code);
export const PROTOCOLS: readonly string[] = PROTOCOL_SLUGS;

/** Splits a list into chunks of at most `n` (batch inputs with an item limit). */
export function chunks<T>(items: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}
