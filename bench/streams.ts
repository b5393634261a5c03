/**
 * Alert streams (docs/performance.md, "Alert streams"), against the real service on the sandbox (jobs off):
 *
 * 1. Fan-out: `BENCH_STREAM_SUBSCRIBERS` (default 1,000) funded subscriptions with the same check-alerts input
 *    (one detection group), half streamed (one SSE connection each) and half posted to one loopback webhook
 *    receiver answering 200. `BENCH_STREAM_EVENTS` events are stored for the group the way the detection job
 *    stores them (`appendGroupEvents`, then `hub.notify`); timed from the append until every subscriber holds
 *    every event: deliveries (events × subscribers) per second, and how long the append itself took.
 *    Funding is credited straight into the store (the paid top-up is measured by the paid-call benches).
 * 2. Crossing → delivery: PERP_NEAR_LIQ's collateral buffer falls through the afternoon of 2026-11-20 (sandbox
 *    clock). Detection ticks a minute apart on that clock; after each tick a fresh group (one stream and one
 *    webhook subscription) is created with its threshold just below the buffer just observed, so its alert fires
 *    at the next tick whose buffer is lower. Each sample is the wall time from the start of the detection run
 *    that first sees a group's crossing to that event's arrival at the SSE client and at the webhook receiver.
 *    A group is cancelled once delivered, so a run detects the one or two groups still waiting, not hundreds.
 *    In production the detection interval (STREAM_DETECTION_INTERVAL_S, default 60 s) comes on top of this.
 *
 * Alone: `node --import tsx bench/streams.ts` (bench/run.ts includes it in `npm run bench`).
 */
import { request, createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config/index.js';
import { PERPS_POOL_CAST } from '../src/sandbox/world/perps/index.js';
import { startService, type RunningService } from '../src/service.js';
import { EVENT_PRICE_ATOMIC } from '../src/streams/settings.js';
import type { GroupEvent } from '../src/store/subscriptions/types.js';
import { percentile } from './percentile.js';

const MIN = 60_000;

export interface StreamsBenchOptions {
  subscribers: number;
  /** Of `subscribers`, how many stream (the rest are webhooks). */
  streamed: number;
  events: number;
  /** Detection ticks (one sandbox minute apart) of the latency part. */
  ticks: number;
}

export interface StreamsResult {
  fanout: {
    subscribers: number;
    streamed: number;
    webhooks: number;
    events: number;
    deliveries: number;
    append_ms: number;
    /** From the append's start until the last subscriber held the last event. */
    all_delivered_ms: number;
    deliveries_per_s: number;
    stream_done_ms: number;
    webhook_done_ms: number;
    /** Each channel's own rate: its deliveries over the time its last one arrived (both run at once). */
    stream_deliveries_per_s: number;
    webhook_deliveries_per_s: number;
  };
  latency: {
    ticks: number;
    groups: number;
    samples: number;
    stream_p50_ms: number;
    stream_p99_ms: number;
    stream_max_ms: number;
    webhook_p50_ms: number;
    webhook_p99_ms: number;
    webhook_max_ms: number;
    detection_run_p50_ms: number;
  };
}

export function streamsOptionsFromEnv(): StreamsBenchOptions {
  const subscribers = Number(process.env.BENCH_STREAM_SUBSCRIBERS ?? 1_000);
  return {
    subscribers,
    streamed: Math.floor(subscribers / 2),
    events: Number(process.env.BENCH_STREAM_EVENTS ?? 20),
    ticks: Number(process.env.BENCH_STREAM_TICKS ?? 240),
  };
}

/** A clock the bench moves (the sandbox world reads it): only forward, by whole sandbox minutes. */
function benchClock(start: number) {
  let at = start;
  return { now: () => new Date(at), set: (t: number) => (at = Math.max(at, t)), at: () => at };
}

/**
 * One SSE connection read as little as possible: counts `id:` frames of `message` events and calls `onEvent`
 * with each event's data on arrival.
 */
function openMinimalSse(url: string, token: string, onEvent: (data: string) => void): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          // Control events (`gap`, `paused`, `cancelled`) name their type; a delivered alert is a plain message.
          if (block.includes('\nevent:') || block.startsWith('event:')) continue;
          const data = block.split('\n').find((l) => l.startsWith('data:'));
          if (data) onEvent(data.slice(data.startsWith('data: ') ? 6 : 5));
        }
      });
      res.on('error', () => undefined);
      resolve({ close: () => req.destroy() });
    });
    req.on('error', (err) => reject(err));
    req.end();
  });
}

