/**
 * Graceful shutdown of one instance process (SQLite default): SIGTERM while a paid call is in flight — the
 * call still answers 200 and is charged exactly once, new connections are refused, the process exits 0.
 * Readiness and liveness: /status/live and /status/ready answer 200 while serving.
 *
 * Real time, measured (docs/testing.md): the call is held in flight by test/scale/hold-leg.ts (its wallet
 * read waits until SIGTERM), so it is surely in flight when the signal arrives however slow the machine is;
 * the exit must come within 10 × the time one paid call took at the same instance, far under the grace
 * period a lingering keep-alive connection would wait for.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { CAST_ADDRESS } from '../../src/sandbox/world/cast.js';
import { timed, within } from '../helpers/measured.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import { HOLD_PRELOAD, armHold, held, invoke, startInstance, startSharedChain, type Instance, type SharedChain } from './instances.js';

/**
 * The grace period, and the instance's source and answer budgets: 10 minutes, far above anything this test
 * waits for, so none of them decides anything here — a keep-alive connection holding the exit until the grace
 * ends shows as an exit 10 minutes late (the bound below fails long before), and the held call is never cut.
 */
const LONG_MS = String(10 * 60_000);

describe('SIGTERM drains in-flight calls', () => {
  let chain: SharedChain;
  let instance: Instance;
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-shutdown-'));

  before(async () => {
    chain = await startSharedChain();
    instance = await startInstance('drain', {
      DATA_DIR: dataDir, JOBS_ENABLED: 'false', SHUTDOWN_GRACE_MS: LONG_MS, SOURCE_TIMEOUT_MS: LONG_MS, ANSWER_DEADLINE_MS: LONG_MS,
      SANDBOX_SOLANA_RPC_URL: chain.solanaUrl, SANDBOX_BASE_RPC_URL: chain.baseUrl,
    }, HOLD_PRELOAD);
  });
  after(async () => {
    if (instance && instance.proc.exitCode === null && instance.proc.signalCode === null) instance.proc.kill('SIGKILL');
    await chain.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A signed payment header for one call of `body` at the instance. */
  async function sign(payer: Payer, body: unknown): Promise<Record<string, string>> {
    const challenge = await invoke(instance, 'enrich-wallet-light', body);
    const payload = await payer.client.createPaymentPayload(decodePaymentRequiredHeader(challenge.headers.get('payment-required')!));
    return { 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(payload)).toString('base64') };
  }

  it('live and ready while serving', async () => {
    assert.equal((await fetch(`${instance.url}/status/live`)).status, 200);
    const ready = await fetch(`${instance.url}/status/ready`);
    assert.equal(ready.status, 200);
    assert.equal(((await ready.json()) as { ready: boolean }).ready, true);
  });

  it('the in-flight paid call answers 200 and is charged once; then the process exits 0', async (t) => {
    const payer = await newPayer(chain.asService, 'solana');
    // The yardstick: one paid call of the same endpoint at this instance, nothing held.
    const yardstick = { address: CAST_ADDRESS.WALLET_RISK_LOW };
    const headers = await sign(payer, yardstick);
    const one = await timed(async () => {
      const res = await invoke(instance, 'enrich-wallet-light', yardstick, headers);
      await res.arrayBuffer();
      return res.status;
    });
    assert.equal(one.value, 200);

    const before = await payer.balance();
    const body = { address: CAST_ADDRESS.WALLET_DEFI };
    const payment = await sign(payer, body);
    await armHold(instance);
    const inFlight = invoke(instance, 'enrich-wallet-light', body, payment);
    // Verified, claimed and waiting in its handler on the held wallet read: in flight until SIGTERM.
    await held(instance, 1);
    instance.proc.kill('SIGTERM');
    const signalled = performance.now();
    const answer = await inFlight;
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.ok(answer.headers.get('payment-response'), 'settled before answering');
    assert.equal(answer.headers.get('connection'), 'close', 'a draining instance tells the client not to reuse the connection');
    // Keep-alive connections (this test's fetch keeps them) must not hold the exit until the grace period ends.
    const bound = 10 * one.ms;
    assert.equal(await within(instance.exited, Math.max(0, bound - (performance.now() - signalled)), 'exit after SIGTERM'), 0);
    const drained = performance.now() - signalled;
    t.diagnostic(`one paid call ${one.ms.toFixed(0)} ms; exited ${drained.toFixed(0)} ms after SIGTERM (bound ${bound.toFixed(0)} ms, grace ${LONG_MS} ms)`);
    assert.equal(before - (await payer.balance()), 2000n);
    await assert.rejects(fetch(`${instance.url}/status/live`), 'no longer accepting connections');
  });
});
