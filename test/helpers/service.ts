/**
 * Starts the real service on loopback for HTTP tests: sandbox chains, in-process facilitator,
 * SQLite in a temporary directory, silent logs. The clock is shared by the service and the chains,
 * and can be moved forward to make authorizations expire.
 *
 * Background jobs are off (JOBS_ENABLED=false) unless `env` turns them on: a sweep or a retention run
 * would add or delete the snapshots a test seeded. Tests drive them with `service.jobs.tick(now)`.
 *
 * `fixedNow` freezes that clock at a given moment (still moved by `advance`), so two services answer
 * from the same sandbox moment.
 *
 * Deadlines, source budgets, breaker cool-downs and job ticks run on `ManualTimers` (src/lib/timers.ts):
 * they pass only when the test calls `advance`, never because the machine is slow (docs/testing.md). The
 * sandbox providers' latency and hang faults wait on the same timers; `sandbox.providers.faults.stalled(leg)`
 * says when a request is being held. `realTimers: true` keeps real time for a test that measures it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { after, before } from 'node:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config/index.js';
import { startService, type RunningService, type ServiceOverrides } from '../../src/service.js';
import { ManualTimers, systemTimers, type Timers } from '../../src/lib/timers.js';

export interface TestService extends RunningService {
  /** Moves the shared clock (either way), and the timers forward with it (firing the deadlines that fall due). */
  advance(ms: number): void;
  /** The service's timers: `ManualTimers` unless `realTimers` was asked for. */
  timers: Timers;
  invoke(key: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

export interface TestServiceOptions extends Omit<ServiceOverrides, 'now' | 'timers'> {
  /** A constant clock (moved only by `advance`) instead of real time. */
  fixedNow?: Date;
  /** Real time for deadlines and budgets (a test that measures them), instead of `ManualTimers`. */
  realTimers?: boolean;
}

export async function startTestService(
  options: TestServiceOptions = {},
  env: Record<string, string> = {},
): Promise<TestService> {
  const { fixedNow, realTimers, ...overrides } = options;
  const timers = realTimers ? systemTimers : new ManualTimers();
  const clockBase = fixedNow ? () => fixedNow.getTime() : () => Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-test-'));
  const config: Config = { ...loadConfig({ DATA_MODE: 'sandbox', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', REFUSED_PAYMENTS_PER_MINUTE: '100000', ...env }), port: 0, host: '127.0.0.1', dataDir };
  let offset = 0;
  const service = await startService(config, { ...overrides, now: () => new Date(clockBase() + offset), timers });
  return {
    ...service,
    timers,
    advance(ms: number) {
      offset += ms;
      // The calendar may go back (a test re-reading an earlier moment); monotonic time only goes forward.
      if (ms > 0 && timers instanceof ManualTimers) timers.advance(ms);
    },
    invoke(key, body, headers = {}) {
      return fetch(`${service.url}/entrypoints/${key}/invoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test service of the current suite: its `before` hook starts one (`startTestService(options, env)`),
 * fills the returned object with it and then awaits `ready` (say, to make payers); its `after` hook
 * closes it. The object is usable as the service from the suite's later hooks and its tests.
 *
 * Within a `describe`, hooks run in order, so a later `before` may use the service; at the top level of a
 * file Node 20 starts `before` hooks together, so there set-up that needs the service goes in `ready`.
 */
export function suiteService(options: TestServiceOptions = {}, env: Record<string, string> = {}, ready?: (service: TestService) => Promise<void>): TestService {
  const service = {} as TestService;
  let started = false;
  before(async () => {
    Object.assign(service, await startTestService(options, env));
    started = true;
    await ready?.(service);
  });
  after(async () => {
    if (started) await service.close();
  });
  return service;
}
