/**
 * Live-mode wiring with a remote facilitator (`FACILITATOR_URL` + `FACILITATOR_AUTH_HEADER`): the
 * service reaches an x402 facilitator over HTTP — here a loopback one backed by the sandbox chains —
 * sending the configured auth header, and a paid call settles through it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalFacilitatorClient } from '../../src/payments/facilitator/index.js';
import { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('remote facilitator (live-mode wiring)', () => {
  let solana: SolanaSandbox;
  let base: BaseSandbox;
  let facilitatorServer: Server;
  let service: TestService;
  const seenAuth: string[] = [];
  const seenPaths: string[] = [];
  const ids = deriveSandboxIdentities('remote-facilitator-test');

  before(async () => {
    [solana, base] = await Promise.all([startSolanaSandbox(), startBaseSandbox()]);
    const local = await createLocalFacilitatorClient({
      solanaRpcUrl: solana.url, baseRpcUrl: base.url, evmPrivateKey: ids.facilitatorEvmKey, svmSecretKey: ids.facilitatorSvmSeed,
    });
    // A minimal facilitator over HTTP, speaking the x402 facilitator API (/verify, /settle, /supported).
    facilitatorServer = createServer(async (req, res) => {
      seenAuth.push(String(req.headers.authorization ?? ''));
      seenPaths.push(req.url ?? '');
      let body = '';
      for await (const chunk of req) body += chunk;
      const send = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.url === '/supported') return send(await local.getSupported());
      const { paymentPayload, paymentRequirements } = JSON.parse(body);
      if (req.url === '/verify') return send(await local.verify(paymentPayload, paymentRequirements));
      if (req.url === '/settle') return send(await local.settle(paymentPayload, paymentRequirements));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => facilitatorServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(facilitatorServer.address() as AddressInfo).port}`;
    service = await startTestService({ registry: fixtureRegistry() }, {
      DATA_MODE: 'live', FACILITATOR_URL: url, FACILITATOR_AUTH_HEADER: 'Authorization: Bearer facilitator-secret',
      PAY_TO_SOLANA: ids.payToSolana, PAY_TO_BASE: ids.payToBase,
    });
    // Live mode starts no sandbox: point the test payers at the chains the facilitator uses.
    service.sandbox = { solana, base };
  });
  after(async () => {
    await service.close();
    await new Promise((r) => facilitatorServer.close(r));
    await Promise.all([solana.close(), base.close()]);
  });

  it('/status reports live mode and the remote facilitator as healthy', async () => {
    const status = (await (await fetch(`${service.url}/status`)).json()) as any;
    assert.equal(status.data_mode, 'live');
    assert.equal(status.sandbox, undefined);
    assert.equal(status.components.facilitator.ok, true);
  });

  for (const network of ['solana', 'base'] as const) {
    it(`a paid call on ${network} verifies and settles through the remote facilitator with its auth header`, async () => {
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      seenPaths.length = 0;
      const res = await paidInvoke(payer, service, 'test-echo', { value: 'remote' });
      assert.equal(res.status, 200, await res.clone().text());
      assert.ok(res.headers.get('payment-response'));
      assert.equal(before - (await payer.balance()), 2000n);
      assert.ok(seenPaths.includes('/verify') && seenPaths.includes('/settle'), seenPaths.join(','));
      assert.ok(seenAuth.length > 0 && seenAuth.every((a) => a === 'Bearer facilitator-secret'));
    });
  }
});

describe('remote facilitator down', () => {
  let service: TestService;
  before(async () => {
    // A port that nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const ids = deriveSandboxIdentities('down');
    service = await startTestService({ registry: fixtureRegistry() }, {
      DATA_MODE: 'live', FACILITATOR_URL: `http://127.0.0.1:${port}`, PAY_TO_SOLANA: ids.payToSolana, PAY_TO_BASE: ids.payToBase,
    });
  });
  after(() => service.close());

  it('the service still starts; /status says degraded; paid calls answer 503 retryable, free ones still answer', async () => {
    const status = (await (await fetch(`${service.url}/status`)).json()) as any;
    assert.equal(status.status, 'degraded');
    assert.equal(status.components.facilitator.ok, false);
    const paid = await service.invoke('test-echo', {});
    assert.equal(paid.status, 503);
    const err = ((await paid.json()) as any).error;
    assert.equal(err.code, 'upstream_unavailable');
    assert.equal(err.retryable, true);
    assert.doesNotMatch(JSON.stringify(err), /127\.0\.0\.1/, 'no internals in the answer');
    // Free routes need no facilitator. (Not launchpad-pairs: in live mode it would dial the launch platform.)
    assert.equal((await fetch(`${service.url}/openapi.json`)).status, 200);
  });
});
