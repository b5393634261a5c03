/**
 * Free cached calls against the platform limit: `launchpad-pairs` (free, cached 5 min) and the demo route
 * (`POST /demo/enrich`, the light token analysis, cached 60 s), both warm, driven by autocannon like the
 * bare-Fastify baseline bench/run.ts measures in the same run; target ≥ 50 % of the baseline's requests/s.
 *
 * The service must be started with the free-route and demo limits raised (FREE_ROUTE_LIMIT_PER_MINUTE,
 * DEMO_LIMIT_PER_HOUR), or the load measures 429s: a 429 in the checked warm-up call throws.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { RunningService } from '../src/service.js';
import { CAST } from '../src/sandbox/world/index.js';

export interface FreeCachedRow {
  name: string;
  requests_per_s: number;
  share_of_baseline: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  met: boolean;
}

export interface FreeCachedResult {
  baseline_requests_per_s: number;
  target_share: number;
  duration_s: number;
  connections: number;
  rows: FreeCachedRow[];
  /**
   * Not a target: a bare Fastify route answering launchpad-pairs' own answer (same bytes, serialized
   * per request): how much of the gap to the baseline is the payload's size rather than the pipeline.
   */
  same_body_reference: { body_bytes: number; requests_per_s: number; share_of_baseline: number };
  met: boolean;
}

interface Scenario {
  name: string;
  path: string;
  body: Record<string, unknown>;
}

/** The demo's subject: a cast token, so it runs enrich-token-light (a wallet would run enrich-wallet-light). */
export const DEMO_ADDRESS = CAST.TOKEN_SAFE.address;

const SCENARIOS: Scenario[] = [
  { name: 'free cached: launchpad-pairs (warm)', path: '/entrypoints/launchpad-pairs/invoke', body: {} },
  { name: 'free cached: POST /demo/enrich (warm)', path: '/demo/enrich', body: { address: DEMO_ADDRESS } },
];

/** Checked calls: the last must answer 200 from the cache, or the figures would measure something else. */
async function warm(url: string, body: Record<string, unknown>): Promise<string> {
  let last = '';
  for (let i = 0; i < 2; i++) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`bench free-cached: ${url} answered ${res.status} (raise FREE_ROUTE_LIMIT_PER_MINUTE / DEMO_LIMIT_PER_HOUR): ${text.slice(0, 200)}`);
    if (i === 1 && !(JSON.parse(text) as { meta?: { cache?: { hit?: boolean } } }).meta?.cache?.hit) throw new Error(`bench free-cached: ${url} is not served from the cache`);
    last = text;
  }
  return last;
}

async function sameBodyReference(body: string, connections: number, durationS: number): Promise<{ body_bytes: number; requests_per_s: number }> {
  const app = Fastify();
  const answer = JSON.parse(body) as Record<string, unknown>;
  app.post('/', async () => answer);
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const options: autocannon.Options = {
      url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', connections,
    };
    await autocannon({ ...options, duration: 1 });
    const r = await autocannon({ ...options, duration: durationS });
    return { body_bytes: Buffer.byteLength(body), requests_per_s: Math.round(r.requests.average) };
  } finally {
    await app.close();
  }
}

export async function measureFreeCached(
  service: RunningService, baselineRps: number, opts: { durationS?: number; connections?: number } = {},
): Promise<FreeCachedResult> {
  const durationS = opts.durationS ?? 5;
  const connections = opts.connections ?? 32;
  const rows: FreeCachedRow[] = [];
  let pairsBody = '';
  for (const s of SCENARIOS) {
    const url = `${service.url}${s.path}`;
    const answer = await warm(url, s.body);
    if (s === SCENARIOS[0]) pairsBody = answer;
    const options: autocannon.Options = { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(s.body), connections };
    // Warm-up (JIT, connection set-up), excluded from the figures, as bench/run.ts does for the baseline.
    await autocannon({ ...options, duration: 1 });
    const r = await autocannon({ ...options, duration: durationS });
    const rps = Math.round(r.requests.average);
    const share = Math.round((rps / baselineRps) * 100) / 100;
    rows.push({ name: s.name, requests_per_s: rps, share_of_baseline: share, p50_ms: r.latency.p50, p99_ms: r.latency.p99, non_2xx: r.non2xx, met: share >= 0.5 && r.non2xx === 0 });
  }
  const ref = await sameBodyReference(pairsBody, connections, durationS);
  const same_body_reference = { ...ref, share_of_baseline: Math.round((ref.requests_per_s / baselineRps) * 100) / 100 };
  return { baseline_requests_per_s: baselineRps, target_share: 0.5, duration_s: durationS, connections, rows, same_body_reference, met: rows.every((r) => r.met) };
}

export function formatFreeCached(r: FreeCachedResult): string[] {
  const lines = [`free cached calls vs the bare-Fastify baseline (${r.baseline_requests_per_s} req/s; target ≥ ${r.target_share * 100} %: ${r.met ? 'met' : 'NOT met'}):`];
  for (const row of r.rows) {
    lines.push(`  ${row.name.padEnd(40)} ${String(row.requests_per_s).padStart(7)} req/s  ${`${Math.round(row.share_of_baseline * 100)} %`.padStart(5)}  p50 ${row.p50_ms} ms  p99 ${row.p99_ms} ms` +
      `${row.non_2xx ? `  non-2xx ${row.non_2xx}` : ''} (${row.met ? 'met' : 'NOT met'})`);
  }
  const ref = r.same_body_reference;
  lines.push(`  ${'reference: bare Fastify, pairs body'.padEnd(40)} ${String(ref.requests_per_s).padStart(7)} req/s  ${`${Math.round(ref.share_of_baseline * 100)} %`.padStart(5)}  (${ref.body_bytes} bytes per answer; not a target)`);
  return lines;
}
