/**
 * `npm run soak`: the service under steady mixed traffic for a while, watching that it neither errs nor
 * grows. The service runs as its own process (src/main.ts, sandbox mode, joined to sandbox chains hosted
 * here), so the load generator's memory is not counted as the service's; test/helpers/memory-probe.ts
 * reports the service's resident memory after a forced GC on SIGUSR2.
 *
 * Traffic, open loop at SOAK_RPS (requests start on schedule whether or not earlier ones finished), in a
 * fixed 20-slot cycle: free routes (status, OpenAPI, llms.txt, liveness, the free endpoint) 30 %, unpaid calls
 * answered 402 25 %, paid calls with payments signed ahead of time (x402 v2 on Base, EIP-3009) 15 %, MCP
 * (ping, an unpaid tool call, tools/list) 30 %. Every request has one expected status; anything else, and
 * every 5xx, is an error.
 *
 * Every minute (or once, for runs shorter than a minute): throughput, error rate, p50/p99 latency, resident
 * memory. Memory is sampled every SOAK_SAMPLE_S; the verdict is the least-squares slope of the samples after
 * the first minute (warm-up: lazy compilation, caches and the heap reaching their working size). Exit 1 when
 * that slope exceeds SOAK_MAX_SLOPE_MB_PER_MIN (default 2 MB/min: a leak of a few hundred bytes per request at
 * 50 rps; allocator noise after a forced GC stays well under it) or the error rate exceeds SOAK_MAX_ERROR_RATE
 * (default 0.01). Runs with fewer than 3 samples after the warm-up give no memory verdict.
 *
 * Environment: SOAK_RPS (50), SOAK_MINUTES (10; fractions allowed), SOAK_SAMPLE_S (10),
 * SOAK_MAX_SLOPE_MB_PER_MIN (2), SOAK_MAX_ERROR_RATE (0.01).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startBaseSandbox } from '../src/sandbox/base/index.js';
import { startSolanaSandbox } from '../src/sandbox/solana/index.js';
import { CAST_ADDRESS } from '../src/sandbox/world/cast.js';

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return v;
}

const RPS = num('SOAK_RPS', 50);
const DURATION_S = num('SOAK_MINUTES', 10) * 60;
const SAMPLE_S = num('SOAK_SAMPLE_S', 10);
const MAX_SLOPE = num('SOAK_MAX_SLOPE_MB_PER_MIN', 2);
const MAX_ERROR_RATE = num('SOAK_MAX_ERROR_RATE', 0.01);
const REPORT_S = Math.min(60, DURATION_S);
const WARM_UP_S = 60;
/** Requests in flight beyond this are not started (counted as errors): the generator must not queue without bound. */
const MAX_IN_FLIGHT = 1000;
const PAID_KEY = 'enrich-wallet-light';
const WALLET = CAST_ADDRESS.WALLET_DEFI;
const MB = 1024 * 1024;

const log = (line: string) => process.stdout.write(`[soak] ${line}\n`);

type Kind = 'free' | 'unpaid' | 'paid' | 'mcp';
interface Shot {
  kind: Kind;
  expect: number;
  send(base: string): Promise<Response>;
}

const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit =>
  ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const mcp = (message: unknown) => (base: string) =>
  fetch(`${base}/mcp`, jsonPost(message, { accept: 'application/json, text/event-stream' }));

/** Payments signed ahead of the traffic (signing is the client's cost, not the service's). */
class PaymentPool {
  private readonly ready: string[] = [];
  private readonly client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));
  signed = 0;
  starved = 0;
  constructor(private readonly challenge: string) {}

  /** Keeps `target` payments ready; each is valid for the challenge's timeout, so they are signed shortly before use. */
  async fill(target: number): Promise<void> {
    const required = decodePaymentRequiredHeader(this.challenge);
    while (this.ready.length < target) {
      this.ready.push(encodePaymentSignatureHeader(await this.client.createPaymentPayload(required)));
      this.signed++;
    }
  }

  take(): string | undefined {
    const p = this.ready.shift();
    if (p === undefined) this.starved++;
    return p;
  }
}

