/**
 * When our facilitator claims `upto` on Base (src/payments/facilitator/evm-upto.ts): only where the chain has code at
 * Permit2 and at the x402 upto proxy. A chain without them, or an RPC that does not answer, leaves upto out of
 * `/supported` (and so out of every challenge) without holding start-up back. The chain that has them is the sandbox
 * EVM of test/http/paid-upto.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { x402Facilitator } from '@x402/core/facilitator';
import { createEvmFacilitator, SANDBOX_FACILITATOR_PRIVATE_KEY } from '../../src/payments/facilitator/evm.js';
import { registerEvmUptoScheme, uptoContractsDeployed, uptoSettleReasonMeansNothingMoved } from '../../src/payments/facilitator/evm-upto.js';

/** A JSON-RPC node that answers eth_getCode with `code`, or never answers when `code` is undefined. */
function fakeNode(code: string | undefined): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (code === undefined) return; // hangs
      const requests = JSON.parse(body) as { id: number }[] | { id: number };
      const answer = (r: { id: number }) => ({ jsonrpc: '2.0', id: r.id, result: code });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(requests) ? requests.map(answer) : answer(requests)));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

describe('upto on our facilitator', () => {
  const nodes: Server[] = [];
  let empty: string;
  let hanging: string;
  before(async () => {
    const [a, b] = await Promise.all([fakeNode('0x'), fakeNode(undefined)]);
    nodes.push(a.server, b.server);
    [empty, hanging] = [a.url, b.url];
  });
  after(() => {
    for (const node of nodes) {
      node.closeAllConnections();
      node.close();
    }
  });

  it('a chain without Permit2 and the proxy: upto is not registered, /supported has none', async () => {
    const facilitator = new x402Facilitator();
    assert.equal(await registerEvmUptoScheme(facilitator, createEvmFacilitator(empty, SANDBOX_FACILITATOR_PRIVATE_KEY)), false);
    assert.ok(!facilitator.getSupported().kinds.some((k) => k.scheme === 'upto'));
  });

  it('an RPC that does not answer: not deployed, after the bound instead of the transport retries', async () => {
    assert.equal(await uptoContractsDeployed(createEvmFacilitator(hanging, SANDBOX_FACILITATOR_PRIVATE_KEY), 50), false);
  });

  it('refusals that moved nothing vs reasons that may follow a broadcast', () => {
    for (const r of ['invalid_upto_evm_payload_settlement_exceeds_amount', 'invalid_upto_evm_transaction_failed', 'upto_amount_exceeds_permitted', 'upto_unauthorized_facilitator', 'permit2_deadline_expired', 'invalid_permit2_signature']) {
      assert.equal(uptoSettleReasonMeansNothingMoved(r), true, r);
    }
    for (const r of ['settlement_pending', 'settlement_unconfirmed', 'transaction_failed: timeout', '', 'Facilitator settle failed (500)']) {
      assert.equal(uptoSettleReasonMeansNothingMoved(r), false, r);
    }
  });
});
