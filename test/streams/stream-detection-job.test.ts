/**
 * The stream-detection job over a fake subscription store (the store methods it uses, typed against the
 * repository interface): events are stored before the state advances, a failing group keeps its state
 * while the others run, at most `concurrency` groups are detected at once, and `onAppended` hears who got
 * events. Time is the run's injected `now` and ManualTimers: no verdict depends on machine speed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualTimers } from '../../src/lib/timers.js';
import { streamDetectionJob, type StreamDetectionOptions } from '../../src/jobs/stream-detection.js';
import type { JobRun } from '../../src/jobs/runner.js';
import type { HandlerResult } from '../../src/registry/types.js';
import type { DetectionGroup, GroupEvent, SubscriptionSource } from '../../src/store/subscriptions/types.js';
import type { Detector, EndpointCaller } from '../../src/streams/types.js';

const NOW = new Date('2026-12-07T12:00:00.000Z');
const SUBSCRIBED = new Date('2026-12-07T11:00:00.000Z');
const TOKEN = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

type StoreCall =
  | { op: 'append'; groupKey: string; eventIds: string[]; storedAt: Date }
  | { op: 'save'; groupKey: string; state: string; at: Date };

/** The three store methods the job uses, recording the order of every call. */
class FakeStore implements Pick<StreamDetectionOptions['store'], 'listDetectionGroups' | 'saveDetectionState' | 'appendGroupEvents'> {
  readonly log: StoreCall[] = [];
  readonly states = new Map<string, string | null>();
  failAppendFor = new Set<string>();

  constructor(
    readonly groups: DetectionGroup[],
    /** The subscriptions of each group. */
    readonly subscribers: Record<string, string[]>,
  ) {
    for (const g of groups) this.states.set(g.groupKey, g.state);
  }

  async listDetectionGroups(): Promise<DetectionGroup[]> {
    return this.groups.map((g) => ({ ...g, state: this.states.get(g.groupKey) ?? null }));
  }

  async saveDetectionState(groupKey: string, state: string, at: Date): Promise<void> {
    this.log.push({ op: 'save', groupKey, state, at });
    this.states.set(groupKey, state);
  }

  async appendGroupEvents(groupKey: string, events: readonly GroupEvent[], storedAt: Date): Promise<{ appended: number; subscriptionIds: string[] }> {
    if (this.failAppendFor.has(groupKey)) throw new Error('database is locked');
    this.log.push({ op: 'append', groupKey, eventIds: events.map((e) => e.eventId), storedAt });
    const ids = this.subscribers[groupKey] ?? [];
    return { appended: events.length * ids.length, subscriptionIds: ids };
  }
}

const group = (groupKey: string, source: SubscriptionSource = 'check-alerts', input: Record<string, unknown> = { tokens: [TOKEN], wallets: [], criteria: {} }): DetectionGroup =>
  ({ groupKey, source, input, state: null, firstSubscribedAt: SUBSCRIBED });

const event = (id: string): GroupEvent => ({ eventId: id, type: 'price_spike', occurredAt: NOW, body: JSON.stringify({ id }) });

/** A detector whose outcome per group key is given; a group key in `fail` throws. */
function scriptedDetector(source: SubscriptionSource, events: Record<string, GroupEvent[]>, fail: Set<string> = new Set()): Detector {
  return {
    source,
    async detect(g, now) {
      if (fail.has(g.groupKey)) throw new Error('upstream answered 502');
      return { events: events[g.groupKey] ?? [], state: JSON.stringify({ cursor: now.toISOString(), after: g.state }) };
    },
  };
}

function detectorsOf(d: Detector): Record<SubscriptionSource, Detector> {
  return { 'check-alerts': d, 'launchpad-alerts': d, 'exit-signal': d };
}

const noCall: EndpointCaller = async () => {
  throw new Error('not called in this test');
};

function runOf(timers = new ManualTimers(), now = NOW): JobRun {
  return { now, signal: new AbortController().signal, timers };
}

