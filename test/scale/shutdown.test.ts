/**
 * Graceful shutdown of one instance process (SQLite default): SIGTERM while a paid call is in flight — the
 * call still answers 200 and is charged exactly once, new connections are refused, the process exits 0.
 * Readiness and liveness: /status/live and /status/ready answer 200 while serving.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { CAST_ADDRESS } from '../../src/sandbox/world/cast.js';
import { newPayer } from '../helpers/payers.js';
import { invoke, startInstance, startSharedChain, type Instance, type SharedChain } from './instances.js';

describe('SIGTERM drains in-flight calls', () => {
  let chain: SharedChain;
  let instance: Instance;
  const dataDir = mkdtempSync(join(tmpdir(), 'oea-shutdown-'));

  before(async () => {
    chain = await startSharedChain();
    instance = await startInstance('drain', {
      DATA_DIR: dataDir, JOBS_ENABLED: 'false', SHUTDOWN_GRACE_MS: '20000',
      SANDBOX_SOLANA_RPC_URL: chain.solanaUrl, SANDBOX_BASE_RPC_URL: chain.baseUrl,
      // Every wallet-asset read takes 1.5 s: a call is surely in flight when SIGTERM arrives.
      SANDBOX_FAULTS: JSON.stringify({ wallet_assets: { latencyMs: 1500 } }),
    });
  });
  after(async () => {
    if (instance.proc.exitCode === null && instance.proc.signalCode === null) instance.proc.kill('SIGKILL');
    await chain.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('live and ready while serving', async () => {
    assert.equal((await fetch(`${instance.url}/status/live`)).status, 200);
    const ready = await fetch(`${instance.url}/status/ready`);
    assert.equal(ready.status, 200);
    assert.equal(((await ready.json()) as { ready: boolean }).ready, true);
  });

  it('the in-flight paid call answers 200 and is charged once; then the process exits 0', async () => {
    const payer = await newPayer(chain.asService, 'solana');
    const before = await payer.balance();
    const body = { address: CAST_ADDRESS.WALLET_DEFI };
    const challenge = await invoke(instance, 'enrich-wallet-light', body);
    const payload = await payer.client.createPaymentPayload(decodePaymentRequiredHeader(challenge.headers.get('payment-required')!));
    const inFlight = invoke(instance, 'enrich-wallet-light', body, { 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(payload)).toString('base64') });
    await new Promise((r) => setTimeout(r, 400));
    instance.proc.kill('SIGTERM');
    const signalled = Date.now();
    const answer = await inFlight;
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.ok(answer.headers.get('payment-response'), 'settled before answering');
    assert.equal(answer.headers.get('connection'), 'close', 'a draining instance tells the client not to reuse the connection');
    assert.equal(before - (await payer.balance()), 2000n);
    assert.equal(await instance.exited, 0);
    // Keep-alive connections (this test's fetch keeps them) must not hold the exit until the grace period ends.
    const drained = Date.now() - signalled;
    assert.ok(drained < 10_000, `exited ${drained} ms after SIGTERM, not after the 20 s grace`);
    await assert.rejects(fetch(`${instance.url}/status/live`), 'no longer accepting connections');
  });
});