/** A loopback webhook receiver answering 200 at once; `onEvent` sees each body on arrival. */
async function startReceiver(onEvent: (body: string) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      res.writeHead(200).end();
      onEvent(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** Waits until `done()` holds, looking every few milliseconds (arrivals are timestamped where they land). */
async function until(done: () => boolean, what: string, limitMs = 120_000): Promise<void> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > limitMs) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function fund(service: RunningService, subscriptionId: string, events: number, at: Date): Promise<void> {
  const outcome = await service.streams.store.creditSubscription({
    subscriptionId, source: 'prepaid', channelId: '', amountAtomic: BigInt(events) * EVENT_PRICE_ATOMIC,
    paymentKey: `bench-credit-${subscriptionId}`, network: 'bench', transaction: '', at,
  });
  if (outcome !== 'credited') throw new Error(`bench: credit of ${subscriptionId} was ${outcome}`);
}

/** check-alerts on the near-liquidation wallet with only the liquidation buffer in reach (the e2e test's input). */
function nearLiqInput(thresholdPct: number): Record<string, unknown> {
  return {
    wallets: [PERPS_POOL_CAST.PERP_NEAR_LIQ],
    criteria: { perp_liquidation_buffer_pct: thresholdPct, perp_max_leverage: 100, perp_min_pnl_swing_pts: 1000, min_portfolio_change_pct: 10000, min_risk_score_delta: 1 },
  };
}

async function measureFanout(service: RunningService, clock: ReturnType<typeof benchClock>, o: StreamsBenchOptions): Promise<StreamsResult['fanout']> {
  const webhooks = o.subscribers - o.streamed;
  let arrivedAt = 0;
  let streamDeliveries = 0;
  let webhookDeliveries = 0;
  let lastStream = 0;
  let lastWebhook = 0;
  const receiver = await startReceiver(() => {
    webhookDeliveries++;
    lastWebhook = performance.now();
  });
  const streams: { close(): void }[] = [];
  try {
    const input = nearLiqInput(1); // below every buffer of the day: detection never runs in this part anyway
    const created: { id: string; token: string; delivery: 'stream' | 'webhook'; groupKey: string }[] = [];
    for (let i = 0; i < o.subscribers; i++) {
      const delivery = i < o.streamed ? 'stream' : 'webhook';
      const { row, token } = await service.streams.subscriptions.create({ source: 'check-alerts', input, delivery: delivery === 'stream' ? { type: 'stream' } : { type: 'webhook', url: receiver.url } });
      await fund(service, row.id, o.events, clock.now());
      created.push({ id: row.id, token, delivery, groupKey: row.groupKey });
    }
    const groupKeys = new Set(created.map((s) => s.groupKey));
    const groupKey = created[0]!.groupKey;
    if (groupKeys.size !== 1) throw new Error(`bench: expected one detection group, found ${groupKeys.size}`);
    for (const sub of created.filter((s) => s.delivery === 'stream')) {
      streams.push(await openMinimalSse(`${service.url}/subscriptions/${sub.id}/events`, sub.token, () => {
        streamDeliveries++;
        lastStream = performance.now();
      }));
    }
    // Let every stream reach its wait (replay found nothing) before the events land.
    await new Promise((r) => setTimeout(r, 500));

    const stored = clock.now();
    const events: GroupEvent[] = Array.from({ length: o.events }, (_, k) => ({
      eventId: `bench-fanout-${k}`, type: 'liquidation_approaching', occurredAt: stored,
      body: JSON.stringify({ id: `bench-fanout-${k}`, type: 'liquidation_approaching', source: 'check-alerts', subject: { type: 'wallet', address: PERPS_POOL_CAST.PERP_NEAR_LIQ }, occurred_at: stored.toISOString(), detected_at: stored.toISOString(), data: { kind: 'liquidation_approaching', n: k } }),
    }));
    const started = performance.now();
    const { subscriptionIds } = await service.streams.store.appendGroupEvents(groupKey, events, stored);
    const appended = performance.now();
    service.streams.hub.notify(subscriptionIds);
    if (subscriptionIds.length !== o.subscribers) throw new Error(`bench: appended to ${subscriptionIds.length} of ${o.subscribers}`);
    const deliveries = o.events * o.subscribers;
    await until(() => streamDeliveries + webhookDeliveries >= deliveries, `${deliveries} deliveries (${streamDeliveries} streamed, ${webhookDeliveries} posted)`);
    arrivedAt = Math.max(lastStream, lastWebhook);
    if (streamDeliveries !== o.events * o.streamed || webhookDeliveries !== o.events * webhooks) {
      throw new Error(`bench: ${streamDeliveries} streamed / ${webhookDeliveries} posted, expected ${o.events * o.streamed} / ${o.events * webhooks}`);
    }
    const allMs = arrivedAt - started;
    return {
      subscribers: o.subscribers, streamed: o.streamed, webhooks, events: o.events, deliveries,
      append_ms: Math.round(appended - started), all_delivered_ms: Math.round(allMs),
      deliveries_per_s: Math.round(deliveries / (allMs / 1000)),
      stream_done_ms: Math.round(lastStream - started), webhook_done_ms: Math.round(lastWebhook - started),
      stream_deliveries_per_s: Math.round((o.events * o.streamed) / ((lastStream - started) / 1000)),
      webhook_deliveries_per_s: Math.round((o.events * webhooks) / ((lastWebhook - started) / 1000)),
    };
  } finally {
    for (const s of streams) s.close();
    await receiver.close();
  }
}

interface PendingGroup {
  threshold: number;
  streamId: string;
  hookId: string;
  streamToken: string;
  close(): void;
  /** performance.now() of the arrivals, once each. */
  streamAt?: number;
  hookAt?: number;
  /** performance.now() at the start of the detection run that stored its event. */
  detectedRunStart?: number;
}

/** PERP_NEAR_LIQ's collateral buffer as check-alerts last observed it (2 decimals, as compared). */
async function observedBuffer(service: RunningService, at: number): Promise<number> {
  await service.recorder.idle();
  const obs = await service.store.observationAtOrBefore('perps_wallet', PERPS_POOL_CAST.PERP_NEAR_LIQ, new Date(at));
  const positions = obs?.data.positions as { collateral_buffer_pct?: number | null }[] | undefined;
  const buffer = positions?.[0]?.collateral_buffer_pct;
  if (typeof buffer !== 'number') throw new Error('bench: no observed collateral buffer of PERP_NEAR_LIQ');
  return buffer;
}

async function measureCrossingLatency(service: RunningService, clock: ReturnType<typeof benchClock>, o: StreamsBenchOptions): Promise<StreamsResult['latency']> {
  const pending = new Map<string, PendingGroup>();
  const byStream = new Map<string, PendingGroup>();
  const byHook = new Map<string, PendingGroup>();
  const done: PendingGroup[] = [];
  const runMs: number[] = [];
  const receiver = await startReceiver((body) => {
    const at = performance.now();
    const g = byHook.get((JSON.parse(body) as { subscription_id: string }).subscription_id);
    if (g && g.hookAt === undefined) g.hookAt = at;
  });
  let groups = 0;
  try {
    // A first tick, for a probe group that never fires, gives the observation the first threshold is set from
    // (and warms the endpoint); from then on the waiting groups' own detections observe the buffer.
    const run = (at: number) => service.streamDetection.run({ now: new Date(at), signal: new AbortController().signal, timers: service.streams.timers });
    let t = clock.at();
    const probe = await service.streams.subscriptions.create({ source: 'check-alerts', input: nearLiqInput(1), delivery: { type: 'stream' } });
    await run(t);
    await service.streams.subscriptions.cancel(probe.row);
    for (let tick = 0; tick < o.ticks; tick++) {
      const buffer = await observedBuffer(service, t);
      const threshold = Math.round((buffer - 0.005) * 1000) / 1000;
      // One waiting group per threshold: while the buffer rises, no new group is added.
      if (threshold > 0 && ![...pending.values()].some((g) => g.threshold === threshold)) {
        const input = nearLiqInput(threshold);
        const s = await service.streams.subscriptions.create({ source: 'check-alerts', input, delivery: { type: 'stream' } });
        const h = await service.streams.subscriptions.create({ source: 'check-alerts', input, delivery: { type: 'webhook', url: receiver.url } });
        await fund(service, s.row.id, 1, clock.now());
        await fund(service, h.row.id, 1, clock.now());
        const g: PendingGroup = { threshold, streamId: s.row.id, hookId: h.row.id, streamToken: s.token, close: () => undefined };
        const conn = await openMinimalSse(`${service.url}/subscriptions/${s.row.id}/events`, s.token, () => {
          if (g.streamAt === undefined) g.streamAt = performance.now();
        });
        g.close = conn.close;
        pending.set(s.row.groupKey, g);
        byStream.set(s.row.id, g);
        byHook.set(h.row.id, g);
        groups++;
      }
      t += MIN;
      clock.set(t);
      const before = await Promise.all([...pending.values()].map(async (g) => ({ g, last: (await service.streams.store.eventRange(g.streamId)).last })));
      const started = performance.now();
      await run(t);
      runMs.push(performance.now() - started);
      const fired: PendingGroup[] = [];
      for (const { g } of before) {
        if ((await service.streams.store.eventRange(g.streamId)).last > 0) {
          g.detectedRunStart = started;
          fired.push(g);
        }
      }
      await until(() => fired.every((g) => g.streamAt !== undefined && g.hookAt !== undefined), 'crossing deliveries', 30_000);
      for (const g of fired) {
        g.close();
        await service.streams.subscriptions.cancel((await service.streams.store.getSubscription(g.streamId))!);
        await service.streams.subscriptions.cancel((await service.streams.store.getSubscription(g.hookId))!);
        for (const [key, p] of pending) if (p === g) pending.delete(key);
        done.push(g);
      }
    }
  } finally {
    // Groups still waiting for a crossing: out of the way of the fan-out part's service.
    for (const g of pending.values()) {
      g.close();
      for (const id of [g.streamId, g.hookId]) await service.streams.store.cancelSubscription(id, clock.now());
    }
    await receiver.close();
  }
  const stream = done.map((g) => g.streamAt! - g.detectedRunStart!);
  const hook = done.map((g) => g.hookAt! - g.detectedRunStart!);
  const ms = (v: number) => Math.round(v * 10) / 10;
  return {
    ticks: o.ticks, groups, samples: done.length,
    stream_p50_ms: ms(percentile(stream, 50)), stream_p99_ms: ms(percentile(stream, 99)), stream_max_ms: ms(Math.max(0, ...stream)),
    webhook_p50_ms: ms(percentile(hook, 50)), webhook_p99_ms: ms(percentile(hook, 99)), webhook_max_ms: ms(Math.max(0, ...hook)),
    detection_run_p50_ms: ms(percentile(runMs, 50)),
  };
}

export async function measureStreams(o: StreamsBenchOptions = streamsOptionsFromEnv()): Promise<StreamsResult> {
  // 16:00 on 2026-11-20: PERP_NEAR_LIQ's buffer falls from ~7.5 % to ~6.5 % by 20:00 (test/http/alert-streams.test.ts).
  const clock = benchClock(Date.parse('2026-11-20T16:00:00Z'));
  const service = await startService(
    { ...loadConfig({ DATA_MODE: 'sandbox', LOG_LEVEL: 'silent', FREE_ROUTE_LIMIT_PER_MINUTE: '100000000', DEMO_LIMIT_PER_HOUR: '100000000', JOBS_ENABLED: 'false' }), port: 0, dataDir: mkdtempSync(join(tmpdir(), 'oea-bench-streams-')) },
    { now: clock.now },
  );
  try {
    const latency = await measureCrossingLatency(service, clock, o);
    const fanout = await measureFanout(service, clock, o);
    return { fanout, latency };
  } finally {
    await service.close();
  }
}

export function formatStreams(r: StreamsResult): string[] {
  const f = r.fanout;
  const l = r.latency;
  return [
    `alert streams, fan-out: ${f.events} events to ${f.subscribers} subscribers of one group (${f.streamed} SSE, ${f.webhooks} webhooks to one receiver):`,
    `  ${f.deliveries} deliveries in ${f.all_delivered_ms} ms from the append → ${f.deliveries_per_s} deliveries/s; the append itself ${f.append_ms} ms`,
    `  SSE: all ${f.events * f.streamed} at ${f.stream_done_ms} ms (${f.stream_deliveries_per_s}/s); webhooks: all ${f.events * f.webhooks} at ${f.webhook_done_ms} ms (${f.webhook_deliveries_per_s}/s)`,
    `alert streams, crossing → delivery (from the start of the detection run that sees it; ${l.samples} crossings over ${l.ticks} ticks, ${l.groups} groups; detection run p50 ${l.detection_run_p50_ms} ms):`,
    `  SSE      p50 ${String(l.stream_p50_ms).padStart(6)} ms  p99 ${String(l.stream_p99_ms).padStart(6)} ms  max ${String(l.stream_max_ms).padStart(6)} ms`,
    `  webhook  p50 ${String(l.webhook_p50_ms).padStart(6)} ms  p99 ${String(l.webhook_p99_ms).padStart(6)} ms  max ${String(l.webhook_max_ms).padStart(6)} ms`,
    `  (in production the detection interval, STREAM_DETECTION_INTERVAL_S = 60 s by default, adds up to one interval before this)`,
  ];
}

// Run alone: prints the figures (bench/results.json is written by the full bench only).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureStreams();
  for (const line of formatStreams(result)) console.log(line);
  console.log(JSON.stringify(result));
}
