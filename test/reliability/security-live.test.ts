/**
 * Security in LIVE mode (docs/reliability.md): the real `src/main.ts` runs as a child process (its own pino logger on
 * stdout, read here line by line) with distinctive secrets for every credential it takes, its source URLs
 * pointing at loopback upstreams and its facilitator at a loopback fake (test/reliability/security-fakes.ts).
 *
 * 1. Facilitator down, upstreams failing: every failure echoes the request's URL and headers — keys
 *    included — and a stack trace in its body. Free routes, unpaid and paid calls, demo and MCP run.
 * 2. Facilitator approving (settlement failing with the echo), upstreams failing: every implemented
 *    endpoint is called paid with its example input, so every handler meets the echoing failures.
 * 3. Facilitator approving, upstreams forwarding to the sandbox providers: every free-text input of every
 *    endpoint is sent hostile values; the URLs the upstreams receive must show them escaped (or the call
 *    refuses the input).
 * Then every response body and header, and every line the service printed, is grepped for every secret
 * (0 hits), and responses for stack traces (0). A start-up with a PostgreSQL password that fails to connect
 * is checked the same way.
 *
 * The child runs on real time. Its upstreams and facilitator answer at once (failing or forwarding), so its
 * source and answer budgets are set far above anything a call takes: what a call answers (a 502 for a failing
 * upstream, say) never turns into a timeout on a slow machine. Start-up and exits are waited for as events,
 * without time limits of their own (docs/testing.md).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import type { RegisteredEndpoint } from '../../src/registry/index.js';
import { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import { startSandboxProviders, type SandboxProviders } from '../../src/sandbox/providers/index.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { createSandboxWorld } from '../../src/sandbox/world/index.js';
import { CAST_ADDRESS } from '../../src/sandbox/world/cast.js';
import { checkSecurityHeaders } from './security-headers.js';
import { startFakeFacilitator, startUpstreams, type FakeFacilitator, type Upstreams } from './security-fakes.js';

const SECRETS = {
  HELIUS_API_KEY: 'heliusSECRETk3y1',
  JUPITER_API_KEY: 'jupSECRETk3y2',
  FACILITATOR_AUTH: 'facSECRETt0ken3',
  STRIPE_SECRET_KEY: 'sk_test_stripeSECRET4',
  MPP_SECRET_KEY: 'mppSECRETk3y5mppSECRETk3y5mppSECRETk3y5',
  SOLANA_RPC_URL_KEY: 'rpcSECRETk3y6',
  FACILITATOR_SOLANA_KEY: '5ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7',
  FACILITATOR_BASE_KEY: '0xbadc0ffee0ddf00dbadc0ffee0ddf00dbadc0ffee0ddf00dbadc0ffee0ddf00d',
} as const;
const PG_PASSWORD = 'pgSECRETpw7';

/** Values a free-text input might carry to smuggle a path, a query, a fragment or a header upstream. */
const HOSTILE = ['a/../b?x=1#f&y=%2F', '..%2F..%2Fadmin\r\nX-Injected: 1 ☃'];

/** Source URL variables (docs/configuration.md) → the sandbox provider each upstream forwards to. */
function targets(p: SandboxProviders): Record<string, string> {
  const u = p.urls;
  return {
    HELIUS_RPC_URL: u.heliusRpc, HELIUS_API_URL: u.heliusApi, DEXSCREENER_URL: u.dexscreener, JUPITER_URL: u.jupiter,
    DEFILLAMA_URL: u.defillamaApi, DEFILLAMA_YIELDS_URL: u.defillamaYields, DEFILLAMA_COINS_URL: u.defillamaCoins,
    SOLANA_RPC_URL: u.solanaRpc, PERPS_RPC_URL: u.perpsVenueARpc, HYPERLIQUID_URL: u.hyperliquidApi,
    HYPERLIQUID_STATS_URL: u.hyperliquidStats, DYDX_INDEXER_URL: u.dydxIndexer, CARD_PACKS_URL: u.cardPacks, LAUNCHPAD_URL: u.launchpad,
  };
}

