/**
 * The `/mcp` route's answering rules with a scripted invoker (one whose calls end only when the test says),
 * on manual time: a request still open at the bound (answer deadline + payment margin) is answered with a
 * timeout error; the HTTP caller leaving tells the running call its caller is gone; a charged answer learns
 * whether it reached the caller; a request cancelled in its own POST never reaches the invoker; a batch is
 * answered with an array, notifications alone with 202. test/mcp/cancel.test.ts runs the same over the
 * real service with real payments.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { InvokeOptions, InvokeOutcome } from '../../src/app/invoke.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { REQUEST_CANCELLED } from '../../src/mcp/answering-transport.js';
import { PAYMENT_MARGIN_MS, registerMcpRoute, type McpRouteDeps } from '../../src/mcp/route.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { cancelOf, hangDetector, MCP_HEADERS, postMcp, toolCallOf } from './rpc.js';

const DEADLINE_MS = 1_000;
const BOUND_MS = DEADLINE_MS + PAYMENT_MARGIN_MS;

interface HeldCall {
  options: InvokeOptions;
  resolve(outcome: InvokeOutcome): void;
}

/** An invoker whose calls wait for the test to end them. */
class ScriptedInvoker implements Pick<McpRouteDeps['invoker'], 'invoke' | 'errorOutcome'> {
  readonly calls: HeldCall[] = [];
  private readonly waiting: (() => void)[] = [];

  invoke(_endpoint: unknown, _body: unknown, _preq: unknown, _requestId: string, options: InvokeOptions = {}): Promise<InvokeOutcome> {
    return new Promise((resolve) => {
      this.calls.push({ options, resolve });
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  errorOutcome(): InvokeOutcome {
    throw new Error('not used: no free tool is called here');
  }

  /** The `n`-th call (1-based), once it has arrived. */
  async call(n: number): Promise<HeldCall> {
    while (this.calls.length < n) await new Promise<void>((wake) => this.waiting.push(wake));
    return this.calls[n - 1]!;
  }
}

/** A charged 200 whose delivery report resolves `delivered`. */
function chargedOutcome(): { outcome: InvokeOutcome; delivered: Promise<boolean> } {
  let report!: (delivered: boolean) => void;
  const delivered = new Promise<boolean>((resolve) => {
    report = resolve;
  });
  return { outcome: { status: 200, headers: {}, body: { llm_summary: '## ok', echo: 'x' }, afterSend: report }, delivered };
}

const toolCall = (id: number) => toolCallOf(id, 'test-echo', { value: 'x' });
const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => {
  if (signal.aborted) resolve();
  else signal.addEventListener('abort', () => resolve(), { once: true });
});

describe('/mcp answers every request of a POST', () => {
  let app: FastifyInstance;
  let url: string;
  const timers = new ManualTimers();
  let invoker: ScriptedInvoker;
  let answered: Awaited<ReturnType<typeof hangDetector>>;

  before(async () => {
    app = Fastify();
    registerMcpRoute(app, {
      registry: fixtureRegistry(),
      invoker: {
        invoke: (...args: Parameters<ScriptedInvoker['invoke']>) => invoker.invoke(...args),
        errorOutcome: () => invoker.errorOutcome(),
      } as McpRouteDeps['invoker'],
      publicUrl: 'http://mcp.test',
      limitFree: async () => undefined,
      timers,
      answerDeadlineMs: DEADLINE_MS,
    });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/mcp`;
    answered = await hangDetector(url);
  });
  after(() => app.close());

  const post = (body: unknown) => postMcp(url, body);

  it('a call still running at the bound is answered with a timeout error, told its caller is gone, and its late charged answer is reported undelivered', async () => {
    invoker = new ScriptedInvoker();
    let done = false;
    const answer = post(toolCall(1)).finally(() => {
      done = true;
    });
    const call = await invoker.call(1);
    const clientGone = call.options.clientGone!;
    assert.ok(clientGone, 'the call gets a clientGone signal');
    timers.advance(BOUND_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(done, false, 'nothing before the bound');
    assert.equal(clientGone.aborted, false);
    timers.advance(1);
    const { status, body } = await answered('a call past the bound', answer);
    assert.equal(status, 200);
    assert.equal(body.id, 1);
    assert.equal(body.error.code, -32001);
    assert.match(body.error.message, new RegExp(`${BOUND_MS} ms`));
    assert.equal(clientGone.aborted, true, 'the running call learns nobody waits for it');
    const late = chargedOutcome();
    call.resolve(late.outcome);
    assert.equal(await late.delivered, false, 'an answer that never went out is reported undelivered');
  });

  it('a charged answer that went out is reported delivered', async () => {
    invoker = new ScriptedInvoker();
    const answer = post(toolCall(2));
    const call = await invoker.call(1);
    const charged = chargedOutcome();
    call.resolve(charged.outcome);
    const { body } = await answer;
    assert.equal(body.id, 2);
    assert.equal(body.result.structuredContent.echo, 'x');
    assert.equal(await charged.delivered, true);
    assert.equal(call.options.clientGone?.aborted, false, 'its caller was there all along');
  });

  it('the HTTP caller leaving tells the running call, and its charged answer is reported undelivered', async () => {
    invoker = new ScriptedInvoker();
    const req = httpRequest(url, { method: 'POST', headers: MCP_HEADERS, agent: false });
    req.on('error', () => undefined); // the request is destroyed on purpose
    req.end(JSON.stringify(toolCall(3)));
    const call = await invoker.call(1);
    req.destroy();
    await aborted(call.options.clientGone!);
    const charged = chargedOutcome();
    call.resolve(charged.outcome);
    assert.equal(await charged.delivered, false);
  });

  it('a request cancelled in its own POST, before or after it, is answered -32800 and never invoked', async () => {
    invoker = new ScriptedInvoker();
    const { status, body } = await answered('cancelled calls', post([cancelOf(4), toolCall(4), toolCall(5), cancelOf(5)]));
    assert.equal(status, 200);
    assert.deepEqual(body, [
      { jsonrpc: '2.0', id: 4, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } },
      { jsonrpc: '2.0', id: 5, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } },
    ]);
    assert.equal(invoker.calls.length, 0);
  });

  it('a batch is answered with an array even for one request; notifications alone with 202', async () => {
    invoker = new ScriptedInvoker();
    const single = await post([{ jsonrpc: '2.0', id: 6, method: 'ping' }]);
    assert.deepEqual(single.body, [{ jsonrpc: '2.0', id: 6, result: {} }]);
    const alone = await post({ jsonrpc: '2.0', id: 7, method: 'ping' });
    assert.deepEqual(alone.body, { jsonrpc: '2.0', id: 7, result: {} }, 'a lone request is answered alone');
    const notifications = await post([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    ]);
    assert.equal(notifications.status, 202);
    assert.equal(notifications.body, undefined);
  });
});
