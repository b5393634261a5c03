/**
 * Resident memory after 60 s of mixed load (target ≤ 250 MB). The service runs as its own process
 * (`node --import tsx src/main.ts`, as the Docker image runs it: test/scale/instances.ts `startInstance`),
 * so the load generator's allocations here are not counted. It joins sandbox chains hosted by this
 * process (as a deployment's chains live elsewhere), and keeps its data providers and their world in-process.
 *
 * Load, 60 s: free calls (launchpad-pairs, /llms.txt, /openapi.json, the demo), unpaid calls answered 402
 * (paid endpoints, rotating subjects, some with invalid input), MCP (tools/call unpaid, tools/list, ping),
 * and a paid caller (real x402 v2 payments on the sandbox Base chain, rotating endpoints and subjects, so
 * the answer cache fills as it would). Memory is read after a forced GC (test/helpers/memory-probe.ts)
 * right after start-up and after the load; a second preloaded probe (a data: URL, below) prints the
 * breakdown: V8 heap by space, code, external and array buffers — and a separate small process measures
 * what building the sandbox world and its providers costs on its own.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAST } from '../src/sandbox/world/index.js';
import { startInstance, startServiceProcess, startSharedChain, stopInstance, type Instance } from '../test/scale/instances.js';
import { newPayer, paidInvoke } from '../test/helpers/payers.js';
import type { TestService } from '../test/helpers/service.js';

const MB = 2 ** 20;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** Printed on SIGUSR2 after memory-probe.ts's forced GCs and its own line (it waits 500 ms; this 800). */
const BREAKDOWN_PROBE = `data:text/javascript,${encodeURIComponent(`
import v8 from 'node:v8';
process.on('SIGUSR2', () => setTimeout(() => {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
  const code = v8.getHeapCodeStatistics();
  const h = v8.getHeapStatistics();
  process.stdout.write(JSON.stringify({ msg: 'memory breakdown', ...m, spaces, code_and_metadata: code.code_and_metadata_size,
    bytecode_and_metadata: code.bytecode_and_metadata_size, malloced: h.malloced_memory, heap_committed: h.total_physical_size }) + '\\n');
}, 800));
`)}`;

/** test/helpers/memory-probe.ts as plain JavaScript, for the compiled run (no TypeScript loader there). */
const JS_GC_PROBE = `data:text/javascript,${encodeURIComponent(`
process.on('SIGUSR2', () => { gc(); gc(); setTimeout(() => { gc(); const { rss, heapUsed } = process.memoryUsage();
  process.stdout.write(JSON.stringify({ msg: 'memory probe', rss, heapUsed }) + '\\n'); }, 500); });
`)}`;

export interface MemoryReading {
  rss_mb: number;
  heap_total_mb: number;
  heap_used_mb: number;
  external_mb: number;
  array_buffers_mb: number;
  /** V8 heap in use per space (old_space, code_space, large_object_space, …). */
  spaces_mb: Record<string, number>;
  code_and_metadata_mb: number;
  bytecode_and_metadata_mb: number;
  malloced_mb: number;
  /** rss − V8 heap committed − external: the process's native memory outside V8 (Node, SQLite, libuv, code). */
  native_other_mb: number;
}

export interface MemoryResult {
  target_mb: number;
  load_s: number;
  requests: Record<string, number>;
  errors: number;
  after_start: MemoryReading;
  after_load: MemoryReading;
  /** What building the sandbox world + starting its providers adds to the heap, in a process of its own. */
  sandbox_world: { heap_mb: number; rss_mb: number; build_ms: number } | { error: string };
  /**
   * The same load against the same source compiled ahead of time (an esbuild bundle of src/main.ts,
   * packages external) run by plain `node`, without the tsx loader: what shipping compiled JS would save.
   */
  compiled?: { requests: Record<string, number>; errors: number; after_start: MemoryReading; after_load: MemoryReading } | { error: string };
  met: boolean;
}

