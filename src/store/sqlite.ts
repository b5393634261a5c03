/**
 * Embedded SQLite store (the default). WAL mode so readers never block the writer and a crash
 * mid-write leaves the database consistent. better-sqlite3 is synchronous; each call is one short
 * statement, so the event loop is held for microseconds.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.js';
import type { ClaimOutcome, PaymentClaim, Store, StoredClaim } from './types.js';

interface ClaimRow {
  idempotency_key: string;
  endpoint: string;
  network: string;
  payer: string;
  amount_atomic: string;
  request_id: string;
  claimed_at: string;
  status: StoredClaim['status'];
  tx: string | null;
  reason: string | null;
  referral_code: string | null;
  finished_at: string | null;
}

export function openSqliteStore(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const insertClaim = db.prepare(
    `INSERT INTO payment_claims (idempotency_key, endpoint, network, payer, amount_atomic, request_id, claimed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  const finish = db.prepare(
    `UPDATE payment_claims SET status = ?, tx = ?, reason = ?, referral_code = ?, finished_at = ? WHERE idempotency_key = ?`,
  );
  const select = db.prepare(`SELECT * FROM payment_claims WHERE idempotency_key = ?`);

  return {
    kind: 'sqlite',
    async claimPayment(c: PaymentClaim) {
      const result = insertClaim.run(
        c.idempotencyKey, c.endpoint, c.network, c.payer, c.amountAtomic.toString(), c.requestId, c.claimedAt.toISOString(),
      );
      return result.changes === 1;
    },
    async finishClaim(key: string, o: ClaimOutcome) {
      finish.run(o.status, o.transaction ?? null, o.reason ?? null, o.referralCode ?? null, o.at.toISOString(), key);
    },
    async getClaim(key: string) {
      const row = select.get(key) as ClaimRow | undefined;
      if (!row) return undefined;
      return {
        idempotencyKey: row.idempotency_key,
        endpoint: row.endpoint,
        network: row.network,
        payer: row.payer,
        amountAtomic: BigInt(row.amount_atomic),
        requestId: row.request_id,
        claimedAt: new Date(row.claimed_at),
        status: row.status,
        ...(row.tx ? { transaction: row.tx } : {}),
        ...(row.reason ? { reason: row.reason } : {}),
        ...(row.referral_code ? { referralCode: row.referral_code } : {}),
        ...(row.finished_at ? { finishedAt: new Date(row.finished_at) } : {}),
      };
    },
    async ping() {
      return db.prepare('SELECT 1 AS ok').get() !== undefined;
    },
    async close() {
      db.close();
    },
  };
}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    })();
  }
}
