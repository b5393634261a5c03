/**
 * Two service instances (separate processes, different ports) sharing one PostgreSQL schema, one Redis
 * prefix and one sandbox chain — the scale-out topology of docs/deploy.md:
 * - a payment used at A is refused at B; 20 concurrent copies of one payment spread over both settle once;
 * - the demo limit, the answer cache and the stored snapshots are shared;
 * - each job runs once per interval across both;
 * - SIGKILL of B under load: A keeps answering, and no payment in flight at B is settled (its result was
 *   never produced), while its claim stays recorded so the payment cannot be used again.
 * Needs PostgreSQL and Redis on loopback (skipped outside CI when absent, failed in CI).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { openRedis, type RedisConnection } from '../../src/cache/redis-connection.js';
import { CAST_ADDRESS } from '../../src/sandbox/world/cast.js';
import { deletePrefix } from '../cache/redis-helpers.js';
import { until } from '../helpers/measured.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import {
  HOLD_PRELOAD, PG_URL, REDIS_URL, armHold, invoke, isolation, reachable, startInstance, startSharedChain, stopInstance, type Instance, type SharedChain,
} from './instances.js';

const WALLET_LIGHT_PRICE = 2000n;
const TOKEN_LIGHT_PRICE = 2000n;

/** An answer: the endpoint's fields at the top level beside `caveats`, `next_steps` and `meta`. */
interface Answer {
  meta: { cache: { hit: boolean }; request_id: string; served_at: string };
  [field: string]: unknown;
}

async function errorCode(res: Response): Promise<string> {
  const body = (await res.json()) as { error: string | { code: string } };
  return typeof body.error === 'string' ? body.error : body.error.code;
}

/** The answer without its per-call meta. */
const fields = ({ meta: _meta, ...rest }: Answer) => rest;

