/**
 * The PostgreSQL pool every PostgreSQL repository works on, for several service instances sharing one
 * database (docs/deploy.md, 'PostgreSQL store'), and the migrations applied once across instances.
 *
 * SQL decisions shared by the repositories:
 * - The shipped migrations' column types are kept as they are (TEXT everywhere): timestamps are ISO-8601
 *   UTC strings with milliseconds, exactly as SQLite stores them, so they round-trip to the millisecond and
 *   compare correctly as text; JSON `data` is the text `JSON.stringify` wrote, so any JSON shape (key order,
 *   number spelling, big numbers) reads back exactly — jsonb would reorder keys and normalise numbers.
 * - Orderings of names (subjects, entities, mints) use `COLLATE "C"` (byte order), so orderings and ties
 *   match SQLite's BINARY collation whatever the database's default collation is. Days and timestamps are
 *   compared in the column's own collation so the primary-key and day indexes serve the range reads: they
 *   are fixed-format strings (separators at the same positions), which every collation orders by their
 *   digits, i.e. chronologically.
 * - Migration 4 (SQLite's WITHOUT ROWID rebuild) is `SELECT 1` here: PostgreSQL's primary-key index already
 *   serves a subject's day range; nothing to rebuild.
 */
import pg from 'pg';
import { MIGRATIONS } from '../migrations/index.js';

export interface PostgresStoreOptions {
  /** Connection string, e.g. `postgres://user@host:5432/db`. */
  url: string;
  /** Schema holding the tables (created if missing); every pooled connection's `search_path`. */
  schema?: string;
  poolSize?: number;
}

export interface PostgresDatabase {
  readonly pool: pg.Pool;
  /** One statement on any pooled connection. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** `fn` inside one transaction on one connection: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
}

/** First key of the two-int advisory locks the store takes (the second is a hash of what is locked). */
export const LOCK_NAMESPACE = 0x0ea10;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens the pool and migrates; a failed migration ends the pool and rejects. */
export async function openPostgresDatabase(options: PostgresStoreOptions): Promise<PostgresDatabase> {
  const { schema } = options;
  // The name goes into DDL and the connection's startup options unquoted, so only plain identifiers.
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`postgres schema must match ${SCHEMA_NAME.source}: ${schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // With the server down a call fails after this instead of waiting for a connection forever.
    connectionTimeoutMillis: 5_000,
    // Set at connection startup, so every pooled connection (including ones opened later) uses the schema.
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  try {
    await migrate(pool, schema);
  } catch (err) {
    await pool.end();
    throw err;
  }

  return {
    pool,
    query: async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => pool.query<R>(text, values),
    async tx<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(client);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * Applies the pending migrations, each in its own transaction under a transaction-scoped advisory lock
 * (keyed by the schema), so instances starting at once apply each migration exactly once: a waiter sees
 * the version recorded when it gets the lock and skips it. The migrations table mirrors SQLite's.
 */
async function migrate(pool: pg.Pool, schema: string | undefined): Promise<void> {
  const client = await pool.connect();
  const lockKey = `migrate:${schema ?? ''}`;
  const inLockedTx = async (fn: () => Promise<void>) => {
    await client.query('BEGIN');
    try {
      await client.query(`SELECT pg_advisory_xact_lock($1::int, hashtext($2))`, [LOCK_NAMESPACE, lockKey]);
      await fn();
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  };
  try {
    // CREATE ... IF NOT EXISTS is not safe against a concurrent CREATE (unique violation), hence the lock.
    await inLockedTx(async () => {
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    });
    for (const m of MIGRATIONS) {
      await inLockedTx(async () => {
        const applied = await client.query(`SELECT 1 FROM schema_migrations WHERE version = $1`, [m.version]);
        if (applied.rowCount) return;
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
      });
    }
  } finally {
    client.release();
  }
}
