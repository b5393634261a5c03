/**
 * `/mcp` answers every request, holds nothing open, and never settles a call nobody waits for — over the
 * sandbox service on loopback, paid by the official x402 clients, balances read on the sandbox chains:
 *
 * - `ping` + `notifications/cancelled` of it in one batch is answered (it once left the POST open for good);
 * - a paid `tools/call` cancelled in its own batch is answered −32800 and charges nothing (its payment
 *   stays unused);
 * - a paid call beside a cancel of a different request is served and charged exactly once;
 * - a paid call whose HTTP caller leaves while it computes is not settled;
 * - a call slower than the answer deadline gets its tool error (`upstream_timeout`) when the manual time
 *   passes the deadline, and is not charged.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { describe, it } from 'node:test';
import type { PaymentRequired } from '@x402/core/types';
import { CAST_ADDRESS as CAST } from '../../src/sandbox/world/cast.js';
import type { StoredClaim } from '../../src/store/types.js';
import { REQUEST_CANCELLED } from '../../src/mcp/answering-transport.js';
import { SourceRequests } from '../helpers/drive.js';
import { until } from '../helpers/measured.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import { suiteService, type TestService } from '../helpers/service.js';
import { cancelOf, hangDetector, MCP_HEADERS, postMcp, toolCallOf, type Json } from './rpc.js';

const TOOL = 'enrich-wallet-light';
const PRICE = 2000n; // 0.002 USDC

async function paymentRequired(service: TestService, address: string): Promise<PaymentRequired> {
  const { body } = await postMcp(`${service.url}/mcp`, toolCallOf(1, TOOL, { address }));
  assert.equal(body.result.isError, true, 'payment required');
  return body.result.structuredContent as PaymentRequired;
}

async function balances(payer: Payer): Promise<{ payer: bigint; operator: bigint }> {
  return { payer: await payer.balance(), operator: await payer.operatorBalance() };
}

/** The payer's claim once it has left `claimed` (the call ended one way or the other). */
async function finishedClaim(service: TestService, payer: Payer): Promise<StoredClaim> {
  const statuses = ['not_settled', 'settled', 'delivered', 'undelivered', 'unconfirmed'] as const;
  const future = new Date(Date.now() + 365 * 86_400_000);
  return until(async () => {
    for (const status of statuses) {
      const claim = (await service.store.listClaims(status, future, 1_000)).find((c) => c.payer.toLowerCase() === payer.address.toLowerCase());
      if (claim) return claim;
    }
    return undefined;
  });
}

