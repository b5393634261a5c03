/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless. Every POST gets a fresh SDK `Server`
 * and transport (no session id, nothing kept between requests, so any instance behind a load balancer can
 * answer any request) and answers plain JSON (`enableJsonResponse`), never an SSE stream. GET — which
 * would open a server-to-client stream this server never writes to — and DELETE (no session to end)
 * answer 405. The answer goes back through Fastify, so request ids, CORS and security headers apply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../app/errors.js';
import { SERVICE_VERSION } from '../config/index.js';
import type { Registry } from '../registry/index.js';
import { callTool, MCP_PAYMENT_META, type McpCallDeps } from './call.js';
import { mcpTools } from './tools.js';

export const MCP_SERVER_NAME = 'onchain-enrichment-api';
/** JSON-RPC error code of a rate-limited tools/list (implementation-defined server error range). */
export const RATE_LIMITED = -32029;

export interface McpRouteDeps extends Omit<McpCallDeps, 'limitFree'> {
  registry: Registry;
  limitFree: (req: FastifyRequest) => Promise<void>;
}

const INSTRUCTIONS =
  'Deterministic Solana on-chain analytics. One tool per endpoint of the HTTP API (same names, inputs and ' +
  'answers). launchpad-pairs is free; every other tool is paid per call in USDC with x402: a call without ' +
  'payment returns isError with the PaymentRequired object in structuredContent; sign one of its `accepts` ' +
  'and repeat the call with the PaymentPayload in _meta["x402/payment"]. The settlement comes back in ' +
  '_meta["x402/payment-response"]. Failed calls are never charged.';

function mcpServer(req: FastifyRequest, deps: McpRouteDeps): Server {
  const server = new Server({ name: MCP_SERVER_NAME, version: SERVICE_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  // The largest free answer (every tool with its schemas), so it counts against the free-route limit like
  // /openapi.json does; over it, a JSON-RPC error saying when to retry.
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    try {
      await deps.limitFree(req);
    } catch (err) {
      if (err instanceof ApiError) throw new McpError(RATE_LIMITED, err.message, { code: err.code, ...(err.headers?.['Retry-After'] ? { retry_after_s: Number(err.headers['Retry-After']) } : {}) });
      throw err;
    }
    return { tools: mcpTools(deps.registry) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const endpoint = deps.registry.get(request.params.name);
    if (!endpoint) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${request.params.name}"; tools/list lists all ${deps.registry.list.length}.`);
    const payment = request.params._meta?.[MCP_PAYMENT_META];
    return callTool(endpoint, request.params.arguments, payment, req.id, String(req.headers['user-agent'] ?? 'mcp'), {
      ...deps,
      limitFree: () => deps.limitFree(req),
    });
  });
  return server;
}

async function handlePost(req: FastifyRequest, reply: FastifyReply, deps: McpRouteDeps): Promise<FastifyReply> {
  const server = mcpServer(req, deps);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    // The body was already read as JSON (any content type, like the API); the answer is always JSON, so a
    // client that asks for only one of the two media types the transport insists on is still served.
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json, text/event-stream');
    const response = await transport.handleRequest(
      new Request(`http://mcp.local${req.url}`, { method: 'POST', headers }),
      { parsedBody: req.body },
    );
    const text = await response.text();
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') void reply.header(name, value);
    });
    return reply.send(text === '' ? undefined : text);
  } finally {
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
}

export function registerMcpRoute(app: FastifyInstance, deps: McpRouteDeps): void {
  app.post('/mcp', (req, reply) => handlePost(req, reply, deps));
  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('Allow', 'POST').send({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to /mcp.' },
      id: null,
    });
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
}
