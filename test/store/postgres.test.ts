/**
 * The store contract on PostgreSQL (127.0.0.1:5432, or STORE_TEST_POSTGRES_URL). Each run works in its own
 * schema `store_test_<random>`, dropped at the end, so concurrent runs and other suites do not collide.
 * Without a server the suite fails under CI and is skipped otherwise.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import pg from 'pg';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { storeContract } from './contract.js';

const url = process.env.STORE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `store_test_${randomBytes(6).toString('hex')}`;

/**
 * Unreachable is a refused connection or a failed query, never a deadline: a server slow to answer on a
 * busy machine is waited for (no connection timeout of our own; the runner's hang detector bounds a file).
 */
async function reachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropSchema(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  } finally {
    await client.end();
  }
}

const unreachable = await reachable();
if (unreachable !== undefined) {
  if (process.env.CI) {
    test('postgres store: server reachable', () => assert.fail(`PostgreSQL at ${url} is unreachable: ${unreachable}`));
  } else {
    test('postgres store', (t) => t.skip(`PostgreSQL at ${url} is unreachable (${unreachable}); set CI to make this a failure`));
  }
} else {
  storeContract('postgres', () => openPostgresStore({ url, schema, poolSize: 5 }), () => dropSchema(schema), { shared: true });

  describe('postgres store only', () => {
    test('instances migrating a new schema at once: all open, every version recorded once', async (t) => {
      const fresh = `store_test_${randomBytes(6).toString('hex')}`;
      t.after(() => dropSchema(fresh));
      const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore({ url, schema: fresh, poolSize: 2 })));
      try {
        for (const s of stores) assert.equal(await s.ping(), true);
        assert.equal(stores[0]!.kind, 'postgres');
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${fresh}.schema_migrations ORDER BY version`);
        assert.deepEqual(rows.map((r) => r.version), MIGRATIONS.map((m) => m.version));
      } finally {
        await client.end();
      }
      // Reopening applies nothing and still works.
      const again = await openPostgresStore({ url, schema: fresh });
      assert.equal(await again.ping(), true);
      await again.close();
    });

    test('a schema name that is not a plain identifier is refused', async () => {
      await assert.rejects(openPostgresStore({ url, schema: 'bad"; DROP TABLE x; --' }), /schema must match/);
    });
  });
}