async function reading(instance: Instance): Promise<MemoryReading> {
  const seen = instance.logs.length;
  instance.proc.kill('SIGUSR2');
  for (let i = 0; i < 400; i++) {
    const line = instance.logs.slice(seen).find((l) => l.msg === 'memory breakdown');
    const probe = instance.logs.slice(seen).find((l) => l.msg === 'memory probe');
    if (line && probe) {
      const n = (k: string) => Number(line[k]);
      const spaces = line.spaces as Record<string, number>;
      return {
        rss_mb: mb(Number(probe.rss)), heap_total_mb: mb(n('heapTotal')), heap_used_mb: mb(Number(probe.heapUsed)),
        external_mb: mb(n('external')), array_buffers_mb: mb(n('arrayBuffers')),
        spaces_mb: Object.fromEntries(Object.entries(spaces).filter(([, v]) => v > 0).map(([k, v]) => [k, mb(v)])),
        code_and_metadata_mb: mb(n('code_and_metadata')), bytecode_and_metadata_mb: mb(n('bytecode_and_metadata')), malloced_mb: mb(n('malloced')),
        native_other_mb: mb(n('rss') - n('heap_committed') - n('external')),
      };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('bench memory: the memory probes did not answer');
}

/** Heap and RSS that building the sandbox world and starting its providers add, measured in a fresh process. */
function sandboxWorldCost(): Promise<MemoryResult['sandbox_world']> {
  const script = `
    const { createSandboxWorld } = await import('./src/sandbox/world/index.ts');
    const { startSandboxProviders } = await import('./src/sandbox/providers/index.ts');
    const { FaultController } = await import('./src/sandbox/providers/faults.ts');
    const settle = async () => { gc(); gc(); await new Promise((r) => setTimeout(r, 300)); gc(); return process.memoryUsage(); };
    const before = await settle();
    const t = performance.now();
    const providers = await startSandboxProviders(createSandboxWorld('onchain-enrichment-sandbox'), () => new Date(), new FaultController());
    const ms = performance.now() - t;
    const after = await settle();
    console.log(JSON.stringify({ heap: after.heapUsed - before.heapUsed, rss: after.rss - before.rss, ms }));
    await providers.close();`;
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    proc.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    proc.on('exit', () => {
      try {
        const r = JSON.parse(out.trim().split('\n').at(-1)!) as { heap: number; rss: number; ms: number };
        resolve({ heap_mb: mb(r.heap), rss_mb: mb(r.rss), build_ms: Math.round(r.ms) });
      } catch {
        resolve({ error: err.slice(-300) || out.slice(-300) || 'no output' });
      }
    });
  });
}

const TOKENS = [CAST.TOKEN_SAFE, CAST.TOKEN_CAUTION, CAST.TOKEN_RISKY, CAST.TOKEN_VOL_LOW, CAST.TOKEN_VOL_HIGH, CAST.TOKEN_HHI_WELL].map((e) => e.address);
const WALLETS = [CAST.WALLET_DEFI, CAST.WALLET_RISK_LOW, CAST.WALLET_TRADER_SKILLED, CAST.WALLET_NFT_COLLECTOR, CAST.WALLET_SMART_1].map((e) => e.address);

type Payer = Awaited<ReturnType<typeof newPayer>>;

/**
 * 8 unpaid callers in flight (bounded, like test/mcp/soak.test.ts), each at most one call per 100 ms, and 2
 * paying ones at most one call per 500 ms, for `loadS` seconds: a fixed pace, so two runs (tsx, compiled)
 * on a shared machine do the same work — up to ~84 calls/s, ~5,000 in 60 s — and their memory compares.
 */
async function mixedLoad(url: string, service: TestService, payer: Payer, loadS: number): Promise<{ requests: Record<string, number>; errors: number }> {
  const requests: Record<string, number> = {};
  let errors = 0;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const count = async (kind: string, call: () => Promise<Response>, ok: (status: number) => boolean, paceMs: number) => {
    const started = performance.now();
    try {
      const res = await call();
      await res.arrayBuffer();
      requests[kind] = (requests[kind] ?? 0) + 1;
      if (!ok(res.status)) errors++;
    } catch {
      errors++;
    }
    const rest = paceMs - (performance.now() - started);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  };
  const until = performance.now() + loadS * 1000;
  let n = 0;
  const mixed = async () => {
    while (performance.now() < until) {
      const i = n++;
      const mint = TOKENS[i % TOKENS.length]!;
      switch (i % 10) {
        case 0: await count('free', () => post('/entrypoints/launchpad-pairs/invoke', {}), (s) => s === 200, 100); break;
        case 1: await count('free', () => fetch(`${url}/llms.txt`), (s) => s === 200, 100); break;
        case 2: await count('free', () => fetch(`${url}/openapi.json`), (s) => s === 200, 100); break;
        case 3: await count('demo', () => post('/demo/enrich', { address: i % 20 === 3 ? mint : WALLETS[i % WALLETS.length] }), (s) => s === 200, 100); break;
        case 4: case 5: await count('unpaid_402', () => post(`/entrypoints/${i % 2 ? 'enrich-token-full' : 'due-diligence'}/invoke`, { mint }), (s) => s === 402, 100); break;
        case 6: await count('unpaid_402', () => post('/entrypoints/whale-watch/invoke', { mint: 'bad', threshold_usd: 1 }), (s) => s === 402, 100); break;
        default: {
          const method = i % 100 === 7 ? 'tools/list' : i % 10 === 9 ? 'ping' : 'tools/call';
          const message = { jsonrpc: '2.0', id: i, method, ...(method === 'tools/call' ? { params: { name: 'enrich-wallet-light', arguments: { address: WALLETS[i % WALLETS.length] } } } : {}) };
          await count('mcp', () => post('/mcp', message, { accept: 'application/json, text/event-stream' }), (s) => s === 200, 100);
        }
      }
    }
  };
  const PAID: [string, (i: number) => Record<string, unknown>][] = [
    ['enrich-token-light', (i) => ({ mint: TOKENS[i % TOKENS.length] })],
    ['enrich-wallet-light', (i) => ({ address: WALLETS[i % WALLETS.length] })],
    ['due-diligence', (i) => ({ mint: TOKENS[i % TOKENS.length] })],
    ['enrich-wallet-full', (i) => ({ address: WALLETS[i % WALLETS.length] })],
  ];
  let p = 0;
  const paid = async () => {
    while (performance.now() < until) {
      const i = p++;
      const [key, input] = PAID[i % PAID.length]!;
      await count('paid', () => paidInvoke(payer, service, key, input(Math.floor(i / PAID.length))), (s) => s === 200, 500);
    }
  };
  await Promise.all([...Array.from({ length: 8 }, mixed), paid(), paid()]);
  return { requests, errors };
}

