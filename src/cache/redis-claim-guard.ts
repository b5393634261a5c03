/**
 * Payment idempotency claims in Redis, atomic across every instance sharing it (docs/deploy.md, 'Payments
 * across instances'): key `<prefix>p:<idempotency key>`. ./redis-guarded-claims.ts puts it in front of the
 * store's claims.
 */
import type { Redis } from 'ioredis';

/**
 * How long a payment's idempotency key stays claimed in Redis. An x402 authorization can only be settled
 * within its validity window (`validBefore`, at most the offer's `maxTimeoutSeconds` — minutes), and a
 * Solana transaction only within its blockhash's lifetime (about a minute); a card credential expires
 * sooner still. Past that window a replay cannot be settled anyway, so a week is far longer than needed
 * and keeps Redis from growing without bound. The store keeps the permanent record.
 */
export const DEFAULT_CLAIM_TTL_S = 7 * 24 * 3600;

export interface ClaimGuard {
  /** True for exactly one of any number of concurrent claims of `key` (across instances). */
  claim(key: string): Promise<boolean>;
  isClaimed(key: string): Promise<boolean>;
  /** When `key` was claimed (derived from its remaining TTL), or undefined when it is not claimed. */
  claimedAt(key: string): Promise<Date | undefined>;
}

export function createRedisClaimGuard(options: { client: Redis; prefix: string; ttlS?: number }): ClaimGuard {
  const { client, prefix } = options;
  const ttlS = options.ttlS ?? DEFAULT_CLAIM_TTL_S;
  const k = (key: string) => prefix + 'p:' + key;
  return {
    async claim(key) {
      return (await client.set(k(key), '1', 'EX', ttlS, 'NX')) === 'OK';
    },
    async isClaimed(key) {
      return (await client.exists(k(key))) === 1;
    },
    async claimedAt(key) {
      const pttl = await client.pttl(k(key));
      if (pttl === -2) return undefined; // no such key
      // -1 (no TTL) cannot happen for keys this guard wrote; treat it as "just now".
      return new Date(Date.now() - (pttl < 0 ? 0 : ttlS * 1000 - pttl));
    },
  };
}
