/**
 * Service instances as separate processes (`node --import tsx src/main.ts`) for the scale-out tests: each
 * its own PID, so one can be SIGKILLed or SIGTERMed while the others keep answering. They join one sandbox
 * chain hosted by the test process (SANDBOX_*_RPC_URL), so a payment made at one exists for all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { startBaseSandbox } from '../../src/sandbox/base/index.js';
import { startSolanaSandbox } from '../../src/sandbox/solana/index.js';
import { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import type { TestService } from '../helpers/service.js';

export const PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = 'redis://127.0.0.1:6379';

export interface Instance {
  name: string;
  url: string;
  proc: ChildProcess;
  /** Every pino line the instance printed, parsed. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code or signal. */
  exited: Promise<number | string | null>;
  /**
   * The first log entry, already printed or still to come, for which `match` holds: a wait for an event,
   * without a time limit (docs/testing.md). Rejects if the process exits first.
   */
  waitForLog(match: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

export interface SharedChain {
  solanaUrl: string;
  baseUrl: string;
  /** What `newPayer` needs of a TestService: the chains' URLs and the operator's addresses. */
  asService: TestService;
  close(): Promise<void>;
}

export async function startSharedChain(seed = 'onchain-enrichment-sandbox'): Promise<SharedChain> {
  const [solana, base] = await Promise.all([startSolanaSandbox({ host: '127.0.0.1' }), startBaseSandbox({ host: '127.0.0.1' })]);
  const ids = deriveSandboxIdentities(seed);
  const asService = { sandbox: { solana: { url: solana.url }, base: { url: base.url } }, payTo: { solana: ids.payToSolana, base: ids.payToBase } } as unknown as TestService;
  return { solanaUrl: solana.url, baseUrl: base.url, asService, close: async () => { await Promise.all([solana.close(), base.close()]); } };
}

/** A unique PostgreSQL schema and Redis prefix: the run shares the servers with other tests. */
export function isolation(): { schema: string; prefix: string } {
  const id = randomUUID().replace(/-/g, '').slice(0, 12);
  return { schema: `scale_${id}`, prefix: `scale:${id}:` };
}

/** `nodeArgs` go after the TypeScript loader, so they may `--import` .ts files. */
export function startInstance(name: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<Instance> {
  return startServiceProcess(name, ['--import', 'tsx', ...nodeArgs, 'src/main.ts'], env);
}

/**
 * The service run by `node <args>` (the TypeScript entry through tsx, or a compiled bundle), ready once it
 * logs that it listens (it must log at info level). No start-up time limit: a slow machine only makes it
 * take longer, and the runner's hang detector ends a file whose child never gets there.
 */
export function startServiceProcess(name: string, args: string[], env: Record<string, string>): Promise<Instance> {
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_MODE: 'sandbox', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: { match: (entry: Record<string, unknown>) => boolean; resolve: (entry: Record<string, unknown>) => void }[] = [];
  const exited = new Promise<number | string | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const waitForLog = (match: (entry: Record<string, unknown>) => boolean) => {
    const seen = logs.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      waiters.push({ match, resolve });
      void exited.then((code) => reject(new Error(`${name} exited (${code}) before the awaited log line: ${stderr.slice(-2000)}`)));
    });
  };
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    logs.push(entry);
    for (const waiter of [...waiters]) {
      if (!waiter.match(entry)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(entry);
    }
  });
  return waitForLog((entry) => entry.msg === 'onchain enrichment api listening' && typeof entry.url === 'string')
    .then((entry) => ({ name, url: entry.url as string, proc, logs, exited, waitForLog }));
}

/**
 * SIGTERM and wait for the exit (the graceful path): the exit code or signal. No time limit by default, so
 * a verdict on the exit code never depends on the machine's speed. `backstopMs` (clean-up only, where the
 * code decides nothing) SIGKILLs a process still running that long after.
 */
export async function stopInstance(instance: Instance, backstopMs?: number): Promise<number | string | null> {
  if (instance.proc.exitCode !== null || instance.proc.signalCode !== null) return instance.proc.signalCode ?? instance.proc.exitCode;
  instance.proc.kill('SIGTERM');
  const timer = backstopMs === undefined ? undefined : setTimeout(() => instance.proc.kill('SIGKILL'), backstopMs);
  const code = await instance.exited;
  clearTimeout(timer);
  return code;
}

/**
 * Node arguments for `startInstance` that preload test/scale/hold-leg.ts: `armHold` makes the instance's
 * sandbox provider of HOLD_LEG (wallet_assets unless set in the env) hold every request until SIGTERM.
 */
export const HOLD_PRELOAD = ['--import', './test/scale/hold-leg.ts'];

/** Arms the hold of an instance started with HOLD_PRELOAD; resolves once the instance says it is armed. */
export async function armHold(instance: Instance): Promise<void> {
  const armed = instance.logs.filter((l) => l.msg === 'sandbox hold armed').length;
  instance.proc.kill('SIGUSR2');
  await instance.waitForLog((l) => l.msg === 'sandbox hold armed' && Number(l.armed) > armed);
}

/** Resolves once the instance holds `count` requests in all (log lines of test/scale/hold-leg.ts). */
export function held(instance: Instance, count: number): Promise<unknown> {
  return instance.waitForLog((l) => l.msg === 'sandbox request held' && Number(l.held) >= count);
}

export function invoke(instance: Instance, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${instance.url}/entrypoints/${key}/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The server needed by a test is reachable; in CI a missing one fails the test instead of skipping it. */
export async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (err) {
    if (process.env.CI) throw err;
    return false;
  }
}