interface Child {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** 10 minutes: a backstop no call here comes near (the upstreams and the facilitator answer at once). */
const BUDGET_MS = String(10 * 60_000);

/**
 * `src/main.ts` in its own process; everything it prints (stdout and stderr) is kept. Ready once it logs that
 * it listens, however long that takes (or failed, if it exits first).
 */
function spawnService(env: Record<string, string>, waitForListening = true): Promise<Child & { exited: Promise<number | string | null> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => { out += c.toString(); });
  proc.stderr.on('data', (c: Buffer) => { out += c.toString(); });
  const exited = new Promise<number | string | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
  const child = {
    url: '',
    output: () => out,
    exited,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        // Clean-up only (the exit code decides nothing): a wedged child is killed rather than left behind.
        const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
  if (!waitForListening) return Promise.resolve(child);
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const m = /"msg":"onchain enrichment api listening".*?"url":"([^"]+)"|"url":"([^"]+)"[^\n]*"msg":"onchain enrichment api listening"/.exec(out);
      if (m) {
        clearInterval(poll);
        child.url = (m[1] ?? m[2])!;
        resolve(child);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      reject(new Error(`service exited (${code}): ${out.slice(-2000)}`));
    });
  });
}

/** Every response the suite received, as text: status line, headers and body. */
const transcript: string[] = [];
/** Status and headers of every response, for the security-header check on live-mode errors (500, 502, 503...). */
const answers: { url: string; status: number; headers: Headers }[] = [];

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(url, init);
  const text = await res.text();
  answers.push({ url, status: res.status, headers: res.headers });
  transcript.push(`${res.status} ${url}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${text}`);
  return { status: res.status, headers: res.headers, text };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A payment the fake facilitator approves: a real EIP-3009 signature from a throwaway key. */
const payClient = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));

async function paid(base: string, endpoint: RegisteredEndpoint, input: unknown): Promise<{ status: number; text: string; challenge: number }> {
  const first = await post(`${base}${endpoint.path}`, input);
  const header = first.headers.get('payment-required');
  if (first.status !== 402 || !header) return { status: first.status, text: first.text, challenge: first.status };
  const payload = await payClient.createPaymentPayload(decodePaymentRequiredHeader(header));
  const second = await post(`${base}${endpoint.path}`, input, { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) });
  return { status: second.status, text: second.text, challenge: 402 };
}

type Schema = { type?: string; enum?: unknown; pattern?: string; format?: string; const?: unknown; items?: Schema; anyOf?: Schema[] };

/** A string field whose value the schema does not pin down (no enum, pattern, format): free text. */
function freeText(schema: Schema | undefined): 'string' | 'array' | undefined {
  if (!schema) return undefined;
  if (schema.anyOf) return schema.anyOf.map(freeText).find((k) => k !== undefined);
  if (schema.type === 'string' && schema.enum === undefined && schema.pattern === undefined && schema.format === undefined && schema.const === undefined) return 'string';
  if (schema.type === 'array' && freeText(schema.items) === 'string') return 'array';
  return undefined;
}

function secretHits(text: string): Record<string, number> {
  const hits: Record<string, number> = {};
  const all: [string, string][] = [...Object.entries(SECRETS), ['PG_PASSWORD', PG_PASSWORD]];
  for (const [name, secret] of all) {
    const n = text.split(secret).length - 1;
    if (n > 0) hits[name] = n;
  }
  return hits;
}

/** Where the first secret shows, with some context (for the failure message). */
function firstHit(text: string): string {
  const all = [...Object.values(SECRETS), PG_PASSWORD];
  const at = Math.min(...all.map((s) => text.indexOf(s)).filter((i) => i >= 0));
  return Number.isFinite(at) ? text.slice(Math.max(0, at - 300), at + 100) : '';
}

