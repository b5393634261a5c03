/**
 * `/mcp` with the official MCP SDK client over Streamable HTTP, against the sandbox service on loopback:
 * initialize, tools/list (all 48 tools with schemas), a free tool, and the x402 MCP transport for paid tools —
 * payment required as an isError result, paid through `_meta["x402/payment"]` by the official x402 client
 * (Solana and Base), settlement in `_meta["x402/payment-response"]`, the payer debited exactly once, a replayed
 * payment refused, and nothing charged for a failed call.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PaymentRequired } from '@x402/core/types';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { CAST_ADDRESS as CAST } from '../../src/sandbox/world/cast.js';
import { newPayer, type PayNetwork } from '../helpers/payers.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';
import { suiteService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * The SDK client gives up on a request after 60 s of real time by default: a verdict that would depend on
 * the machine's speed. No limit of our own instead (the largest delay a Node timer takes); the runner's
 * hang detector ends a file that never gets an answer.
 */
const NO_LIMIT = { timeout: 2 ** 31 - 1 };

describe('MCP server (/mcp, stateless Streamable HTTP)', () => {
  const service = suiteService();
  let client: Client;

  before(async () => {
    client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`)), NO_LIMIT);
  });
  after(() => client.close());

  const call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
    client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }, undefined, NO_LIMIT) as Promise<CallToolResult>;

  it('initialize: the server names itself, offers tools and explains how to pay', () => {
    assert.equal(client.getServerVersion()?.name, 'onchain-enrichment-api');
    assert.ok(client.getServerCapabilities()?.tools);
    assert.match(client.getInstructions() ?? '', /_meta\["x402\/payment"\]/);
  });

  it('tools/list: one tool per endpoint (48), each with input and output schemas and its price', async () => {
    const all = (await client.listTools(undefined, NO_LIMIT)).tools;
    // Beside the endpoints, the subscription tools (test/mcp/subscriptions.test.ts).
    const tools = all.filter((t) => !t.name.startsWith('subscription_'));
    assert.equal(all.length - tools.length, 6);
    assert.equal(tools.length, 48);
    assert.deepEqual(tools.map((t) => t.name), ENDPOINTS.map((e) => e.key));
    for (const t of tools) {
      const def = ENDPOINTS.find((e) => e.key === t.name)!;
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.ok(!('format' in (t.inputSchema.properties ?? {})), `${t.name}: format is not an MCP input`);
      assert.deepEqual(Object.keys(t.inputSchema.properties ?? {}).sort(), Object.keys(def.input.properties).sort(), t.name);
      assert.equal(t.outputSchema?.type, 'object', t.name);
      // Success (data + envelope), or on isError the PaymentRequired or the error body.
      const [success, paymentRequired, error] = (t.outputSchema as Json).anyOf;
      assert.ok('caveats' in success.properties, t.name);
      for (const k of Object.keys((def.output as Json).properties ?? {})) assert.ok(k in success.properties, `${t.name}.${k}`);
      assert.deepEqual([paymentRequired.required, error.required], [['x402Version', 'accepts'], ['error']]);
      assert.ok(t.description?.includes(def.price === null ? 'Free.' : `Costs ${def.price} USDC per call`), t.name);
      assert.equal(t.annotations?.readOnlyHint, true);
    }
  });

  it('a free tool (launchpad-pairs) answers data directly: briefing text, structured data, no payment', async () => {
    const r = await call('launchpad-pairs', { launchable_only: true });
    assert.ok(!r.isError, JSON.stringify(r).slice(0, 500));
    const d = r.structuredContent as Json;
    assert.equal(d.count, 6);
    assertMatchesOutputSchema('launchpad-pairs', d);
    assert.match((r.content[0] as Json).text, /^## Launchpad quote assets/);
    assert.deepEqual(JSON.parse((r.content[1] as Json).text), d);
    assert.equal(r._meta?.['x402/payment-response'], undefined);
  });

  for (const network of ['solana', 'base'] as PayNetwork[]) {
    it(`a paid tool on ${network}: payment required, then paid via _meta (debited once), then the replay refused`, async () => {
      const args = { address: CAST.WALLET_DEFI };
      const unpaid = await call('enrich-wallet-light', args);
      assert.equal(unpaid.isError, true);
      const required = unpaid.structuredContent as unknown as PaymentRequired & { error: string };
      assert.equal(required.x402Version, 2);
      assert.ok(required.accepts.some((a) => a.network.startsWith(network === 'solana' ? 'solana:' : 'eip155:')));
      assert.ok(required.accepts.every((a) => a.amount === '2000'), 'enrich-wallet-light costs 0.002 USDC');
      assert.match(required.error, /costs 0.002 USDC/);
      const wrapped = JSON.parse((unpaid.content[0] as Json).text);
      assert.equal(wrapped['x402/error'].code, 402);
      assert.deepEqual(wrapped['x402/error'].data, required);

      const payer = await newPayer(service, network);
      const before = await payer.balance();
      const operatorBefore = await payer.operatorBalance();
      const payment = await payer.client.createPaymentPayload(required);
      const paid = await call('enrich-wallet-light', args, { 'x402/payment': payment });
      assert.ok(!paid.isError, JSON.stringify(paid).slice(0, 800));
      const d = paid.structuredContent as Json;
      assert.equal(d.address, CAST.WALLET_DEFI);
      assertMatchesOutputSchema('enrich-wallet-light', d);
      assert.ok((paid.content[0] as Json).text.length > 0, 'the briefing comes first');
      const settlement = paid._meta?.['x402/payment-response'] as Json;
      assert.equal(settlement.success, true);
      assert.equal(settlement.payer.toLowerCase(), payer.address.toLowerCase());
      assert.equal(before - (await payer.balance()), 2000n, 'debited exactly the price');
      assert.equal((await payer.operatorBalance()) - operatorBefore, 2000n);

      const replay = await call('enrich-wallet-light', args, { 'x402/payment': payment });
      assert.equal(replay.isError, true);
      assert.match((replay.structuredContent as Json).error, /already used/);
      // One idempotency store for both transports: the same payment over HTTP is a replay too.
      const overHttp = await service.invoke('enrich-wallet-light', args, { 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(payment)).toString('base64') });
      assert.equal(overHttp.status, 402);
      assert.equal(((await overHttp.json()) as Json).error, 'payment_replayed');
      assert.equal(before - (await payer.balance()), 2000n, 'the replays are not charged again');
    });
  }

  it('a paid call that fails (bad input) is not settled: isError with the error body, nothing charged', async () => {
    const unpaid = await call('enrich-wallet-light', { address: CAST.WALLET_DEFI });
    const payer = await newPayer(service, 'solana');
    const before = await payer.balance();
    const payment = await payer.client.createPaymentPayload(unpaid.structuredContent as unknown as PaymentRequired);
    const r = await call('enrich-wallet-light', { address: 'not-an-address' }, { 'x402/payment': payment });
    assert.equal(r.isError, true);
    assert.equal((r.structuredContent as Json).error.code, 'invalid_input');
    assert.equal(before - (await payer.balance()), 0n);
  });

  it('a garbage payment is refused with the requirements (payment_invalid), not ignored', async () => {
    const r = await call('enrich-wallet-light', { address: CAST.WALLET_DEFI }, { 'x402/payment': { x402Version: 2, nonsense: true } });
    assert.equal(r.isError, true);
    const required = r.structuredContent as Json;
    assert.equal(required.x402Version, 2);
    assert.ok(required.accepts.length > 0);
  });

  it('an unknown tool is a JSON-RPC error', async () => {
    await assert.rejects(call('no-such-tool', {}), /Unknown tool "no-such-tool"/);
  });

  it('GET and DELETE /mcp answer 405 (stateless: no stream to open, no session to end)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${service.url}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
      assert.ok(res.headers.get('x-request-id'), 'Fastify headers apply');
    }
  });
});
