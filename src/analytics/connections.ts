/**
 * Connected wallets: the counterparties a wallet moved value with, ranked by how often. Programs and
 * the wallet itself are not counterparties.
 */
import type { WalletActivity } from './types.js';

export interface Connection {
  address: string;
  interactions: number;
  first_at: number;
  last_at: number;
}

export function connectedWallets(self: string, activity: readonly WalletActivity[], isProgram: (address: string) => boolean, limit = 10): Connection[] {
  const byAddress = new Map<string, Connection>();
  for (const a of activity) {
    for (const address of new Set(a.counterparties)) {
      if (address === self || isProgram(address)) continue;
      const c = byAddress.get(address) ?? { address, interactions: 0, first_at: a.timestamp, last_at: a.timestamp };
      c.interactions++;
      c.first_at = Math.min(c.first_at, a.timestamp);
      c.last_at = Math.max(c.last_at, a.timestamp);
      byAddress.set(address, c);
    }
  }
  return [...byAddress.values()].sort((a, b) => b.interactions - a.interactions || (a.address < b.address ? -1 : 1)).slice(0, limit);
}