const STACK = /\n\s+at [^\n]*[:(][^\n]*\d+:\d+/;

describe('security in live mode: secrets, stack traces, free strings upstream', () => {
  const registry = buildServiceRegistry();
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-security-live-'));
  const ids = deriveSandboxIdentities('security-live');
  let providers: SandboxProviders;
  let upstreams: Upstreams;
  let facilitator: FakeFacilitator;
  let service: Child;

  before(async () => {
    providers = await startSandboxProviders(createSandboxWorld('onchain-enrichment-sandbox'), () => new Date(), new FaultController());
    upstreams = await startUpstreams(targets(providers));
    upstreams.mode = 'fail';
    facilitator = await startFakeFacilitator(ids.payToSolana);
    service = await spawnService({
      DATA_MODE: 'live', LOG_LEVEL: 'debug', DATA_DIR: dataDir, JOBS_ENABLED: 'false',
      PAY_TO_SOLANA: ids.payToSolana, PAY_TO_BASE: ids.payToBase,
      FACILITATOR_URL: facilitator.url, FACILITATOR_AUTH_HEADER: `Authorization: Bearer ${SECRETS.FACILITATOR_AUTH}`,
      FACILITATOR_SOLANA_KEY: SECRETS.FACILITATOR_SOLANA_KEY, FACILITATOR_BASE_KEY: SECRETS.FACILITATOR_BASE_KEY,
      HELIUS_API_KEY: SECRETS.HELIUS_API_KEY, JUPITER_API_KEY: SECRETS.JUPITER_API_KEY,
      STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY, MPP_SECRET_KEY: SECRETS.MPP_SECRET_KEY,
      ...upstreams.env,
      // An RPC URL with its key in the query, as the big RPC providers hand them out.
      SOLANA_RPC_URL: `${upstreams.env.SOLANA_RPC_URL}/?api-key=${SECRETS.SOLANA_RPC_URL_KEY}`,
      SOURCE_TIMEOUT_MS: BUDGET_MS, ANSWER_DEADLINE_MS: BUDGET_MS, SOURCE_RETRIES: '1', DEMO_LIMIT_PER_HOUR: '1000', FREE_ROUTE_LIMIT_PER_MINUTE: '100000',
    });
  });
  after(async () => {
    await service?.stop();
    await upstreams?.close();
    await facilitator?.close();
    await providers?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('facilitator down, upstreams echoing keys: free routes, unpaid and paid calls, demo and MCP leak nothing', async (t) => {
    const base = service.url;
    const status = await call(`${base}/status`);
    assert.equal(status.status, 200);
    assert.equal(JSON.parse(status.text).components.facilitator.ok, false);
    const key = 'enrich-wallet-light';
    const unpaid = await post(`${base}/entrypoints/${key}/invoke`, { address: CAST_ADDRESS.WALLET_DEFI });
    assert.equal(unpaid.status, 503);
    const forged = await post(`${base}/entrypoints/${key}/invoke`, { address: CAST_ADDRESS.WALLET_DEFI }, { 'PAYMENT-SIGNATURE': Buffer.from('{"x402Version":2}').toString('base64') });
    assert.equal(forged.status, 503);
    const demo = await post(`${base}/demo/enrich`, { address: CAST_ADDRESS.WALLET_DEFI });
    assert.equal(demo.status, 502, `demo ${demo.status}: the chain RPC failing is an upstream failure`);
    const free = await post(`${base}/entrypoints/launchpad-pairs/invoke`, {});
    const mcp = await post(`${base}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'launchpad-pairs', arguments: {} } }, { accept: 'application/json, text/event-stream' });
    assert.equal(mcp.status, 200);
    t.diagnostic(`facilitator calls ${facilitator.calls.length}, upstream requests ${upstreams.seen.length}; free launchpad-pairs ${free.status}, demo ${demo.status}, MCP ${mcp.status}`);
    assert.ok(facilitator.calls.every((c) => c.authorization === `Bearer ${SECRETS.FACILITATOR_AUTH}`), 'the facilitator got its credential');
    assert.ok(upstreams.seen.length > 0, 'the upstreams were reached');
  });

  it('facilitator approving, upstreams echoing keys: every implemented endpoint, paid, answers without leaking', async (t) => {
    facilitator.mode = 'approve';
    const statuses = new Map<number, number>();
    const implemented = registry.list.filter((e) => e.implemented && e.priceAtomic !== null);
    for (const endpoint of implemented) {
      const r = await paid(service.url, endpoint, endpoint.def.example);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      assert.ok(r.status < 500 || [501, 502, 503, 504].includes(r.status), `${endpoint.def.key} → ${r.status}: ${r.text.slice(0, 300)}`);
    }
    t.diagnostic(`paid calls against failing upstreams: ${implemented.length}; statuses ${JSON.stringify(Object.fromEntries(statuses))}; upstream requests so far ${upstreams.seen.length}`);
    assert.ok(facilitator.calls.some((c) => c.path.endsWith('/verify')), 'payments reached verification');
  });

  it('free-text inputs reach upstream URLs escaped, or are refused', async (t) => {
    upstreams.mode = 'proxy';
    const seenBefore = upstreams.seen.length;
    let tried = 0;
    let refused = 0;
    let carried = 0;
    const bad: string[] = [];
    const fields: string[] = [];
    for (const endpoint of registry.list.filter((e) => e.implemented)) {
      const props = endpoint.inputSchema.properties as Record<string, Schema>;
      for (const [field, schema] of Object.entries(props)) {
        const kind = freeText(schema);
        if (!kind) continue;
        fields.push(`${endpoint.def.key}.${field}`);
        for (const value of HOSTILE) {
          tried++;
          const input = { ...(endpoint.def.example as Record<string, unknown>), [field]: kind === 'array' ? [value] : value };
          const from = upstreams.seen.length;
          const r = endpoint.priceAtomic === null ? await post(`${service.url}${endpoint.path}`, input) : await paid(service.url, endpoint, input);
          if (r.status === 400) refused++;
          for (const seen of upstreams.seen.slice(from)) {
            const raw = seen.url;
            const url = new URL(raw, 'http://upstream');
            const segments = url.pathname.split('/').map((s) => decodeURIComponent(s));
            if (raw.includes(value) || raw.includes('#') || raw.includes('/../') || segments.includes('..') || Object.keys(seen.headers).includes('x-injected')) {
              bad.push(`${endpoint.def.key}.${field}=${JSON.stringify(value)} → ${seen.name} ${raw}`);
            }
            if (segments.includes(value) || [...url.searchParams.values()].some((v) => v.split(',').includes(value))) carried++;
          }
        }
      }
    }
    t.diagnostic(`free-text fields: ${fields.join(', ')}`);
    t.diagnostic(`free-text values tried ${tried}: refused 400 ${refused}, carried upstream escaped ${carried} times, unescaped ${bad.length}`);
    t.diagnostic(`upstream requests during the free-text calls: ${upstreams.seen.length - seenBefore}`);
    assert.ok(tried >= 4, 'protocol, machine, question... were found');
    assert.ok(upstreams.seen.length > seenBefore, 'the calls reached the (recording) upstreams');
    assert.deepEqual(bad, []);
  });

  it('no response carries a provider or payment-provider secret or a stack trace; no log line carries such a secret', async (t) => {
    const responses = transcript.join('\n');
    const logs = service.output();
    const inResponses = secretHits(responses);
    const inLogs = secretHits(logs);
    const stacksInResponses = transcript.filter((r) => STACK.test(r)).length;
    const stacksInLogs = logs.split('\n').filter((l) => STACK.test(l.replace(/\\n/g, '\n'))).length;
    t.diagnostic(`responses checked ${transcript.length} (${(responses.length / 1024).toFixed(0)} KiB), log lines ${logs.split('\n').length}; ` +
      `secret hits in responses ${JSON.stringify(inResponses)}, in logs ${JSON.stringify(inLogs)}; stack traces in responses ${stacksInResponses}, in log lines ${stacksInLogs}`);
    const { FACILITATOR_AUTH: _r, ...othersInResponses } = inResponses;
    const { FACILITATOR_AUTH: _l, ...othersInLogs } = inLogs;
    assert.deepEqual(othersInResponses, {}, firstHit(responses));
    assert.equal(stacksInResponses, 0);
    assert.deepEqual(othersInLogs, {}, firstHit(logs));
    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    const missing = answers.map((a) => ({ ...a, check: checkSecurityHeaders(a.status, a.headers) })).filter((a) => !a.check.ok);
    t.diagnostic(`security headers checked on statuses ${statuses.join(', ')}: missing on ${missing.length}`);
    assert.deepEqual(missing.map((m) => `${m.status} ${m.url}: ${m.check.problems.join('; ')}`), []);
  });

  // @x402/core's HTTPFacilitatorClient puts the facilitator's error body in its error message; the remote
  // client (src/payments/facilitator/index.ts) drops it, so an echoing facilitator cannot expose the header.
  it('the facilitator credential echoed by a failing facilitator reaches no response and no log', () => {
    assert.equal(secretHits(transcript.join('\n')).FACILITATOR_AUTH, undefined, firstHit(transcript.join('\n')));
    assert.equal(secretHits(service.output()).FACILITATOR_AUTH, undefined, firstHit(service.output()));
  });

  it('a PostgreSQL password in DATABASE_URL stays out of the output when the database cannot be reached', async (t) => {
    const child = await spawnService({
      DATA_MODE: 'live', LOG_LEVEL: 'debug', JOBS_ENABLED: 'false', PAY_TO_SOLANA: ids.payToSolana, PAY_TO_BASE: ids.payToBase,
      FACILITATOR_URL: facilitator.url, DATABASE_URL: `postgres://oea:${PG_PASSWORD}@127.0.0.1:1/oea`,
    }, false);
    // The refused connection ends the start-up: waited for, however long it takes.
    const code = await child.exited;
    const output = child.output();
    t.diagnostic(`start-up with an unreachable database exited ${code}; ${output.length} bytes of output, secret hits ${JSON.stringify(secretHits(output))}`);
    assert.ok(typeof code === 'number' && code !== 0, `the start-up failed by itself (exit ${code})`);
    assert.deepEqual(secretHits(output), {});
  });
});
