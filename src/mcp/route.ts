/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless. Every POST gets a fresh SDK `Server`
 * and transport (no session id, nothing kept between requests, so any instance behind a load balancer can
 * answer any request) and answers plain JSON (`enableJsonResponse`), never an SSE stream. GET — which
 * would open a server-to-client stream this server never writes to — and DELETE (no session to end)
 * answer 405. The answer goes back through Fastify, so request ids, CORS and security headers apply.
 *
 * Every request of a POST is answered, and the POST with them (./answering-transport.ts): a request the
 * same POST cancels with -32800, any still open at the bound with a timeout error. A tool call whose
 * caller is gone — cancelled, timed out, or the HTTP connection closed before the answer — is never settled.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, INTERNAL_MESSAGE } from '../errors/api-error.js';
import { SERVICE_VERSION } from '../config/index.js';
import { systemTimers, type Timers } from '../lib/timers.js';
import type { Registry } from '../registry/index.js';
import type { Streams } from '../streams/index.js';
import { AnsweringTransport } from './answering-transport.js';
import { callTool, MCP_PAYMENT_META, type McpCallDeps } from './call.js';
import { callSubscriptionTool, subscriptionTools } from './subscription-tools.js';
import { mcpTools } from './tools.js';

export const MCP_SERVER_NAME = 'onchain-enrichment-api';
/** JSON-RPC error code of a rate-limited tools/list (implementation-defined server error range). */
export const RATE_LIMITED = -32029;

/**
 * Verifying a payment comes before the handler's answer deadline starts and settling it after it ends: the
 * bound of a POST leaves them this much on top of the deadline, so a tool call past its deadline gets its own
 * answer (`upstream_timeout`) and the bound only ends what hangs outside the handler.
 */
export const PAYMENT_MARGIN_MS = 15_000;
/** The configured default (ANSWER_DEADLINE_MS), for an app that does not pass its own. */
const DEFAULT_ANSWER_DEADLINE_MS = 15_000;

export interface McpRouteDeps extends Omit<McpCallDeps, 'limitFree'> {
  registry: Registry;
  limitFree: (req: FastifyRequest) => Promise<void>;
  /** What the bound of a POST is timed by (src/lib/timers.ts); real time unless given. */
  timers?: Timers;
  /** The answer deadline of a call (config `answerDeadlineMs`); the bound is this plus PAYMENT_MARGIN_MS. */
  answerDeadlineMs?: number;
  /** Alert subscriptions, when the service offers them: adds the subscription tools (./subscription-tools.ts). */
  streams?: Streams;
}

const INSTRUCTIONS =
  'Deterministic Solana on-chain analytics. One tool per endpoint of the HTTP API (same names, inputs and ' +
  'answers). launchpad-pairs is free; every other tool is paid per call in USDC with x402: a call without ' +
  'payment returns isError with the PaymentRequired object in structuredContent; sign one of its `accepts` ' +
  'and repeat the call with the PaymentPayload in _meta["x402/payment"]. The settlement comes back in ' +
  '_meta["x402/payment-response"]. Failed calls are never charged.';
const SUBSCRIPTION_INSTRUCTIONS =
  ' Alerts of check-alerts, launchpad-alerts and exit-signal can be pushed instead of polled: subscription_create ' +
  '(webhook delivery), subscription_fund (paid, 100 events per top-up), then subscription_get/_charges/_deliveries/_cancel ' +
  'with the returned token.';

function allTools(deps: McpRouteDeps) {
  const tools = mcpTools(deps.registry);
  return deps.streams ? [...tools, ...subscriptionTools(deps.streams, deps.registry)] : tools;
}

function mcpServer(req: FastifyRequest, deps: McpRouteDeps, transport: AnsweringTransport): Server {
  const instructions = deps.streams ? INSTRUCTIONS + SUBSCRIPTION_INSTRUCTIONS : INSTRUCTIONS;
  const server = new Server({ name: MCP_SERVER_NAME, version: SERVICE_VERSION }, { capabilities: { tools: {} }, instructions });
  // The largest free answer (every tool with its schemas), so it counts against the free-route limit like
  // /openapi.json does; over it, a JSON-RPC error saying when to retry.
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    try {
      await deps.limitFree(req);
    } catch (err) {
      if (err instanceof ApiError) throw new McpError(RATE_LIMITED, err.message, { code: err.code, ...(err.headers?.['Retry-After'] ? { retry_after_s: Number(err.headers['Retry-After']) } : {}) });
      // Thrown as is, the SDK would answer with the error's own text: the caller gets the generic one.
      req.log.error({ err, requestId: req.id }, 'tools/list failed');
      throw new McpError(ErrorCode.InternalError, INTERNAL_MESSAGE);
    }
    return { tools: allTools(deps) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const payment = request.params._meta?.[MCP_PAYMENT_META];
    const userAgent = String(req.headers['user-agent'] ?? 'mcp');
    const callDeps = { ...deps, limitFree: () => deps.limitFree(req) };
    const delivery = () => transport.delivery(extra.requestId, extra.signal);
    const endpoint = deps.registry.get(name);
    if (endpoint) return callTool(endpoint, args, payment, req.id, userAgent, callDeps, delivery());
    const subscriptionResult = deps.streams
      ? await callSubscriptionTool(name, args, payment, req.id, userAgent, deps.registry, { ...callDeps, streams: deps.streams }, delivery())
      : undefined;
    if (subscriptionResult) return subscriptionResult;
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}"; tools/list lists all ${allTools(deps).length}.`);
  });
  return server;
}

/**
 * How the HTTP answer fares: `gone` aborts when the connection closes before it is sent (the body is read
 * by now); `sent` resolves true once it is handed to the socket, false if the connection closed first.
 */
function watchResponse(req: FastifyRequest, reply: FastifyReply): { gone: AbortSignal; sent: Promise<boolean> } {
  const gone = new AbortController();
  const res = reply.raw;
  if (res.destroyed || req.raw.socket?.destroyed) {
    gone.abort(new Error('connection closed'));
    return { gone: gone.signal, sent: Promise.resolve(false) };
  }
  const sent = new Promise<boolean>((resolve) => {
    res.once('finish', () => resolve(true));
    res.once('close', () => {
      if (res.writableFinished) return resolve(true);
      gone.abort(new Error('connection closed'));
      resolve(false);
    });
  });
  return { gone: gone.signal, sent };
}

async function handlePost(req: FastifyRequest, reply: FastifyReply, deps: McpRouteDeps): Promise<FastifyReply> {
  const response = watchResponse(req, reply);
  const transport = new AnsweringTransport(
    new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true }),
    {
      timers: deps.timers ?? systemTimers,
      boundMs: (deps.answerDeadlineMs ?? DEFAULT_ANSWER_DEADLINE_MS) + PAYMENT_MARGIN_MS,
      callerGone: response.gone,
    },
  );
  void response.sent.then((sent) => transport.reportSent(sent));
  const server = mcpServer(req, deps, transport);
  try {
    await server.connect(transport);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    // The body was already read as JSON (any content type, like the API); the answer is always JSON, so a
    // client that asks for only one of the two media types the transport insists on is still served.
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json, text/event-stream');
    const answer = await transport.handleRequest(new Request(`http://mcp.local${req.url}`, { method: 'POST', headers }), req.body);
    let text = await answer.text();
    // The SDK answers a batch holding one request with that response alone; JSON-RPC 2.0 (§6) answers
    // every batch with an array.
    if (answer.status === 200 && Array.isArray(req.body) && text.startsWith('{')) text = `[${text}]`;
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
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