function cycle(pool: PaymentPool): Shot[] {
  const get = (path: string): Shot => ({ kind: 'free', expect: 200, send: (b) => fetch(`${b}${path}`) });
  const unpaid: Shot = { kind: 'unpaid', expect: 402, send: (b) => fetch(`${b}/entrypoints/${PAID_KEY}/invoke`, jsonPost({ address: WALLET })) };
  const unpaidToken: Shot = { kind: 'unpaid', expect: 402, send: (b) => fetch(`${b}/entrypoints/enrich-token-light/invoke`, jsonPost({ mint: CAST_ADDRESS.TOKEN_SAFE })) };
  const paid: Shot = {
    kind: 'paid', expect: 200,
    send: (b) => {
      const payment = pool.take();
      // Starved: sent unpaid, so it answers 402 and counts as an error (the pool must keep up).
      return fetch(`${b}/entrypoints/${PAID_KEY}/invoke`, jsonPost({ address: WALLET }, payment ? { 'PAYMENT-SIGNATURE': payment } : {}));
    },
  };
  const ping: Shot = { kind: 'mcp', expect: 200, send: mcp({ jsonrpc: '2.0', id: 1, method: 'ping' }) };
  const tool: Shot = { kind: 'mcp', expect: 200, send: mcp({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: PAID_KEY, arguments: { address: WALLET } } }) };
  const list: Shot = { kind: 'mcp', expect: 200, send: mcp({ jsonrpc: '2.0', id: 3, method: 'tools/list' }) };
  const free: Shot = { kind: 'free', expect: 200, send: (b) => fetch(`${b}/entrypoints/launchpad-pairs/invoke`, jsonPost({})) };
  return [
    get('/status'), unpaid, ping, paid, get('/status/live'), tool, unpaidToken, free, ping, paid,
    get('/llms.txt'), unpaid, tool, get('/openapi.json'), unpaidToken, paid, ping, get('/status'), list, unpaid,
  ];
}

interface Window {
  done: number;
  errors: number;
  serverErrors: number;
  latencies: number[];
  byKind: Record<Kind, number>;
  latencyByKind: Record<Kind, number[]>;
  unexpected: Map<string, number>;
}
const newWindow = (): Window => ({ done: 0, errors: 0, serverErrors: 0, latencies: [], byKind: { free: 0, unpaid: 0, paid: 0, mcp: 0 }, latencyByKind: { free: [], unpaid: [], paid: [], mcp: [] }, unexpected: new Map() });

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