describe('MCP: every request answered, a call nobody waits for never settled', () => {
  const service = suiteService();
  const mcp = () => `${service.url}/mcp`;

  it('ping and a cancel of it in one batch: answered (-32800), nothing held open', async () => {
    const answered = await hangDetector(mcp());
    const { status, body } = await answered('ping + cancel', postMcp(mcp(), [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }]));
    assert.equal(status, 200);
    assert.deepEqual(body, [{ jsonrpc: '2.0', id: 1, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } }]);
  });

  it('a paid tools/call cancelled in its own batch: -32800, nothing charged, the payment still unused', async () => {
    const answered = await hangDetector(mcp());
    const args = { address: CAST.WALLET_DEFI };
    const payer = await newPayer(service, 'solana');
    const payment = await payer.client.createPaymentPayload(await paymentRequired(service, args.address));
    const before = await balances(payer);

    const { body } = await answered('a cancelled paid call', postMcp(mcp(), [toolCallOf(7, TOOL, args, payment), cancelOf(7)]));
    assert.deepEqual(body, [{ jsonrpc: '2.0', id: 7, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } }]);
    assert.deepEqual(await balances(payer), before, 'neither the payer nor the operator moved');

    // The cancelled call never reached the payment pipeline: the same payment buys the answer once.
    const { body: served } = await postMcp(mcp(), toolCallOf(8, TOOL, args, payment));
    assert.ok(!served.result.isError, JSON.stringify(served).slice(0, 500));
    const after = await balances(payer);
    assert.equal(before.payer - after.payer, PRICE);
    assert.equal(after.operator - before.operator, PRICE);
  });

  it('a paid call beside a cancel of a different request: served and charged exactly once', async () => {
    const args = { address: CAST.WALLET_DEFI };
    const payer = await newPayer(service, 'base');
    const payment = await payer.client.createPaymentPayload(await paymentRequired(service, args.address));
    const before = await balances(payer);

    // No hang detector here: the answer waits for a settlement on chain, far slower than the ping it measures.
    const { body } = await postMcp(mcp(), [
      toolCallOf(1, TOOL, args, payment),
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      cancelOf(2),
    ]);
    assert.equal(body.length, 2);
    const [call, ping] = body as Json[];
    assert.equal(call.id, 1);
    assert.ok(!call.result.isError, JSON.stringify(call).slice(0, 500));
    assert.equal(call.result.structuredContent.address, CAST.WALLET_DEFI);
    assert.equal(call.result._meta['x402/payment-response'].success, true);
    assert.deepEqual(ping, { jsonrpc: '2.0', id: 2, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } });
    const after = await balances(payer);
    assert.equal(before.payer - after.payer, PRICE, 'debited exactly the price');
    assert.equal(after.operator - before.operator, PRICE);
  });

  it('a paid call whose HTTP caller leaves while it computes is not settled', async () => {
    // A wallet no other test here asks about (a cached answer would need no source), its assets held by a
    // latency fault until this test moves the time.
    const args = { address: CAST.WALLET_NFT_COLLECTOR };
    const LATENCY_MS = 1_000;
    const faults = service.sandbox!.providers!.faults;
    const payer = await newPayer(service, 'solana');
    const payment = await payer.client.createPaymentPayload(await paymentRequired(service, args.address));
    const before = await balances(payer);
    faults.set('wallet_assets', { latencyMs: LATENCY_MS });
    const requests = new SourceRequests(service);
    try {
      // Its own connection, so the server's end of it is known.
      const accepted = new Promise<Socket>((resolve) => service.app.server.once('connection', resolve));
      const req = httpRequest(mcp(), { method: 'POST', headers: MCP_HEADERS, agent: false });
      req.on('error', () => undefined); // destroyed on purpose
      req.end(JSON.stringify(toolCallOf(1, TOOL, args, payment)));
      const socket = await accepted;
      await requests.waitingOn(['wallet_assets']);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      req.destroy();
      // The response's own close listeners run in the same emit as this socket's: a turn later the route has seen it.
      await closed;
      await new Promise((resolve) => setImmediate(resolve));
      service.advance(LATENCY_MS);
      const claim = await finishedClaim(service, payer);
      assert.equal(claim.status, 'not_settled');
      assert.equal(claim.reason, 'client_gone');
      assert.deepEqual(await balances(payer), before, 'neither the payer nor the operator moved');
    } finally {
      requests.restore();
      faults.set('wallet_assets', undefined);
    }
  });
});

describe('MCP: a call slower than the answer deadline', () => {
  const DEADLINE_MS = 300;
  const service = suiteService({}, { ANSWER_DEADLINE_MS: String(DEADLINE_MS) });

  it('gets its tool error (upstream_timeout) once the manual time passes the deadline, and is not charged', async () => {
    const mcp = `${service.url}/mcp`;
    const answered = await hangDetector(mcp);
    const args = { address: CAST.WALLET_DEFI };
    const faults = service.sandbox!.providers!.faults;
    const payer = await newPayer(service, 'base');
    const payment = await payer.client.createPaymentPayload(await paymentRequired(service, args.address));
    const before = await balances(payer);
    faults.set('wallet_assets', { hang: true });
    const requests = new SourceRequests(service);
    try {
      let done = false;
      const answer = postMcp(mcp, toolCallOf(1, TOOL, args, payment)).finally(() => {
        done = true;
      });
      await requests.waitingOn(['wallet_assets']);
      assert.equal(done, false, 'no answer while the source is held');
      service.advance(DEADLINE_MS);
      const { status, body } = await answered('a call past the deadline', answer);
      assert.equal(status, 200);
      assert.equal(body.id, 1);
      assert.equal(body.result.isError, true);
      const error = body.result.structuredContent.error;
      assert.equal(error.code, 'upstream_timeout');
      assert.equal(error.retryable, true);
      assert.deepEqual(await balances(payer), before, 'not charged');
      await requests.idle();
    } finally {
      requests.restore();
      faults.set('wallet_assets', undefined);
    }
  });
});
