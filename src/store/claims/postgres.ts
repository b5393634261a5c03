/** Payment claims on PostgreSQL: the primary key makes a claim atomic across instances. */
import type { PostgresDatabase } from '../sql/postgres-database.js';
import { claimOf, outcomeValues, type ClaimRow } from '../sql/row-mapping.js';
import type { ClaimOutcome, ClaimRepository, PaymentClaim } from './types.js';

export function postgresClaims({ query }: PostgresDatabase): ClaimRepository {
  return {
    async claimPayment(c: PaymentClaim) {
      // The primary key decides: of concurrent inserts of one key exactly one inserts a row.
      const result = await query(
        `INSERT INTO payment_claims (idempotency_key, endpoint, network, payer, amount_atomic, request_id, claimed_at, payment_id, call_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (idempotency_key) DO NOTHING`,
        [c.idempotencyKey, c.endpoint, c.network, c.payer, c.amountAtomic.toString(), c.requestId, c.claimedAt.toISOString(), c.paymentId ?? null, c.callKey ?? null],
      );
      return result.rowCount === 1;
    },
    async finishClaim(key: string, o: ClaimOutcome) {
      // As in the SQLite store: a final state keeps the answer only if one was kept before.
      await query(
        `UPDATE payment_claims SET status = $1, tx = COALESCE($2, tx), reason = $3, referral_code = COALESCE($4, referral_code), finished_at = $5,
         answer = COALESCE($6, answer), lookup = $7, amount_atomic = COALESCE($8, amount_atomic) WHERE idempotency_key = $9`,
        [...outcomeValues(o), key],
      );
    },
    async getClaim(key: string) {
      const row = (await query<ClaimRow>(`SELECT * FROM payment_claims WHERE idempotency_key = $1`, [key])).rows[0];
      if (!row) return undefined;
      return claimOf(row);
    },
    async findClaimByPaymentId(paymentId: string) {
      const row = (await query<ClaimRow>(`SELECT * FROM payment_claims WHERE payment_id = $1 ORDER BY claimed_at DESC LIMIT 1`, [paymentId])).rows[0];
      return row ? claimOf(row) : undefined;
    },
    async listClaims(status, claimedBefore, limit) {
      const rows = (await query<ClaimRow>(`SELECT * FROM payment_claims WHERE status = $1 AND claimed_at <= $2 ORDER BY claimed_at LIMIT $3`, [status, claimedBefore.toISOString(), limit])).rows;
      return rows.map(claimOf);
    },
  };
}
