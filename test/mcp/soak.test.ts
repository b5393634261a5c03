/**
 * MCP soak: 3,000 requests to the stateless `/mcp` (each builds and drops an SDK server and transport) leave
 * the service's resident memory flat. Mixed traffic: tools/call of a paid tool without payment (the full
 * invoke path to the 402 result), ping, and every 100th request tools/list (the largest answer). Memory is
 * read after a forced GC, after a 300-request warm-up (lazy compilation, caches, the challenge per endpoint)
 * and again at the end; the growth is reported and must stay under 20 MB.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CAST_ADDRESS } from '../../src/sandbox/world/cast.js';
import { suiteService } from '../helpers/service.js';

const REQUESTS = 3_000;
const WARM_UP = 300;
const MAX_GROWTH_MB = 20;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const service = suiteService();

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

const rssMb = () => {
  gc();
  gc();
  return process.memoryUsage().rss / 2 ** 20;
};

it(`${REQUESTS} MCP requests leave resident memory flat (growth < ${MAX_GROWTH_MB} MB)`, async (t) => {
  await run(0, WARM_UP);
  const before = rssMb();
  await run(WARM_UP, REQUESTS);
  const after = rssMb();
  const growth = after - before;
  t.diagnostic(`rss before ${before.toFixed(1)} MB, after ${after.toFixed(1)} MB, growth ${growth.toFixed(1)} MB over ${REQUESTS} requests`);
  assert.ok(growth < MAX_GROWTH_MB, `resident memory grew ${growth.toFixed(1)} MB`);
});
