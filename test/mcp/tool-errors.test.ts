/**
 * No thrown error's own text reaches an MCP client (docs/errors.md): a tool call whose invocation throws is
 * answered with the error body of `internal` (what the HTTP route's error handler answers), and a failing
 * tools/list with a generic JSON-RPC error. Left to the SDK, both would carry the error's message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { INTERNAL_MESSAGE, asApiError } from '../../src/errors/api-error.js';
import { errorBody } from '../../src/errors/error-body.js';
import type { ToolOutcome } from '../../src/mcp/call.js';
import { registerMcpRoute, type McpRouteDeps } from '../../src/mcp/route.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { postMcp, toolCallOf } from './rpc.js';

const SECRET = 'connect ECONNREFUSED postgres://service:hunter2@db.internal:5432';

describe('/mcp never answers with a thrown error\'s text', () => {
  let app: FastifyInstance;
  let url: string;
  const handedToErrorOutcome: unknown[] = [];

  before(async () => {
    app = Fastify();
    registerMcpRoute(app, {
      registry: fixtureRegistry(),
      invoker: {
        invoke: async () => {
          throw new Error(SECRET);
        },
        // As the app's Invoker does: an ApiError as it is, anything else internal.
        errorOutcome: (err: unknown, requestId: string): ToolOutcome => {
          handedToErrorOutcome.push(err);
          const coded = asApiError(err);
          return { status: coded.status, headers: {}, body: errorBody(coded, requestId) as unknown as Record<string, unknown> };
        },
      } as McpRouteDeps['invoker'],
      publicUrl: 'http://mcp.test',
      limitFree: async () => {
        throw new Error(SECRET);
      },
    });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/mcp`;
  });
  after(() => app.close());

  it('a tool call whose invocation throws is an isError result with the internal error body', async () => {
    const { status, body } = await postMcp(url, toolCallOf(1, 'test-echo', { value: 'x' }));
    assert.equal(status, 200);
    assert.equal(body.id, 1);
    assert.equal(body.error, undefined, 'a tool result, not a JSON-RPC error');
    assert.equal(body.result.isError, true);
    assert.equal(body.result.structuredContent.error.code, 'internal');
    assert.equal(body.result.structuredContent.error.message, INTERNAL_MESSAGE);
    assert.ok(!JSON.stringify(body).includes('hunter2'), 'nothing of the thrown text');
    assert.equal((handedToErrorOutcome[0] as Error).message, SECRET, 'the original went to errorOutcome (which logs it)');
  });

  it('a tools/list whose limit check throws answers a generic JSON-RPC error', async () => {
    const { body } = await postMcp(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal(body.id, 2);
    assert.equal(body.error.code, -32603);
    // McpError prefixes its code ("MCP error -32603: …"), as on the rate-limit answer.
    assert.ok(body.error.message.endsWith(INTERNAL_MESSAGE), body.error.message);
    assert.ok(!JSON.stringify(body).includes('hunter2'));
  });
});
