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
import { setTimeout as delay } from 'node:timers/promises';
import { x402Facilitator } from '@x402/core/facilitator';
import { PERMIT2_ADDRESS, x402UptoPermit2ProxyAddress } from '@x402/evm';
import { createEvmFacilitator, SANDBOX_FACILITATOR_PRIVATE_KEY } from '../../src/payments/facilitator/evm.js';
import { registerEvmUptoScheme, uptoContractsDeployed, uptoSettleReasonMeansNothingMoved } from '../../src/payments/facilitator/evm-upto.js';

type RpcCall = { id: number; method: string; params?: unknown[] };

/**
 * A JSON-RPC node that answers eth_getCode with `code`, or never answers when `code` is undefined. It records every
 * JSON-RPC call it receives (a batch counts each call), so a test can tell a single read from the transport's retries.
 */
function fakeNode(code: string | undefined): Promise<{ url: string; server: Server; calls: RpcCall[] }> {
  const calls: RpcCall[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const requests = JSON.parse(body) as RpcCall[] | RpcCall;
      calls.push(...(Array.isArray(requests) ? requests : [requests]));
      if (code === undefined) return; // hangs
      const answer = (r: RpcCall) => ({ jsonrpc: '2.0', id: r.id, result: code });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(requests) ? requests.map(answer) : answer(requests)));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls })));
}

/** How many times each address was asked for its code. */
function codeReadsByAddress(calls: readonly RpcCall[]): Map<string, number> {
  const reads = new Map<string, number>();
  for (const call of calls) {
    if (call.method !== 'eth_getCode') continue;
    const address = String(call.params?.[0]).toLowerCase();
    reads.set(address, (reads.get(address) ?? 0) + 1);
  }
  return reads;
}

describe('upto on our facilitator', () => {
  const nodes: Server[] = [];
  let empty: string;
  let hanging: string;
  let hangingCalls: RpcCall[];
  before(async () => {
    const [a, b] = await Promise.all([fakeNode('0x'), fakeNode(undefined)]);
    nodes.push(a.server, b.server);
    [empty, hanging] = [a.url, b.url];
    hangingCalls = b.calls;
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
    // The viem transport, left alone, retries a call that timed out (10 s, 3 retries) and only then fails. The
    // bound must answer before any retry: at that moment each of the two addresses has been asked at most once.
    const deployed = await uptoContractsDeployed(createEvmFacilitator(hanging, SANDBOX_FACILITATOR_PRIVATE_KEY), 50);
    const readsWhenAnswered = codeReadsByAddress(hangingCalls);
    assert.equal(deployed, false);
    assert.ok([...readsWhenAnswered.values()].every((n) => n === 1), `retries before the answer: ${JSON.stringify([...readsWhenAnswered])}`);
    // The reads did go to this node (the answer is not false for another reason): both addresses, once each.
    while (codeReadsByAddress(hangingCalls).size < 2) await delay(5);
    assert.deepEqual(codeReadsByAddress(hangingCalls), new Map([PERMIT2_ADDRESS, x402UptoPermit2ProxyAddress].map((a) => [a.toLowerCase(), 1])));
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
