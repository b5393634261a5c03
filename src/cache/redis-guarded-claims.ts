/**
 * Payment claims taken in Redis before the store (docs/deploy.md, 'Payments across instances'). Claims fail
 * closed: a rate limit lets calls through when Redis fails (./fail-open.ts), a payment claim does not.
 */
import type { ClaimRepository, PaymentClaim, StoredClaim } from '../store/claims/types.js';
import type { ClaimGuard } from './redis-claim-guard.js';

/**
 * The store (or any claims repository) with its payment claims first taken in Redis, atomic across every
 * instance sharing it, then recorded in the store (which keeps the outcome and the permanent record). A claim
 * is granted only if both agree, so a key whose Redis TTL ran out is still refused by the store.
 *
 * If Redis is unreachable `claimPayment`/`getClaim` throw: a paid call fails rather than risk a payment
 * serving two calls. If the store write fails after the Redis claim, the key stays claimed (fail closed).
 */
export function withRedisClaims<S extends ClaimRepository>(store: S, guard: ClaimGuard): S {
  const claimPayment = async (claim: PaymentClaim): Promise<boolean> => {
    if (!(await guard.claim(claim.idempotencyKey))) return false;
    return store.claimPayment(claim);
  };
  const getClaim = async (key: string): Promise<StoredClaim | undefined> => {
    const row = await store.getClaim(key);
    if (row) return row;
    const claimedAt = await guard.claimedAt(key);
    if (!claimedAt) return undefined;
    // Claimed by another instance whose store row is not written yet (or lives in another store):
    // all that is known is that the key is taken.
    return { idempotencyKey: key, endpoint: '', network: '', payer: '', amountAtomic: 0n, requestId: '', claimedAt, status: 'claimed' };
  };
  // A Proxy rather than a spread: a class-based store keeps its prototype methods and `this`.
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'claimPayment') return claimPayment;
      if (prop === 'getClaim') return getClaim;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
