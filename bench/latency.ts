/**
 * Latency of every implemented endpoint on warm sandbox data: p50/p99 of sequential calls, each computing
 * its answer (a fresh answer cache per call: a cache hit would measure a Map lookup, the same for every
 * endpoint). Measured at the pipeline level (src/app/execute.ts through bench/fanout.ts `executeWith`:
 * validation defaults, nested `ctx.call`, the answer deadline) with the running service's source clients
 * over loopback to the sandbox providers — no HTTP framing, no payment verification or settlement, which
 * the paid-call bench measures on its own. "Warm": the process, the providers and the sandbox world have
 * served every endpoint before the timed calls (one warm-up call each, excluded).
 *
 * Inputs: each endpoint's registry example with its subject replaced by a sandbox cast subject the way
 * the fuzz suite's paid calls pick them (test/reliability/fuzz-pools.ts), sampled once with a fixed seed.
 */
import fc from 'fast-check';
import { createMemoryCache } from '../src/cache/memory.js';
import type { RunningService } from '../src/service.js';
import { paidFixup, paidOverrides } from '../test/reliability/fuzz-pools.js';
import { executeWith, sharedRegistry } from './fanout.js';
import { percentile } from './percentile.js';

export interface LatencyRow {
  endpoint: string;
  input: Record<string, unknown>;
  calls: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Calls that ended in an error (its code), timed all the same. */
  errors: number;
  error_codes: string[];
}

export interface LatencyResult {
  level: 'pipeline (execute, fresh cache per call, loopback sandbox providers)';
  calls_per_endpoint: number;
  rows: LatencyRow[];
  /** Endpoints registered but not built (not measured). */
  not_implemented: string[];
}

const SEED = 12;

/** A nearest-rank percentile rounded to 0.1 ms. */
function percentileMs(samples: number[], p: number): number {
  return Math.round(percentile(samples, p) * 10) / 10;
}

/** The example, with its subject fields replaced by one fixed sample of the sandbox pools. */
export function sandboxInput(key: string, example: Record<string, unknown>): Record<string, unknown> {
  const overrides = paidOverrides(key, example);
  const input: Record<string, unknown> = { ...example };
  for (const [field, arb] of Object.entries(overrides)) {
    const [value] = fc.sample(arb, { seed: SEED, numRuns: 1 });
    if (value === undefined) delete input[field];
    else input[field] = value;
  }
  return paidFixup(key, input);
}

const codeOf = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : err instanceof Error ? err.message.slice(0, 60) : String(err));

export async function measureLatency(service: RunningService, callsPerEndpoint = 10, only?: readonly string[]): Promise<LatencyResult> {
  const registry = sharedRegistry();
  const endpoints = registry.list.filter((e) => e.implemented && (!only || only.includes(e.def.key)));
  const rows: LatencyRow[] = [];
  for (const e of endpoints) {
    const key = e.def.key;
    const input = sandboxInput(key, (e.def.example ?? {}) as Record<string, unknown>);
    const once = async (i: number): Promise<{ ms: number; error?: string }> => {
      const started = performance.now();
      try {
        await executeWith(service, createMemoryCache(), key, input, `latency-${key}-${i}`);
        return { ms: performance.now() - started };
      } catch (err) {
        return { ms: performance.now() - started, error: codeOf(err) };
      }
    };
    await once(-1);
    const samples: number[] = [];
    const errors: string[] = [];
    for (let i = 0; i < callsPerEndpoint; i++) {
      const r = await once(i);
      samples.push(r.ms);
      if (r.error) errors.push(r.error);
    }
    samples.sort((a, b) => a - b);
    rows.push({
      endpoint: key, input, calls: samples.length, p50_ms: percentileMs(samples, 50), p99_ms: percentileMs(samples, 99),
      max_ms: Math.round(samples.at(-1)! * 10) / 10, errors: errors.length, error_codes: [...new Set(errors)],
    });
  }
  return {
    level: 'pipeline (execute, fresh cache per call, loopback sandbox providers)', calls_per_endpoint: callsPerEndpoint, rows,
    not_implemented: registry.list.filter((e) => !e.implemented).map((e) => e.def.key),
  };
}

export function formatLatency(r: LatencyResult): string[] {
  const lines = [`latency per endpoint, ${r.level}, ${r.calls_per_endpoint} sequential calls each after one warm-up (p99 of ${r.calls_per_endpoint} = the slowest but one or the slowest):`];
  const sorted = [...r.rows].sort((a, b) => b.p50_ms - a.p50_ms);
  for (const row of sorted) {
    lines.push(`  ${row.endpoint.padEnd(28)} p50 ${row.p50_ms.toFixed(1).padStart(7)} ms  p99 ${row.p99_ms.toFixed(1).padStart(7)} ms${row.errors ? `  errors ${row.errors}/${row.calls}: ${row.error_codes.join(', ')}` : ''}`);
  }
  if (r.not_implemented.length) lines.push(`  not implemented (not measured): ${r.not_implemented.join(', ')}`);
  return lines;
}
