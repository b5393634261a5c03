/**
 * `npm run backfill -- [--days 30]`
 *
 * Pre-seeds the configured store (DATA_DIR/enrichment.db) with daily snapshots of the sandbox cast for
 * the N days before today (default 30, at most 365), so the trend and history endpoints show real series
 * on a fresh install. Sandbox only (SANDBOX_SEED selects the world, as for `npm start`); safe to run
 * while the service runs (SQLite WAL) and to run again: days already observed are kept. See
 * docs/history.md for how each day's snapshot is made.
 */
import { loadConfig } from '../config/index.js';
import { openConfiguredStore } from '../store/open.js';
import { backfillSandbox } from './sandbox-backfill.js';

function usage(message: string): never {
  console.error(`${message}\nusage: npm run backfill -- [--days 30]`);
  process.exit(2);
}

function parseDays(argv: string[]): number {
  let days = 30;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--days') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1 || value > 365) usage('--days must be an integer from 1 to 365');
      days = value;
    } else {
      usage(`unknown argument ${argv[i]}`);
    }
  }
  return days;
}

async function main(): Promise<void> {
  const days = parseDays(process.argv.slice(2));
  const config = loadConfig(process.env);
  if (config.dataMode !== 'sandbox') usage('the backfill seeds sandbox data only (DATA_MODE=sandbox)');
  const { store, location } = await openConfiguredStore(config);
  try {
    const started = performance.now();
    const report = await backfillSandbox({ store, seed: config.sandboxSeed, days, now: new Date() });
    console.log(JSON.stringify({ ...report, store: location, duration_ms: Math.round(performance.now() - started) }, null, 2));
    if (report.failed > 0) process.exitCode = 1;
  } finally {
    await store.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