/** A signed x402 v2 payment for one call of `key` with `body`, challenged at `instance`. */
async function sign(payer: Payer, instance: Instance, key: string, body: unknown): Promise<string> {
  const challenge = await invoke(instance, key, body);
  assert.equal(challenge.status, 402);
  const payload = await payer.client.createPaymentPayload(decodePaymentRequiredHeader(challenge.headers.get('payment-required')!));
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const paid = (instance: Instance, key: string, body: unknown, payment: string) => invoke(instance, key, body, { 'PAYMENT-SIGNATURE': payment });

function runBackfill(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backfill.ts', '--days', '1'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  proc.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  return new Promise((resolve) => proc.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('two instances over one PostgreSQL and one Redis', async () => {
  // An absent server refuses the connection at once; a present one gets all the time it needs, so a slow
  // machine never turns "present" into "absent" (a skip, or a failure in CI).
  const available = await reachable(async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.end();
    const { hostname, port } = new URL(REDIS_URL);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => { socket.destroy(); resolve(); });
      socket.once('error', reject);
    });
    const redis = await openRedis(REDIS_URL, { timeoutMs: 10 * 60_000 });
    await redis.close();
  });
  const { schema, prefix } = isolation();
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-two-'));
  let chain: SharedChain;
  let a: Instance;
  let b: Instance;
  let db: pg.Pool;
  let redis: RedisConnection;
  let env: Record<string, string>;

  before(async () => {
    if (!available) return;
    chain = await startSharedChain();
    env = {
      DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: prefix,
      SANDBOX_SOLANA_RPC_URL: chain.solanaUrl, SANDBOX_BASE_RPC_URL: chain.baseUrl,
      DATA_DIR: dataDir, DEMO_LIMIT_PER_HOUR: '4',
    };
    // B's wallet reads can be held (test/scale/hold-leg.ts), so its calls are surely in flight when it is
    // killed, however slow the machine. B's source and answer budgets are 10 minutes: the held reads must not
    // be cut before the kill, and every other read at B is a healthy loopback provider no budget comes near.
    [a, b] = await Promise.all([
      startInstance('A', env),
      startInstance('B', { ...env, SOURCE_TIMEOUT_MS: String(10 * 60_000), ANSWER_DEADLINE_MS: String(10 * 60_000) }, HOLD_PRELOAD),
    ]);
    db = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    redis = await openRedis(REDIS_URL);
  });

  after(async () => {
    if (!available) return;
    // Clean-up only: a wedged instance is killed rather than left behind.
    for (const i of [a, b]) if (i) await stopInstance(i, 30_000);
    await chain?.close();
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db?.end();
    if (redis) {
      await deletePrefix(redis.client, prefix);
      await redis.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both use PostgreSQL and Redis, on different ports', { skip: !available }, async () => {
    assert.notEqual(new URL(a.url).port, new URL(b.url).port);
    for (const i of [a, b]) {
      const status = (await (await fetch(`${i.url}/status`)).json()) as { components: Record<'store' | 'cache', { backend: string; ok: boolean }> };
      assert.deepEqual(status.components.store, { ok: true, backend: 'postgres' });
      assert.deepEqual(status.components.cache, { ok: true, backend: 'redis' });
    }
  });

  it('a payment used at A is refused at B, and nothing more is charged', { skip: !available }, async () => {
    const payer = await newPayer(chain.asService, 'solana');
    const start = await payer.balance();
    const body = { address: CAST_ADDRESS.WALLET_RISK_LOW };
    const payment = await sign(payer, a, 'enrich-wallet-light', body);
    const first = await paid(a, 'enrich-wallet-light', body, payment);
    assert.equal(first.status, 200, await first.clone().text());
    const again = await paid(b, 'enrich-wallet-light', body, payment);
    assert.equal(again.status, 402);
    assert.equal(await errorCode(again), 'payment_replayed');
    assert.equal(start - (await payer.balance()), WALLET_LIGHT_PRICE);
  });

  it('20 concurrent copies of one payment over both instances: exactly one answer, one charge', { skip: !available }, async () => {
    const payer = await newPayer(chain.asService, 'base');
    const start = await payer.balance();
    const body = { address: CAST_ADDRESS.WALLET_RISK_MODERATE };
    const payment = await sign(payer, b, 'enrich-wallet-light', body);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => paid(i % 2 === 0 ? a : b, 'enrich-wallet-light', body, payment)));
    const statuses = answers.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
    const codes = await Promise.all(answers.filter((r) => r.status !== 200).map(errorCode));
    assert.deepEqual([...new Set(codes)], ['payment_replayed']);
    assert.equal(start - (await payer.balance()), WALLET_LIGHT_PRICE);
    // Recorded once the answer went out: a moment after the response.
    const claims = await until(async () => {
      const rows = (await db.query(`SELECT status FROM payment_claims WHERE payer = $1`, [payer.address])).rows as { status: string }[];
      return rows.every((r) => r.status !== 'claimed') && rows;
    });
    assert.deepEqual(claims, [{ status: 'delivered' }]);
  });

  it('the demo limit is shared: 4 per hour across both instances', { skip: !available }, async () => {
    const demo = (i: Instance) => fetch(`${i.url}/demo/enrich`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: CAST_ADDRESS.WALLET_DEFI }) });
    const statuses = [];
    for (const i of [a, b, a, b, a, b]) statuses.push((await demo(i)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
  });

  it('the answer cache is shared: a call computed at A is a hit at B', { skip: !available }, async () => {
    const payer = await newPayer(chain.asService, 'solana');
    const body = { mint: CAST_ADDRESS.TOKEN_SAFE };
    const atA = await paid(a, 'enrich-token-light', body, await sign(payer, a, 'enrich-token-light', body));
    assert.equal(atA.status, 200);
    const atB = await paid(b, 'enrich-token-light', body, await sign(payer, b, 'enrich-token-light', body));
    assert.equal(atB.status, 200);
    const [ea, eb] = [(await atA.json()) as Answer, (await atB.json()) as Answer];
    assert.equal(ea.meta.cache.hit, false);
    assert.equal(eb.meta.cache.hit, true);
    assert.equal(ea.mint, CAST_ADDRESS.TOKEN_SAFE);
    assert.deepEqual(fields(eb), fields(ea));
  });

  it('snapshots are shared: A records one per answer; backfilled days read the same at A and B', { skip: !available }, async () => {
    // The paid call above at A (enrich-token-light of TOKEN_SAFE) writes today's snapshot after answering:
    // waited for as a row, however long the write takes.
    const today = new Date().toISOString().slice(0, 10);
    const rows = await until(async () => {
      const found = (await db.query(`SELECT day FROM snapshots WHERE subject_type = 'token' AND subject = $1 AND day = $2`, [CAST_ADDRESS.TOKEN_SAFE, today])).rows;
      return found.length > 0 && found;
    }, 50);
    assert.equal(rows.length, 1, "A's snapshot is in PostgreSQL");
    // Yesterday's points written by the backfill CLI into the same database, then read at both instances.
    const backfill = await runBackfill(env);
    assert.equal(backfill.code, 0, backfill.stderr);
    assert.ok((JSON.parse(backfill.stdout) as { written: number }).written > 0);
    const payer = await newPayer(chain.asService, 'solana');
    const body = { mint: CAST_ADDRESS.TOKEN_CAUTION, lookback: '7d' };
    const stored = async (i: Instance) => {
      const r = await paid(i, 'token-trend', body, await sign(payer, i, 'token-trend', body));
      assert.equal(r.status, 200, await r.clone().text());
      return ((await r.json()) as Answer & { points: { live: boolean; day: string }[] }).points.filter((p) => !p.live);
    };
    const [atA, atB] = [await stored(a), await stored(b)];
    assert.equal(atA.length, 1, 'the backfilled day');
    assert.deepEqual(atB, atA);
  });

  it('each job ran once per interval across both instances', { skip: !available }, async () => {
    const jobs = ['launchpad-index', 'snapshot-sweep', 'retention'];
    const runs = () => [...a.logs, ...b.logs].filter((l) => l.msg === 'job ran').map((l) => `${String(l.job)}@${String(l.interval)}`);
    // The coin index pages through the platform at its rate limit: it may still be running. Waited for as the
    // log line of each job's first run (or a failure, reported below), at either instance.
    await Promise.all(jobs.map((job) => Promise.race([a, b].map((i) => i.waitForLog((l) => (l.msg === 'job ran' || l.msg === 'job failed') && l.job === job)))));
    const ran = runs();
    assert.deepEqual([...a.logs, ...b.logs].filter((l) => l.msg === 'job failed'), []);
    for (const job of jobs) assert.ok(ran.some((r) => r.startsWith(`${job}@`)), `${job} ran: ${ran.join(' ')}`);
    assert.equal(new Set(ran).size, ran.length, `no interval ran twice: ${ran.join(' ')}`);
  });

  it('SIGKILL of B under load: A keeps answering; nothing in flight at B is charged, and its payments stay claimed', { skip: !available }, async (t) => {
    const wallets = [CAST_ADDRESS.WALLET_NEW, CAST_ADDRESS.WALLET_NFT_COLLECTOR, CAST_ADDRESS.WALLET_AIRDROP_FARMER, CAST_ADDRESS.WALLET_REPETITIVE, CAST_ADDRESS.WALLET_HIGH_FREQUENCY, CAST_ADDRESS.WALLET_24_7_ACTIVE];
    const atB = await Promise.all(wallets.map(async (address) => {
      const payer = await newPayer(chain.asService, 'solana');
      const body = { address };
      return { payer, start: await payer.balance(), payment: await sign(payer, b, 'enrich-wallet-light', body), body };
    }));
    const tokens = [CAST_ADDRESS.TOKEN_RISKY, CAST_ADDRESS.TOKEN_VOL_LOW, CAST_ADDRESS.TOKEN_VOL_MODERATE, CAST_ADDRESS.TOKEN_VOL_HIGH, CAST_ADDRESS.TOKEN_VOL_EXTREME, CAST_ADDRESS.TOKEN_HHI_WELL, CAST_ADDRESS.TOKEN_HHI_MODERATE, CAST_ADDRESS.TOKEN_HHI_HIGH];
    const aPayer = await newPayer(chain.asService, 'solana');
    const aStart = await aPayer.balance();

    // From here B holds every wallet read until it dies: its calls stay in flight whatever the machine's speed.
    await armHold(b);
    const inFlight = atB.map((c) => paid(b, 'enrich-wallet-light', c.body, c.payment).then((r) => r.status, () => 'cut'));
    // A serves a steady stream of paid calls before, during and after the kill.
    const atA = (async () => {
      const statuses: number[] = [];
      for (const mint of tokens) {
        const body = { mint };
        statuses.push((await paid(a, 'enrich-token-light', body, await sign(aPayer, a, 'enrich-token-light', body))).status);
      }
      return statuses;
    })();
    // Killed once B has claimed every payment (each handler then runs into its held wallet read).
    const payers = atB.map((c) => c.payer.address);
    await until(async () => {
      const { rows } = await db.query(`SELECT COUNT(*)::int AS n FROM payment_claims WHERE payer = ANY($1)`, [payers]);
      return (rows[0] as { n: number }).n === payers.length;
    });
    t.diagnostic(`B claimed all ${payers.length} payments; wallet reads held at B when killed: ${b.logs.filter((l) => l.msg === 'sandbox request held').length}`);
    b.proc.kill('SIGKILL');
    assert.equal(await b.exited, 'SIGKILL');

    assert.deepEqual(await Promise.all(inFlight), wallets.map(() => 'cut'), 'every call at B was in flight when B died');
    assert.deepEqual(await atA, tokens.map(() => 200));
    assert.equal((await fetch(`${a.url}/status/ready`)).status, 200);
    assert.equal(aStart - (await aPayer.balance()), BigInt(tokens.length) * TOKEN_LIGHT_PRICE, 'A charged each of its answers once');

    for (const c of atB) {
      assert.equal(await c.payer.balance(), c.start, 'no result was produced, so nothing was settled');
      const claims = await db.query(`SELECT status FROM payment_claims WHERE payer = $1`, [c.payer.address]);
      assert.deepEqual(claims.rows, [{ status: 'claimed' }], 'the claim stays: the payment cannot be used twice');
      const retry = await paid(a, 'enrich-wallet-light', c.body, c.payment);
      assert.equal(retry.status, 402);
      assert.equal(await errorCode(retry), 'payment_replayed');
    }
  });
});
