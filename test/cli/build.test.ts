/**
 * `npm run build` (scripts/build.mjs) bundles the service for production images: the bundle starts under
 * plain node (no TypeScript loader) and serves — the path the Dockerfile runs.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { startServiceProcess, stopInstance } from '../scale/instances.js';

it('the built bundle starts under plain node, answers, and drains on SIGTERM', async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  for (const entry of ['main', 'sandbox-chain', 'backfill']) assert.ok(existsSync(`dist/${entry}.mjs`), `dist/${entry}.mjs`);
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-build-'));
  const instance = await startServiceProcess('compiled', ['dist/main.mjs'], { DATA_DIR: dataDir, JOBS_ENABLED: 'false' });
  try {
    const status = (await (await fetch(`${instance.url}/status`)).json()) as { status: string; endpoints: { total: number; pending: string[] } };
    assert.equal(status.status, 'ok');
    assert.equal(status.endpoints.total, 48);
    assert.deepEqual(status.endpoints.pending, []);
    const unpaid = await fetch(`${instance.url}/entrypoints/enrich-wallet-light/invoke`, { method: 'POST', body: '{}' });
    assert.equal(unpaid.status, 402);
  } finally {
    assert.equal(await stopInstance(instance), 0);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
