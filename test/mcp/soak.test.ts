/**
 * MCP soak: 3,000 requests to the stateless `/mcp` (each builds and drops an SDK server and transport) leave
 * the service's resident memory flat. Mixed traffic: tools/call of a paid tool without payment (the full
 * invoke path to the 402 result), ping, and every 100th request tools/list (the largest answer). The service
 * runs in its own process (src/main.ts, sandbox mode), so the load generator's allocations in this process
 * are not counted; test/helpers/memory-probe.ts reports its memory after a forced GC. Memory is read after a
 * 1,000-request warm-up (lazy compilation, caches, the challenge per endpoint, the heap growing to its working
 * size) and again at the end; the growth is reported and must stay under 20 MB. The V8 heap in use is
 * reported beside it (a leak shows there first).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { CAST_ADDRESS } from '../../src/sandbox/world/cast.js';
import { startInstance, stopInstance, type Instance } from '../scale/instances.js';

const REQUESTS = 3_000;
/**
 * Long enough for the heap to reach its working size (with 300 the first measured stretch still included
 * heap growth: 48 MB "growth" on a loaded machine, while heapUsed stayed flat over 6,000 requests).
 */
const WARM_UP = 1_000;
const MAX_GROWTH_MB = 20;

const dataDir = mkdtempSync(join(tmpdir(), 'oea-mcp-soak-'));
let service: Instance;
before(async () => {
  service = await startInstance('mcp-soak', { DATA_DIR: dataDir, JOBS_ENABLED: 'false' }, ['--expose-gc', '--import', './test/helpers/memory-probe.ts']);
});
after(async () => {
  // Clean-up only: a wedged service is killed rather than left behind.
  if (service) await stopInstance(service, 30_000);
  rmSync(dataDir, { recursive: true, force: true });
});

async function rpc(n: number): Promise<void> {
  const message = n % 100 === 0
    ? { jsonrpc: '2.0', id: n, method: 'tools/list' }
    : n % 10 === 0
      ? { jsonrpc: '2.0', id: n, method: 'ping' }
      : { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'enrich-wallet-light', arguments: { address: CAST_ADDRESS.WALLET_DEFI } } };
  const res = await fetch(`${service.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(message),
  });
  const body = (await res.json()) as { id: number; result?: { isError?: boolean } };
  assert.equal(res.status, 200);
  assert.equal(body.id, n);
  if (message.method === 'tools/call') assert.equal(body.result?.isError, true, 'payment required');
}

async function run(from: number, count: number): Promise<void> {
  // 8 in flight: concurrent like real agents, bounded so the loop measures the server, not a queue.
  let next = from;
  const worker = async () => {
    while (next < from + count) await rpc(next++);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The service's memory after a forced GC, from the probe's next line (waited for, however long it takes). */
async function memoryMb(): Promise<{ rss: number; heap: number }> {
  const before = new Set(service.logs.filter((l) => l.msg === 'memory probe'));
  const line = service.waitForLog((l) => l.msg === 'memory probe' && !before.has(l));
  service.proc.kill('SIGUSR2');
  const probe = await line;
  return { rss: Number(probe.rss) / 2 ** 20, heap: Number(probe.heapUsed) / 2 ** 20 };
}

it(`${REQUESTS} MCP requests leave resident memory flat (growth < ${MAX_GROWTH_MB} MB)`, async (t) => {
  await run(0, WARM_UP);
  const start = await memoryMb();
  await run(WARM_UP, REQUESTS);
  const end = await memoryMb();
  const growth = end.rss - start.rss;
  t.diagnostic(`service rss before ${start.rss.toFixed(1)} MB, after ${end.rss.toFixed(1)} MB, growth ${growth.toFixed(1)} MB over ${REQUESTS} requests; ` +
    `heap in use ${start.heap.toFixed(1)} → ${end.heap.toFixed(1)} MB`);
  assert.ok(growth < MAX_GROWTH_MB, `resident memory grew ${growth.toFixed(1)} MB`);
});