/** src/main.ts bundled by esbuild (packages external, resolved from ./node_modules) under node_modules/.cache. */
async function bundleMain(): Promise<string> {
  const dir = join(process.cwd(), 'node_modules', '.cache', 'oea-bench');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'main.mjs');
  await build({ entryPoints: ['src/main.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning' });
  return outfile;
}

/** Like `startInstance`, for the compiled bundle run by plain node. */
function startCompiled(entry: string, env: Record<string, string>): Promise<Instance> {
  return startServiceProcess('bench-memory-compiled', ['--expose-gc', '--import', JS_GC_PROBE, '--import', BREAKDOWN_PROBE, entry], env);
}

/** Start, read, load, read, stop: one service process under the mixed load. */
async function loadedRun(start: (env: Record<string, string>) => Promise<Instance>, chainUrls: { solanaUrl: string; baseUrl: string; asService: TestService }, loadS: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-bench-memory-'));
  let instance: Instance | undefined;
  try {
    instance = await start({
      DATA_DIR: dataDir, SANDBOX_SOLANA_RPC_URL: chainUrls.solanaUrl, SANDBOX_BASE_RPC_URL: chainUrls.baseUrl,
      FREE_ROUTE_LIMIT_PER_MINUTE: '100000000', DEMO_LIMIT_PER_HOUR: '100000000',
    });
    const afterStart = await reading(instance);
    const service = { ...chainUrls.asService, url: instance.url } as TestService;
    const load = await mixedLoad(instance.url, service, await newPayer(service, 'base'), loadS);
    return { ...load, after_start: afterStart, after_load: await reading(instance) };
  } finally {
    if (instance) await stopInstance(instance);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureMemory(loadS = 60, targetMb = 250, opts: { compiled?: boolean } = {}): Promise<MemoryResult> {
  const chain = await startSharedChain();
  try {
    const run = await loadedRun((env) => startInstance('bench-memory', env, ['--expose-gc', '--import', './test/helpers/memory-probe.ts', '--import', BREAKDOWN_PROBE]), chain, loadS);
    const world = await sandboxWorldCost();
    let compiled: MemoryResult['compiled'];
    if (opts.compiled ?? true) {
      try {
        const entry = await bundleMain();
        compiled = await loadedRun((env) => startCompiled(entry, env), chain, loadS);
      } catch (err) {
        compiled = { error: err instanceof Error ? err.message.slice(0, 300) : String(err) };
      }
    }
    return {
      target_mb: targetMb, load_s: loadS, requests: run.requests, errors: run.errors, after_start: run.after_start, after_load: run.after_load,
      sandbox_world: world, ...(compiled ? { compiled } : {}), met: run.after_load.rss_mb <= targetMb,
    };
  } finally {
    await chain.close();
  }
}

export function formatMemory(r: MemoryResult): string[] {
  const line = (name: string, m: MemoryReading) =>
    `  ${name.padEnd(11)} rss ${m.rss_mb} MB: V8 heap used ${m.heap_used_mb} of ${m.heap_total_mb} MB (${Object.entries(m.spaces_mb).map(([k, v]) => `${k.replace(/_space$/, '')} ${v}`).join(', ')}), ` +
    `code ${m.code_and_metadata_mb} + bytecode ${m.bytecode_and_metadata_mb} MB, external ${m.external_mb} MB (array buffers ${m.array_buffers_mb}), native other ${m.native_other_mb} MB`;
  const world = 'error' in r.sandbox_world ? `not measured (${r.sandbox_world.error})` : `${r.sandbox_world.heap_mb} MB heap, ${r.sandbox_world.rss_mb} MB rss, built in ${r.sandbox_world.build_ms} ms`;
  return [
    `memory after ${r.load_s} s of mixed load (${Object.entries(r.requests).map(([k, v]) => `${k} ${v}`).join(', ')}; ${r.errors} unexpected answers), after a forced GC (target rss ≤ ${r.target_mb} MB: ${r.met ? 'met' : 'NOT met'}):`,
    line('after start', r.after_start),
    line('after load', r.after_load),
    `  sandbox world + providers on their own: ${world}`,
    ...(!r.compiled ? [] : 'error' in r.compiled ? [`  compiled (esbuild bundle, plain node): not measured (${r.compiled.error})`] : [
      `  compiled (esbuild bundle of src/main.ts, plain node, no tsx), same load (${Object.entries(r.compiled.requests).map(([k, v]) => `${k} ${v}`).join(', ')}; ${r.compiled.errors} unexpected):`,
      line('after start', r.compiled.after_start),
      line('after load', r.compiled.after_load),
    ]),
  ];
}
