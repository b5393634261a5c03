/**
 * A service that can be stopped and started again on the same data directory (so the same SQLite
 * store of payment claims) and the same sandbox chains (so balances and spent nonces survive too):
 * what a real restart looks like. `startTestService` deletes its directory on close, so this calls
 * `startService` itself, joining chains the test process hosts (SANDBOX_*_RPC_URL). Like the test service,
 * it runs on `ManualTimers` unless `overrides.timers` says otherwise: no deadline or budget passes because
 * the machine is slow (docs/testing.md), and nothing here moves the time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config/index.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { startService, type RunningService, type ServiceOverrides } from '../../src/service.js';
import { startBaseSandbox } from '../../src/sandbox/base/index.js';
import { startSolanaSandbox } from '../../src/sandbox/solana/index.js';

export interface Restartable {
  /** The running instance (replaced by `restart`). */
  current: RunningService;
  dataDir: string;
  restart(): Promise<RunningService>;
  close(): Promise<void>;
}

export async function startRestartable(options: ServiceOverrides = {}): Promise<Restartable> {
  // One time for both lives of the service, as one process's clock would be.
  const overrides: ServiceOverrides = { timers: new ManualTimers(), ...options };
  const [solana, base] = await Promise.all([startSolanaSandbox({ host: '127.0.0.1' }), startBaseSandbox({ host: '127.0.0.1' })]);
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-attack-'));
  const config: Config = {
    ...loadConfig({
      DATA_MODE: 'sandbox', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false',
      SANDBOX_SOLANA_RPC_URL: solana.url, SANDBOX_BASE_RPC_URL: base.url,
    }),
    port: 0, host: '127.0.0.1', dataDir,
  };
  const handle: Restartable = {
    current: await startService(config, overrides),
    dataDir,
    async restart() {
      await handle.current.close();
      handle.current = await startService(config, overrides);
      return handle.current;
    },
    async close() {
      await handle.current.close();
      await Promise.all([solana.close(), base.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