test('stream-detection: per group the events are stored first, then the state, then onAppended; the run is timed by its now', async () => {
  const store = new FakeStore([group('g1'), group('g2'), group('g3')], { g1: ['sub_a', 'sub_b'], g2: ['sub_c'], g3: ['sub_d'] });
  const order: string[] = [];
  const notified: string[][] = [];
  const job = streamDetectionJob({
    store: {
      listDetectionGroups: () => store.listDetectionGroups(),
      appendGroupEvents: async (k, e, at) => { order.push(`append ${k}`); return store.appendGroupEvents(k, e, at); },
      saveDetectionState: async (k, s, at) => { order.push(`save ${k}`); return store.saveDetectionState(k, s, at); },
    },
    call: noCall,
    detectors: detectorsOf(scriptedDetector('check-alerts', { g1: [event('e1'), event('e2')], g2: [event('e3')] })),
    concurrency: 1,
    onAppended: (ids) => { order.push(`notify ${ids.join(',')}`); notified.push(ids); },
  });
  assert.equal(job.name, 'stream-detection');
  assert.equal(job.intervalMs, 60_000);

  const summary = await job.run(runOf());
  assert.equal(summary, 'groups 3, events 3 appended to 3 subscriptions, 0 groups failed');
  // g3 detected nothing: no append (no empty transaction), but its cursor still moves.
  assert.deepEqual(order, ['append g1', 'save g1', 'notify sub_a,sub_b', 'append g2', 'save g2', 'notify sub_c', 'save g3']);
  assert.deepEqual(notified, [['sub_a', 'sub_b'], ['sub_c']]);
  assert.deepEqual(store.log.filter((c) => c.op === 'append').map((c) => [c.groupKey, c.eventIds]), [['g1', ['e1', 'e2']], ['g2', ['e3']]]);
  for (const c of store.log) assert.equal((c.op === 'append' ? c.storedAt : c.at).toISOString(), NOW.toISOString());
  assert.deepEqual(JSON.parse(store.states.get('g1')!), { cursor: NOW.toISOString(), after: null });
});

test('stream-detection: a failing group (detection or storing) keeps its state; the other groups still run', async () => {
  const store = new FakeStore(
    [group('g1'), { ...group('g2'), state: '{"cursor":"2026-12-07T11:59:00.000Z"}' }, group('g3'), group('g4')],
    { g1: ['sub_a'], g2: ['sub_b'], g3: ['sub_c'], g4: ['sub_d'] },
  );
  store.failAppendFor.add('g3');
  const job = streamDetectionJob({
    store,
    call: noCall,
    detectors: detectorsOf(scriptedDetector('check-alerts', { g1: [event('e1')], g3: [event('e3')], g4: [event('e4')] }, new Set(['g2']))),
  });
  const summary = await job.run(runOf());
  assert.match(summary, /^groups 4, events 2 appended to 2 subscriptions, 2 groups failed, first failure check-alerts group g2: upstream answered 502$/);
  assert.equal(store.states.get('g2'), '{"cursor":"2026-12-07T11:59:00.000Z"}', 'the failed detection left its state');
  assert.equal(store.states.get('g3'), null, 'events not stored → state not advanced');
  assert.deepEqual(store.log.filter((c) => c.op === 'save').map((c) => c.groupKey).sort(), ['g1', 'g4']);
});

test('stream-detection: at most `concurrency` groups are detected at once', async () => {
  const groups = Array.from({ length: 10 }, (_, i) => group(`g${i}`));
  const store = new FakeStore(groups, {});
  let inFlight = 0;
  let peak = 0;
  const slow: Detector = {
    source: 'check-alerts',
    async detect(g, now) {
      inFlight++;
      peak = Math.max(peak, inFlight);
      // Several turns of the event loop, so every lane that may start does start meanwhile.
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return { events: [], state: JSON.stringify({ cursor: now.toISOString(), g: g.groupKey }) };
    },
  };
  const summary = await streamDetectionJob({ store, call: noCall, detectors: detectorsOf(slow), concurrency: 3 }).run(runOf());
  assert.equal(peak, 3);
  assert.equal(summary, 'groups 10, events 0 appended to 0 subscriptions, 0 groups failed');
  assert.equal(store.log.length, 10);
});

