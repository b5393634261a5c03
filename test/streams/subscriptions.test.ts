/**
 * Creating subscriptions (src/streams/subscriptions.ts): webhook URLs are restricted outside sandbox mode (no
 * plain http, no loopback, private or link-local hosts, no name resolving to one), identical watchlists share one detection group whatever
 * their key order, and tokens are kept only as hashes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { ApiError } from '../../src/errors/api-error.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { StreamHub } from '../../src/streams/hub.js';
import { groupKeyOf, SubscriptionService } from '../../src/streams/subscriptions.js';
import type { SubscriptionRepository, SubscriptionRow } from '../../src/store/subscriptions/types.js';

const MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const registry = buildServiceRegistry();

/** A resolver of names for the tests (no DNS): `inside.example.com` points into a private network. */
const resolve = async (host: string) => [{ address: host === 'inside.example.com' ? '10.0.0.7' : '93.184.216.34', family: 4 }];

function service(dataMode: 'sandbox' | 'live') {
  const rows: SubscriptionRow[] = [];
  const store = { createSubscription: async (row: SubscriptionRow) => void rows.push(row) } as unknown as SubscriptionRepository;
  const subscriptions = new SubscriptionService({ store, registry, dataMode, now: () => new Date('2026-11-20T12:00:00Z'), hub: new StreamHub(new ManualTimers()), publicUrl: 'http://x', resolve });
  return { subscriptions, rows };
}

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError && err.code === 'invalid_input');
    return (err.issues ?? []).map((i) => `${i.path}: ${i.message}`);
  }
  assert.fail('expected invalid_input');
}

describe('subscriptions: creation', () => {
  it('live mode refuses webhook URLs that would turn the service against private networks', async () => {
    const { subscriptions } = service('live');
    for (const url of ['https://inside.example.com/x', 'http://hooks.example.com/x', 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://localhost/x', 'https://user:pw@hooks.example.com/x', 'https://192.168.1.5/x']) {
      const issues = await refusal(subscriptions.create({ source: 'exit-signal', input: { mint: MINT }, delivery: { type: 'webhook', url } }));
      assert.ok(issues.length === 1 && issues[0]!.startsWith('/delivery/url'), `${url}: ${issues.join('; ')}`);
    }
    const extra = await refusal(subscriptions.create({ source: 'exit-signal', input: { mint: MINT }, delivery: { type: 'webhook', url: 'https://hooks.example.com/x', secret: 'mine' } }));
    assert.deepEqual(extra, ['/delivery/secret: is not a delivery field']);
    const ok = await subscriptions.create({ source: 'exit-signal', input: { mint: MINT }, delivery: { type: 'webhook', url: 'https://hooks.example.com/x' } });
    assert.equal(ok.row.webhookUrl, 'https://hooks.example.com/x');
    assert.match(ok.row.webhookSecret!, /^whsec_/);
  });

  it('sandbox mode allows a loopback receiver (the tests and the demo use one)', async () => {
    const { subscriptions } = service('sandbox');
    const ok = await subscriptions.create({ source: 'exit-signal', input: { mint: MINT }, delivery: { type: 'webhook', url: 'http://127.0.0.1:9/hook' } });
    assert.equal(ok.row.delivery, 'webhook');
  });

  it('identical watchlists share a group whatever the key order; the token is stored hashed', async () => {
    const { subscriptions, rows } = service('sandbox');
    const a = await subscriptions.create({ source: 'check-alerts', input: { tokens: [MINT], criteria: { perp_max_leverage: 20, min_price_change_pct: 5 } }, delivery: { type: 'stream' } });
    const b = await subscriptions.create({ source: 'check-alerts', input: { criteria: { min_price_change_pct: 5, perp_max_leverage: 20 }, tokens: [MINT] }, delivery: { type: 'stream' } });
    const c = await subscriptions.create({ source: 'check-alerts', input: { tokens: [MINT], criteria: { min_price_change_pct: 6 } }, delivery: { type: 'stream' } });
    assert.equal(a.row.groupKey, b.row.groupKey);
    assert.notEqual(a.row.groupKey, c.row.groupKey);
    assert.equal(a.row.groupKey, groupKeyOf('check-alerts', a.row.input));
    assert.notEqual(a.row.tokenHash, a.token);
    assert.ok(rows.every((r) => !JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? String(v) : v)).includes(a.token)), 'the token itself is never stored');
  });
});