async function main(): Promise<number> {
  const began = performance.now();
  const [solana, base] = await Promise.all([startSolanaSandbox({ host: '127.0.0.1' }), startBaseSandbox({ host: '127.0.0.1' })]);
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-soak-'));
  const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', './test/helpers/memory-probe.ts', 'src/main.ts'], {
    env: {
      ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_MODE: 'sandbox', LOG_LEVEL: 'info', DATA_DIR: dataDir, JOBS_ENABLED: 'false',
      SANDBOX_SOLANA_RPC_URL: solana.url, SANDBOX_BASE_RPC_URL: base.url, ...(solana.wsUrl ? { SANDBOX_SOLANA_WS_URL: solana.wsUrl } : {}),
      // One client at 50 rps is far past the per-client free-route limit meant for anonymous callers.
      FREE_ROUTE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (c: Buffer) => { stderr = (stderr + c.toString()).slice(-4000); });
  const exited = new Promise<number | string | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
  // One waiter per SIGUSR2 sent; the probe prints one line per signal, in order.
  const probeWaiters: ((m: { rss: number; heapUsed: number }) => void)[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in 60 s: ${stderr}`)), 60_000);
    void exited.then((code) => reject(new Error(`service exited (${code}): ${stderr}`)));
    createInterface({ input: proc.stdout }).on('line', (line) => {
      let entry: { msg?: string; url?: string; rss?: number; heapUsed?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      if (entry.msg === 'onchain enrichment api listening' && entry.url) {
        clearTimeout(timer);
        resolve(entry.url);
      }
      if (entry.msg === 'memory probe') probeWaiters.shift()?.({ rss: entry.rss ?? 0, heapUsed: entry.heapUsed ?? 0 });
    });
  });
  const probe = () => new Promise<{ rss: number; heapUsed: number }>((resolve) => {
    probeWaiters.push(resolve);
    proc.kill('SIGUSR2');
  });

  try {
    const challengeRes = await fetch(`${url}/entrypoints/${PAID_KEY}/invoke`, jsonPost({ address: WALLET }));
    const challenge = challengeRes.headers.get('payment-required');
    if (challengeRes.status !== 402 || !challenge) throw new Error(`no x402 challenge from ${PAID_KEY}: ${challengeRes.status}`);
    const pool = new PaymentPool(challenge);
    const shots = cycle(pool);
    const paidPerSecond = RPS * (shots.filter((s) => s.kind === 'paid').length / shots.length);
    // 15 s of payments ahead: enough to ride out a slow signing moment, short against the authorization's validity.
    const poolTarget = Math.max(10, Math.ceil(paidPerSecond * Math.min(15, DURATION_S)));
    await pool.fill(poolTarget);
    log(`service ${url} (pid ${proc.pid}) ready in ${((performance.now() - began) / 1000).toFixed(1)} s; ${RPS} rps for ${(DURATION_S / 60).toFixed(2)} min; paid ${paidPerSecond.toFixed(1)}/s with ${poolTarget} payments signed ahead`);

    const total = newWindow();
    let window = newWindow();
    let inFlight = 0;
    let sent = 0;
    /** inFlight: requests open when the sample was taken — a backlog (a starved service) holds memory too. */
    const samples: { t: number; rss: number; heapUsed: number; inFlight: number }[] = [];
    const start = performance.now();
    const elapsedS = () => (performance.now() - start) / 1000;

    const fire = (shot: Shot) => {
      const w = window;
      if (inFlight >= MAX_IN_FLIGHT) {
        for (const acc of [w, total]) { acc.done++; acc.errors++; acc.unexpected.set('not sent (in-flight cap)', (acc.unexpected.get('not sent (in-flight cap)') ?? 0) + 1); }
        return;
      }
      inFlight++;
      const t0 = performance.now();
      void shot.send(url).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      }, () => 0).then((status) => {
        inFlight--;
        const ms = performance.now() - t0;
        for (const acc of [w, total]) {
          acc.done++;
          acc.byKind[shot.kind]++;
          acc.latencies.push(ms);
          acc.latencyByKind[shot.kind].push(ms);
          if (status >= 500) acc.serverErrors++;
          if (status !== shot.expect) {
            acc.errors++;
            const label = `${shot.kind} ${status === 0 ? 'network error' : status}`;
            acc.unexpected.set(label, (acc.unexpected.get(label) ?? 0) + 1);
          }
        }
      });
    };

    // Probes are not awaited by the traffic loop: the service's GC pause shows in latency, the generator's wait must not.
    const sample = async () => {
      const t = elapsedS();
      const open = inFlight;
      const mem = await probe();
      samples.push({ t, rss: mem.rss, heapUsed: mem.heapUsed, inFlight: open });
      return mem;
    };
    const report = async (label: string, w: Window, seconds: number) => {
      const mem = await sample();
      const sorted = [...w.latencies].sort((a, b) => a - b);
      const unexpected = [...w.unexpected].map(([k, v]) => `${k}×${v}`).join(', ');
      log(`${label}: ${w.done} req (${(w.done / seconds).toFixed(1)}/s), errors ${w.errors} (${((w.errors / Math.max(1, w.done)) * 100).toFixed(2)} %, 5xx ${w.serverErrors})` +
        `, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, rss ${(mem.rss / MB).toFixed(1)} MB, heap ${(mem.heapUsed / MB).toFixed(1)} MB, in flight ${inFlight}` +
        ` | ${(['free', 'unpaid', 'paid', 'mcp'] as const).map((k) => `${k} ${w.byKind[k]} (p99 ${percentile([...w.latencyByKind[k]].sort((a, b) => a - b), 99).toFixed(0)} ms)`).join(', ')}${unexpected ? ` | unexpected: ${unexpected}` : ''}`);
    };

    let nextSample = SAMPLE_S;
    let nextReport = REPORT_S;
    let minute = 0;
    let refilling = false;
    const pending: Promise<unknown>[] = [];
    while (elapsedS() < DURATION_S) {
      const due = Math.floor(elapsedS() * RPS);
      while (sent < due) fire(shots[sent++ % shots.length]!);
      if (!refilling) {
        refilling = true;
        void pool.fill(poolTarget).finally(() => { refilling = false; });
      }
      const now = elapsedS();
      if (now >= nextReport) {
        minute++;
        const w = window;
        window = newWindow();
        pending.push(report(REPORT_S === 60 ? `minute ${minute}` : `${REPORT_S.toFixed(0)} s`, w, REPORT_S));
        nextReport += REPORT_S;
        nextSample = now + SAMPLE_S;
      } else if (now >= nextSample) {
        pending.push(sample());
        nextSample += SAMPLE_S;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    // Let the last requests finish before the totals.
    const drainUntil = performance.now() + 15_000;
    while (inFlight > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
    // The window cut short by the end of the run (or the only one, for runs under a minute).
    const reported = minute * REPORT_S;
    if (window.done > 0 && DURATION_S - reported > 0.5) {
      const rest = DURATION_S - reported;
      const label = REPORT_S < 60 ? `${rest.toFixed(0)} s` : rest > REPORT_S - 0.5 ? `minute ${minute + 1}` : `minute ${minute + 1} (${rest.toFixed(0)} s)`;
      pending.push(report(label, window, rest));
    }
    await Promise.all(pending);
    samples.sort((a, b) => a.t - b.t);

    const sorted = [...total.latencies].sort((a, b) => a - b);
    const errorRate = total.errors / Math.max(1, total.done);
    log(`total: ${total.done} req in ${DURATION_S.toFixed(0)} s (${(total.done / DURATION_S).toFixed(1)}/s), errors ${total.errors} (${(errorRate * 100).toFixed(2)} %, 5xx ${total.serverErrors}), ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; payments signed ${pool.signed}, pool starved ${pool.starved}`);

    const steady = samples.filter((s) => s.t >= WARM_UP_S);
    let memoryOk = true;
    if (steady.length < 3) {
      log(`verdict: memory — not enough samples after the ${WARM_UP_S} s warm-up (${steady.length}; need 3), no trend computed`);
    } else {
      const rssSlope = slope(steady.map((s) => ({ x: s.t / 60, y: s.rss / MB })));
      const heapSlope = slope(steady.map((s) => ({ x: s.t / 60, y: s.heapUsed / MB })));
      memoryOk = rssSlope <= MAX_SLOPE;
      log(`verdict: memory — rss slope ${rssSlope >= 0 ? '+' : ''}${rssSlope.toFixed(2)} MB/min (heap ${heapSlope >= 0 ? '+' : ''}${heapSlope.toFixed(2)} MB/min) over ${steady.length} samples after the warm-up (in flight at them: max ${Math.max(...steady.map((s) => s.inFlight))}), ` +
        `limit +${MAX_SLOPE} MB/min: ${memoryOk ? 'PASS' : 'FAIL'}`);
    }
    const errorsOk = errorRate <= MAX_ERROR_RATE;
    log(`verdict: errors — ${(errorRate * 100).toFixed(2)} % (limit ${(MAX_ERROR_RATE * 100).toFixed(2)} %): ${errorsOk ? 'PASS' : 'FAIL'}`);
    log(`result: ${memoryOk && errorsOk ? 'PASS' : 'FAIL'}`);
    return memoryOk && errorsOk ? 0 : 1;
  } finally {
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    await Promise.all([solana.close(), base.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  log(`failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  process.exit(2);
});
