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

/** The service run by `node <args>` (the TypeScript entry through tsx, or a compiled bundle), ready once it logs that it listens. */
export function startServiceProcess(name: string, args: string[], env: Record<string, string>): Promise<Instance> {
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_MODE: 'sandbox', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const exited = new Promise<number | string | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Killed, or the pipes keep the test process alive after the failure.
      proc.kill('SIGKILL');
      reject(new Error(`${name} did not start in 60 s (it must log at info level): ${stderr.slice(-2000)}`));
    }, 60_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before listening: ${stderr.slice(-2000)}`));
    });
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      logs.push(entry);
      if (entry.msg === 'onchain enrichment api listening' && typeof entry.url === 'string') {
        clearTimeout(timer);
        resolve({ name, url: entry.url, proc, logs, exited });
      }
    });
  });
}

/** SIGTERM and wait for the exit (the graceful path); SIGKILL after `ms` if it hangs. */
export async function stopInstance(instance: Instance, ms = 30_000): Promise<number | string | null> {
  if (instance.proc.exitCode !== null || instance.proc.signalCode !== null) return instance.proc.signalCode ?? instance.proc.exitCode;
  instance.proc.kill('SIGTERM');
  const timer = setTimeout(() => instance.proc.kill('SIGKILL'), ms);
  const code = await instance.exited;
  clearTimeout(timer);
  return code;
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
