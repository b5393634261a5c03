/** Payment claims on SQLite; writes go through the group commit (./group-commit.ts). */
import { claimOf, outcomeValues, type ClaimRow } from '../sql/row-mapping.js';
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import type { GroupCommit } from './group-commit.js';
import type { ClaimOutcome, ClaimRepository, PaymentClaim } from './types.js';

export function sqliteClaims(db: SqliteDatabase, writes: GroupCommit): ClaimRepository {
  const insertClaim = db.prepare(
    `INSERT INTO payment_claims (idempotency_key, endpoint, network, payer, amount_atomic, request_id, claimed_at, payment_id, call_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  // The answer and lookup are kept only while a state needs them: a final state clears them (COALESCE
  // keeps what is there when the outcome brings none, so `undelivered` → `delivered` keeps the answer).
  const finish = db.prepare(
    `UPDATE payment_claims SET status = ?, tx = COALESCE(?, tx), reason = ?, referral_code = COALESCE(?, referral_code), finished_at = ?,
     answer = COALESCE(?, answer), lookup = ?, amount_atomic = COALESCE(?, amount_atomic) WHERE idempotency_key = ?`,
  );
  const select = db.prepare(`SELECT * FROM payment_claims WHERE idempotency_key = ?`);
  const selectByPaymentId = db.prepare(`SELECT * FROM payment_claims WHERE payment_id = ? ORDER BY claimed_at DESC LIMIT 1`);
  const selectByStatus = db.prepare(`SELECT * FROM payment_claims WHERE status = ? AND claimed_at <= ? ORDER BY claimed_at LIMIT ?`);

  return {
    async claimPayment(c: PaymentClaim) {
      const values = [
        c.idempotencyKey, c.endpoint, c.network, c.payer, c.amountAtomic.toString(), c.requestId, c.claimedAt.toISOString(),
        c.paymentId ?? null, c.callKey ?? null,
      ];
      return writes.write(() => insertClaim.run(...values).changes === 1);
    },
    async finishClaim(key: string, o: ClaimOutcome) {
      const values = [...outcomeValues(o), key];
      return writes.write(() => {
        finish.run(...values);
      });
    },
    async getClaim(key: string) {
      const row = select.get(key) as ClaimRow | undefined;
      if (!row) return undefined;
      return claimOf(row);
    },
    async findClaimByPaymentId(paymentId: string) {
      const row = selectByPaymentId.get(paymentId) as ClaimRow | undefined;
      return row ? claimOf(row) : undefined;
    },
    async listClaims(status, claimedBefore, limit) {
      return (selectByStatus.all(status, claimedBefore.toISOString(), limit) as ClaimRow[]).map(claimOf);
    },
  };
}
