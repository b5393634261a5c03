/**
 * Ordered schema migrations. Append only: a migration that has shipped is never edited.
 * The SQL is kept to the subset SQLite and PostgreSQL share.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'payment_claims',
    sql: `
      CREATE TABLE payment_claims (
        idempotency_key TEXT PRIMARY KEY,
        endpoint TEXT NOT NULL,
        network TEXT NOT NULL,
        payer TEXT NOT NULL,
        amount_atomic TEXT NOT NULL,
        request_id TEXT NOT NULL,
        claimed_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'claimed',
        tx TEXT,
        reason TEXT,
        referral_code TEXT,
        finished_at TEXT
      );
      CREATE INDEX payment_claims_payer ON payment_claims (payer, claimed_at);
    `,
  },
];
