/**
 * The store the configuration asks for: PostgreSQL when `DATABASE_URL` is set (several instances share it),
 * otherwise the embedded SQLite file under `DATA_DIR`. The service and the CLIs open it the same way.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/index.js';
import { openPostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite.js';
import type { Store } from './types.js';

export interface ConfiguredStore {
  store: Store;
  /** Where the data lives, for logs and reports; a PostgreSQL URL is shown without its password. */
  location: string;
}

export async function openConfiguredStore(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Promise<ConfiguredStore> {
  if (config.databaseUrl) {
    const store = await openPostgresStore({ url: config.databaseUrl, ...(config.databaseSchema ? { schema: config.databaseSchema } : {}) });
    return { store, location: describePostgres(config.databaseUrl, config.databaseSchema) };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'enrichment.db');
  return { store: openSqliteStore(file), location: file };
}

function describePostgres(url: string, schema: string | undefined): string {
  let shown = url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    shown = parsed.toString();
  } catch {
    shown = 'postgres (unparsable URL)';
  }
  return schema ? `${shown} schema ${schema}` : shown;
}