test('stream-detection: a detection that ends after the run budget is not stored (the next tick repeats the window)', async () => {
  const store = new FakeStore([group('g1'), group('g2')], { g1: ['sub_a'], g2: ['sub_b'] });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  const detector: Detector = {
    source: 'check-alerts',
    async detect(g, now) {
      if (g.groupKey === 'g1') await held;
      return { events: [event(`e-${g.groupKey}`)], state: JSON.stringify({ cursor: now.toISOString() }) };
    },
  };
  const timers = new ManualTimers();
  const running = streamDetectionJob({ store, call: noCall, detectors: detectorsOf(detector), intervalMs: 60_000 }).run(runOf(timers));
  await new Promise((resolve) => setImmediate(resolve));
  timers.advance(60_000);
  assert.equal(await running, 'groups 2, events 1 appended to 1 subscriptions, 0 groups failed, 1 not finished (next tick)');
  release();
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(store.log.map((c) => `${c.op} ${c.groupKey}`), ['append g2', 'save g2'], 'g1 finished late: nothing stored');
});

test('stream-detection: the real detectors by default, through the shared caller', async () => {
  const input = { tokens: [TOKEN], wallets: [], criteria: { perp_max_leverage: 10, perp_min_pnl_swing_pts: 25, perp_liquidation_buffer_pct: 15 } };
  const store = new FakeStore([group('g1', 'check-alerts', input)], { g1: ['sub_a'] });
  const calls: { key: string; input: Record<string, unknown> }[] = [];
  const call: EndpointCaller = async (key, callInput): Promise<HandlerResult> => {
    calls.push({ key, input: callInput });
    const alert = { id: 'a1', kind: 'price_spike', severity: 'high', subject: { type: 'token', address: TOKEN }, fired_at: '2026-12-07T11:30:00.000Z', message: 'price rose 40 %', data: { change_pct: 40 } };
    return { data: { since: callInput.since, checked_at: NOW.toISOString(), alerts: [alert], truncated: false, criteria: {}, counts: { total: 1, by_severity: { high: 1, medium: 0, low: 0 }, by_kind: { price_spike: 1 } }, subjects: [] } };
  };
  const notified: string[][] = [];
  const summary = await streamDetectionJob({ store, call, onAppended: (ids) => notified.push(ids) }).run(runOf());
  assert.equal(summary, 'groups 1, events 1 appended to 1 subscriptions, 0 groups failed');
  assert.deepEqual(calls, [{ key: 'check-alerts', input: { ...input, since: SUBSCRIBED.toISOString() } }]);
  assert.deepEqual(store.log.map((c) => (c.op === 'append' ? `append ${c.eventIds.join(',')}` : `save ${c.state}`)), ['append a1', `save {"cursor":"${NOW.toISOString()}"}`]);
  assert.deepEqual(notified, [['sub_a']]);
});

test('stream-detection: onAppended throwing does not fail the group (its events and state are stored)', async () => {
  const store = new FakeStore([group('g1')], { g1: ['sub_a'] });
  const summary = await streamDetectionJob({
    store,
    call: noCall,
    detectors: detectorsOf(scriptedDetector('check-alerts', { g1: [event('e1')] })),
    onAppended: () => { throw new Error('stream hub closed'); },
  }).run(runOf());
  assert.equal(summary, 'groups 1, events 1 appended to 1 subscriptions, 0 groups failed, onAppended threw 1 time(s): stream hub closed');
  assert.deepEqual(store.log.map((c) => c.op), ['append', 'save']);
});
