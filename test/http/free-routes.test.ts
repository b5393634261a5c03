/**
 * The free routes against the real server: status (with the sandbox chain URLs, which answer),
 * discovery documents (OpenAPI validated by a real validator), docs, and the demo's hourly limit.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestService, type TestService } from '../helpers/service.js';

async function rpc(url: string, method: string): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) });
  return ((await res.json()) as any).result;
}

describe('free routes', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('GET /status reports health, version, endpoints and the sandbox RPC URLs (which answer)', async () => {
    const res = await fetch(`${service.url}/status`);
    assert.equal(res.status, 200);
    const status = (await res.json()) as any;
    assert.equal(status.version, '1.0.0');
    assert.equal(status.status, 'ok');
    assert.equal(status.data_mode, 'sandbox');
    assert.equal(status.components.store.ok, true);
    assert.equal(status.components.store.backend, 'sqlite');
    assert.equal(status.components.cache.ok, true);
    assert.equal(status.components.facilitator.ok, true);
    assert.ok(status.components.facilitator.kinds.includes('v2:exact:eip155:8453'));
    assert.ok(status.components.facilitator.kinds.includes('v1:exact:solana'));
    // The launchpad index's freshness; jobs are off in tests, so it was never refreshed (stale, no coins).
    assert.deepEqual(status.components.launchpad_index, { refreshed_at: null, age_s: null, stale: true, coins: 0 });
    assert.equal(status.endpoints.total, 48);
    assert.equal(status.endpoints.implemented.length + status.endpoints.pending.length, 48);
    assert.equal(await rpc(status.sandbox.base_rpc_url, 'eth_chainId'), '0x2105');
    assert.equal(await rpc(status.sandbox.solana_rpc_url, 'getHealth'), 'ok');
  });

  it('GET /openapi.json is a valid OpenAPI 3.1 document with every endpoint', async () => {
    const res = await fetch(`${service.url}/openapi.json`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as any;
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(Object.keys(doc.paths).filter((p) => p.startsWith('/entrypoints/')).length, 48);
    await SwaggerParser.validate(doc);
  });

  it('GET /.well-known/x402, /llms.txt, /llms-full.txt and /docs answer', async () => {
    const wk = (await (await fetch(`${service.url}/.well-known/x402`)).json()) as any;
    assert.equal(wk.version, 1);
    assert.equal(wk.resources.length, 47);
    const llms = await (await fetch(`${service.url}/llms.txt`)).text();
    assert.match(llms, /due-diligence/);
    const full = await fetch(`${service.url}/llms-full.txt`);
    assert.equal(full.status, 200);
    const docs = await fetch(`${service.url}/docs`);
    assert.equal(docs.status, 200);
    assert.match(docs.headers.get('content-type') ?? '', /text\/html/);
    assert.match(docs.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(await docs.text(), /launchpad-launch-preflight/);
  });

  it('POST /demo/enrich: 10 calls per client per rolling hour, then 429 with Retry-After and resets_at', async () => {
    const demo = (body: unknown) => fetch(`${service.url}/demo/enrich`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const bad = await demo({ address: 'nope' });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as any).error.issues[0].path, '/address');
    // A wallet gets the light wallet profile, a mint the light token analysis (sandbox cast members).
    const wallet = await demo({ address: 'FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU' });
    assert.equal(wallet.status, 200);
    const profile = (await wallet.json()) as any;
    assert.equal(profile.meta.endpoint, 'enrich-wallet-light');
    assert.ok(profile.labels.includes('nft_collector'));
    const mint = await demo({ address: 'Fx65HmRFsFVVnnGhs499Tr9y56v5QjwJYNvSJNAi9dp2' });
    assert.equal(mint.status, 200);
    const analysis = (await mint.json()) as any;
    assert.equal(analysis.meta.endpoint, 'enrich-token-light');
    assert.equal(analysis.symbol, 'RUGR');
    for (let i = 0; i < 7; i++) assert.equal((await demo({ address: 'FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU' })).status, 200);
    const limited = await demo({ address: 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg' });
    assert.equal(limited.status, 429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    const body = (await limited.json()) as any;
    assert.equal(body.error.code, 'rate_limited');
    assert.ok(Date.parse(body.error.resets_at) > Date.now());
    service.advance(3600_000 + 1000);
    try {
      assert.equal((await demo({ address: 'FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU' })).status, 200, 'the window rolls');
    } finally {
      service.advance(-(3600_000 + 1000));
    }
  });
});

describe('free-route rate limit', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({}, { FREE_ROUTE_LIMIT_PER_MINUTE: '5' });
  });
  after(() => service.close());

  it('the 6th free call in a minute → 429 rate_limited', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await fetch(`${service.url}/status`)).status, 200);
    const res = await fetch(`${service.url}/llms.txt`);
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    assert.equal(((await res.json()) as any).error.code, 'rate_limited');
  });
});
