/**
 * TRUST_PROXY decides whose X-Forwarded-For names the client that the free-route and demo rate limits count
 * against. A client must never escape them by writing its own X-Forwarded-For: with a hop count the
 * right-most entries (added by our proxies) decide, with an address list only listed proxies are believed,
 * unset believes nobody, and `true` (believe every hop) stops start-up.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config/index.js';
import { parseTrustProxy, trustProxyOption, type TrustProxy } from '../../src/config/trust-proxy.js';
import { startTestService, type TestService } from '../helpers/service.js';

const REFUSED_TRUE = /TRUST_PROXY=true is refused: it would trust every hop.*set TRUST_PROXY to the number of proxies in front of the service \(e\.g\. 1 .*\) or to the proxies' addresses\/CIDRs/;
const NOW = new Date('2025-06-02T12:00:00.000Z');
const LIMIT = 3;

describe('TRUST_PROXY parsing (config load)', () => {
  it('unset, blank, "false" or "0": nobody is trusted', () => {
    for (const raw of [undefined, '', ' ', 'false', '0']) assert.deepEqual(parseTrustProxy(raw), { kind: 'none' }, String(raw));
    assert.deepEqual(loadConfig({}).trustProxy, { kind: 'none' });
  });

  it('a number is a hop count', () => {
    assert.deepEqual(loadConfig({ TRUST_PROXY: '1' }).trustProxy, { kind: 'hops', hops: 1 });
    assert.deepEqual(parseTrustProxy(' 2 '), { kind: 'hops', hops: 2 });
  });

  it('a comma-separated list of addresses, CIDRs and named ranges, trimmed', () => {
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1, fd00::/8 ,' }).trustProxy, {
      kind: 'addresses', addresses: ['10.0.0.5', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8'],
    });
  });

  it('"true" is refused with what to set instead', () => {
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true' }), REFUSED_TRUE);
  });

  it('anything else that is not an address stops start-up', () => {
    for (const raw of ['yes', 'nginx', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/', '::1/129', '1,10.0.0.1', '-1', ',']) {
      assert.throws(() => loadConfig({ TRUST_PROXY: raw }), /TRUST_PROXY must be a hop count or a list of proxy addresses\/CIDRs/, raw);
    }
  });

  it('maps to Fastify: false, a hop-position function, or the address list', () => {
    assert.equal(trustProxyOption({ kind: 'none' }), false);
    const hops = trustProxyOption({ kind: 'hops', hops: 2 });
    assert.equal(typeof hops, 'function');
    if (typeof hops !== 'function') return;
    assert.deepEqual([0, 1, 2, 3].map((hop) => hops('192.0.2.1', hop)), [true, true, false, false]);
    assert.deepEqual(trustProxyOption({ kind: 'addresses', addresses: ['10.0.0.5'] }), ['10.0.0.5']);
  });
});

describe('req.ip under each TRUST_PROXY (Fastify on loopback)', () => {
  const apps: FastifyInstance[] = [];
  after(() => Promise.all(apps.map((app) => app.close())));

  /** The address Fastify takes for the client of one request with `xff` as its X-Forwarded-For. */
  async function ipSeen(trust: TrustProxy, xff?: string): Promise<string> {
    const app = Fastify({ trustProxy: trustProxyOption(trust) });
    apps.push(app);
    app.get('/ip', async (req) => ({ ip: req.ip }));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${url}/ip`, { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });
    return ((await res.json()) as { ip: string }).ip;
  }

  it('a hop count takes the entry that many hops from the right; without the header, the peer', async () => {
    assert.equal(await ipSeen({ kind: 'hops', hops: 1 }, '198.51.100.1, 203.0.113.7'), '203.0.113.7');
    assert.equal(await ipSeen({ kind: 'hops', hops: 2 }, '198.51.100.1, 203.0.113.7, 10.0.0.2'), '203.0.113.7');
    assert.equal(await ipSeen({ kind: 'hops', hops: 1 }), '127.0.0.1');
  });

  it('an address list believes listed proxies only, wherever they stand', async () => {
    const list: TrustProxy = { kind: 'addresses', addresses: ['127.0.0.1', '10.0.0.0/8'] };
    assert.equal(await ipSeen(list, '198.51.100.1, 10.1.2.3'), '198.51.100.1', 'a listed proxy vouches for the entry left of it');
    assert.equal(await ipSeen(list, '198.51.100.1, 203.0.113.9'), '203.0.113.9', 'an unlisted hop is the client');
    assert.equal(await ipSeen({ kind: 'addresses', addresses: ['10.0.0.1'] }, '198.51.100.1'), '127.0.0.1', 'an unlisted peer is the client');
  });

  it('nobody trusted: the peer, whatever the header says', async () => {
    assert.equal(await ipSeen({ kind: 'none' }, '198.51.100.1'), '127.0.0.1');
  });
});

/** `n` distinct documentation addresses (198.51.100.0/24) for the spoofed, left-most entries. */
const spoofed = (n: number): string => `198.51.100.${n}`;

/** A free route (rate limited per client per minute) with the given X-Forwarded-For, or none. */
function freeCall(service: TestService, xff?: string): Promise<number> {
  return fetch(`${service.url}/llms.txt`, { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
}

/** `LIMIT + 2` free calls, the left-most X-Forwarded-For entry new on each: their statuses. */
async function rotateLeftMost(service: TestService, rest: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= LIMIT + 2; i++) statuses.push(await freeCall(service, rest === '' ? spoofed(i) : `${spoofed(i)}, ${rest}`));
  return statuses;
}

const LIMITED = [...Array<number>(LIMIT).fill(200), 429, 429];

describe('TRUST_PROXY=1: the right-most X-Forwarded-For entry is the client', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: NOW }, { TRUST_PROXY: '1', FREE_ROUTE_LIMIT_PER_MINUTE: String(LIMIT), DEMO_LIMIT_PER_HOUR: '1' });
  });
  after(() => service.close());

  it('rotating a spoofed left-most entry does not escape the free-route limit', async () => {
    assert.deepEqual(await rotateLeftMost(service, '203.0.113.7'), LIMITED);
    assert.equal(await freeCall(service, '203.0.113.8'), 200, 'another right-most entry is another client');
    assert.equal(await freeCall(service), 200, 'the loopback peer itself was never counted');
  });

  it('nor the demo limit', async () => {
    const demo = (xff: string) => fetch(`${service.url}/demo/enrich`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
      body: JSON.stringify({ address: 'FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU' }),
    });
    assert.equal((await demo(`${spoofed(50)}, 203.0.113.20`)).status, 200);
    const again = await demo(`${spoofed(51)}, 203.0.113.20`);
    assert.equal(again.status, 429);
    assert.equal(((await again.json()) as { error: { code: string } }).error.code, 'rate_limited');
    assert.equal((await demo('203.0.113.21')).status, 200, 'another client still has its demo call');
  });
});

describe('TRUST_PROXY as an address list: only listed proxies are believed', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: NOW }, { TRUST_PROXY: '127.0.0.1,10.0.0.0/8', FREE_ROUTE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  after(() => service.close());

  it('behind an unlisted hop, the left-most entries are the unlisted hop\'s word: they do not escape', async () => {
    assert.deepEqual(await rotateLeftMost(service, '203.0.113.9'), LIMITED);
    assert.equal(await freeCall(service), 200, 'the client was 203.0.113.9, not the loopback peer');
  });

  it('behind a listed proxy, the entry it vouches for is the client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push(await freeCall(service, `${spoofed(100 + i)}, 10.1.2.3`));
    assert.deepEqual(statuses, Array<number>(LIMIT + 1).fill(200), 'each entry left of a listed proxy is its own client');
  });
});

describe('TRUST_PROXY listing other proxies: a direct caller cannot name itself', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: NOW }, { TRUST_PROXY: '10.0.0.1', FREE_ROUTE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  after(() => service.close());

  it('the loopback peer is not listed: its X-Forwarded-For is ignored', async () => {
    assert.deepEqual(await rotateLeftMost(service, ''), LIMITED);
    assert.equal(await freeCall(service), 429, 'every call counted against the peer');
  });
});

describe('TRUST_PROXY unset: X-Forwarded-For is ignored', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: NOW }, { FREE_ROUTE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  after(() => service.close());

  it('rotating the whole header does not escape the limit', async () => {
    assert.deepEqual(await rotateLeftMost(service, ''), LIMITED);
    assert.equal(await freeCall(service, '203.0.113.7, 203.0.113.8'), 429);
    assert.equal(await freeCall(service), 429, 'every call counted against the peer');
  });
});

describe('TRUST_PROXY=true at start-up', () => {
  it('npm start refuses it with the message, before serving anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oea-trust-proxy-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env: { ...process.env, TRUST_PROXY: 'true', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      // Only a guard against a service that wrongly started and serves forever; not a timing verdict.
      const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
      clearTimeout(guard);
      assert.notEqual(code, 0, 'the process must not start');
      assert.notEqual(code, null, 'the process exited by itself (not killed by the guard)');
      assert.match(stderr, REFUSED_TRUE);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
