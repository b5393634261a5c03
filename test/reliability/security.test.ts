/**
 * Security of the HTTP surface (docs/reliability.md), against the real service in sandbox mode:
 * - every free route counts against and is refused by the per-client free-route limit (429 + Retry-After),
 *   the demo by its own hourly limit (test/http/free-routes.test.ts covers the limits' windows);
 * - every kind of answer (200, 204, 400, 402, 404, 405, 413, 429, HTML docs) carries the security headers
 *   (test/reliability/security-headers.ts); errors are never cacheable;
 * - request body limit: 413 `body_too_large` JSON, with Content-Length or chunked; header limit: Node's
 *   431 and the service keeps answering.
 * The live-mode suite (secrets, stack traces, free strings upstream) is security-live.test.ts.
 */
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BODY_LIMIT_BYTES } from '../../src/app/server.js';
import { CAST_ADDRESS } from '../../src/sandbox/world/cast.js';
import { suiteService } from '../helpers/service.js';
import { checkSecurityHeaders } from './security-headers.js';

interface Route {
  name: string;
  send: (base: string) => Promise<Response>;
  /** Whether the answer is the free-route limit's refusal. */
  limited: (res: Response, text: string) => boolean;
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit =>
  ({ method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const get = (path: string): Route => ({
  name: `GET ${path}`,
  send: (base) => fetch(`${base}${path}`),
  limited: (res, text) => res.status === 429 && Number(res.headers.get('retry-after')) >= 1 && text.includes('"rate_limited"'),
});

/** Every route the free-route limit guards (src/app/free-routes.ts, the free endpoint, the free MCP tool). */
const FREE_ROUTES: Route[] = [
  get('/status'), get('/openapi.json'), get('/llms.txt'), get('/llms-full.txt'), get('/.well-known/x402'), get('/docs'),
  {
    name: 'POST /entrypoints/launchpad-pairs/invoke (free endpoint)',
    send: (base) => fetch(`${base}/entrypoints/launchpad-pairs/invoke`, json('POST', {})),
    limited: (res, text) => res.status === 429 && Number(res.headers.get('retry-after')) >= 1 && text.includes('"rate_limited"'),
  },
  {
    name: 'POST /mcp tools/call launchpad-pairs (free tool)',
    send: (base) => fetch(`${base}/mcp`, json('POST', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'launchpad-pairs', arguments: {} } }, { accept: 'application/json, text/event-stream' })),
    // MCP answers 200 with a tool error: the refusal is in the result.
    limited: (res, text) => res.status === 200 && text.includes('"isError":true') && text.includes('rate_limited'),
  },
  {
    name: 'POST /mcp tools/list (the largest free answer)',
    send: (base) => fetch(`${base}/mcp`, json('POST', { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { accept: 'application/json, text/event-stream' })),
    // A JSON-RPC error (code -32029) naming the limit and when to retry.
    limited: (res, text) => res.status === 200 && text.includes('"code":-32029') && text.includes('retry_after_s'),
  },
];

describe('security of the HTTP surface', () => {
  const service = suiteService({}, { FREE_ROUTE_LIMIT_PER_MINUTE: String(FREE_ROUTES.length), DEMO_LIMIT_PER_HOUR: '1' });
  const seen: { what: string; status: number; headers: Headers }[] = [];
  const keep = async (what: string, res: Response) => {
    const text = await res.text();
    seen.push({ what, status: res.status, headers: res.headers });
    return text;
  };

  it('every free route counts against the per-client limit and is refused past it (429, Retry-After)', async (t) => {
    // The limit equals the number of free routes: one call each uses it up only if every route counts,
    // and the second round must be refused on every route.
    for (const route of FREE_ROUTES) {
      const res = await route.send(service.url);
      const text = await keep(route.name, res);
      assert.ok(!route.limited(res, text), `${route.name} refused within the limit: ${res.status}`);
    }
    const refused: string[] = [];
    for (const route of FREE_ROUTES) {
      const res = await route.send(service.url);
      const text = await keep(`${route.name} (over the limit)`, res);
      if (route.limited(res, text)) refused.push(route.name);
      else assert.fail(`${route.name} over the limit answered ${res.status}: ${text.slice(0, 200)}`);
    }
    // The demo has its own hourly limit (1 here); an invalid body counts too, so it cannot be used to probe.
    const demo = (address: string) => fetch(`${service.url}/demo/enrich`, json('POST', { address }));
    const first = await demo('nope');
    assert.equal(first.status, 400);
    await keep('POST /demo/enrich (400)', first);
    const second = await demo(CAST_ADDRESS.WALLET_DEFI);
    assert.equal(second.status, 429);
    assert.ok(Number(second.headers.get('retry-after')) > 0);
    await keep('POST /demo/enrich (over the limit)', second);
    t.diagnostic(`free routes limited: ${refused.length}/${FREE_ROUTES.length} (+ the demo's hourly limit)`);
    assert.equal(refused.length, FREE_ROUTES.length);
  });

  it('request body limit: 413 body_too_large JSON, with Content-Length or chunked; just under it is read', async (t) => {
    const url = `${service.url}/entrypoints/enrich-wallet-light/invoke`;
    const big = JSON.stringify({ address: CAST_ADDRESS.WALLET_DEFI, pad: 'x'.repeat(BODY_LIMIT_BYTES) });
    const sized = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    const sizedBody = JSON.parse(await keep('413 (Content-Length)', sized)) as { error: { code: string; request_id: string } };
    assert.equal(sized.status, 413);
    assert.equal(sizedBody.error.code, 'body_too_large');
    assert.match(sizedBody.error.request_id, /^req_/);

    const bytes = new TextEncoder().encode(big.repeat(3));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 16_384) controller.enqueue(bytes.subarray(i, i + 16_384));
        controller.close();
      },
    });
    const chunked = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    const chunkedBody = JSON.parse(await keep('413 (chunked)', chunked)) as { error: { code: string } };
    assert.equal(chunked.status, 413);
    assert.equal(chunkedBody.error.code, 'body_too_large');

    const mcp = await fetch(`${service.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    assert.equal(mcp.status, 413);
    await keep('413 (MCP)', mcp);

    // Just under the limit the body is read (and refused for its content, not its size): a 402 for a paid endpoint.
    const under = JSON.stringify({ address: CAST_ADDRESS.WALLET_DEFI, pad: 'x'.repeat(BODY_LIMIT_BYTES - 200) });
    const ok = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: under });
    assert.notEqual(ok.status, 413);
    await keep(`under the limit (${ok.status})`, ok);
    t.diagnostic(`body limit ${BODY_LIMIT_BYTES} B: ${big.length} B → ${sized.status}, ${bytes.length} B chunked → ${chunked.status}, MCP → ${mcp.status}, ${under.length} B → ${ok.status}`);
  });

  it('header limit: an oversized header block gets 431 from Node, the connection closes, the service keeps answering', async (t) => {
    const outcomes: string[] = [];
    for (const size of [20_000, 200_000]) {
      // Waited for as the connection's end (an answer, a reset), with no time limit of its own (docs/testing.md).
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(service.url).port), '127.0.0.1');
        let data = '';
        socket.on('data', (c: Buffer) => { data += c.toString(); });
        socket.on('error', (err: NodeJS.ErrnoException) => resolve(`socket ${err.code}`));
        socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''));
        socket.write(`GET /status/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(size)}\r\n\r\n`);
      });
      outcomes.push(`${size} B → ${answer}`);
      // A reset while we are still writing is as clean as a 431: the request was refused before any routing.
      assert.ok(answer === 'HTTP/1.1 431 Request Header Fields Too Large' || answer === 'socket ECONNRESET' || answer === 'socket EPIPE', answer);
    }
    const alive = await fetch(`${service.url}/status/live`);
    assert.equal(alive.status, 200);
    await keep('GET /status/live', alive);
    t.diagnostic(`oversized headers: ${outcomes.join('; ')}; service still live`);
  });

  it('every kind of answer carries the security headers; errors are not cacheable', async (t) => {
    const base = service.url;
    const more: [string, Promise<Response>][] = [
      ['400 invalid JSON', fetch(`${base}/entrypoints/enrich-wallet-light/invoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"address":' })],
      ['402 payment required', fetch(`${base}/entrypoints/enrich-wallet-light/invoke`, json('POST', { address: CAST_ADDRESS.WALLET_DEFI }))],
      ['402 forged payment', fetch(`${base}/entrypoints/enrich-wallet-light/invoke`, json('POST', { address: CAST_ADDRESS.WALLET_DEFI }, { 'PAYMENT-SIGNATURE': 'bm9wZQ==' }))],
      ['404 unknown route', fetch(`${base}/nope`)],
      ['404 unknown endpoint', fetch(`${base}/entrypoints/nope/invoke`, json('POST', {}))],
      ['405 GET /mcp', fetch(`${base}/mcp`)],
      ['204 CORS preflight', fetch(`${base}/entrypoints/enrich-wallet-light/invoke`, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } })],
      ['200 /status/ready', fetch(`${base}/status/ready`)],
    ];
    for (const [what, pending] of more) await keep(what, await pending);
    const statuses = [...new Set(seen.map((s) => s.status))].sort();
    const failures = seen.map((s) => ({ ...s, check: checkSecurityHeaders(s.status, s.headers) })).filter((s) => !s.check.ok);
    t.diagnostic(`answers checked ${seen.length}, statuses ${statuses.join(', ')}; missing headers on ${failures.length}`);
    assert.deepEqual(failures.map((f) => `${f.what} (${f.status}): ${f.check.problems.join('; ')}`), []);
    for (const status of [200, 204, 400, 402, 404, 413, 429]) assert.ok(statuses.includes(status), `a ${status} was checked`);
  });
});
