/**
 * The free GET routes that describe the service (status, the documents, the probes) and `/mcp`. The
 * schemas of the /status, probe and /.well-known/x402 bodies are the TypeBox objects the routes build
 * their bodies from (src/docs/bodies/), so this document cannot drift from them.
 */
import { plainSchema } from '../../lib/plain-schema.js';
import { LivenessBody, ReadinessBody, StatusBody } from '../bodies/status.js';
import { WellKnownX402 } from '../bodies/well-known.js';
import { DOCS_TAG, headerRef, responseRef, type Json } from './json.js';

type PathItem = Record<string, Json>;

function freeGet(operationId: string, summary: string, description: string, content: Json): PathItem {
  return {
    get: {
      operationId,
      tags: [DOCS_TAG],
      summary,
      description: `${description} Free; rate-limited per client IP.`,
      security: [],
      responses: {
        '200': { description: summary, headers: { 'X-Service-Version': headerRef('X-Service-Version') }, content },
        '429': responseRef('RateLimited'),
        '500': responseRef('InternalError'),
      },
    },
  };
}

/** `/status` and the documents: OpenAPI, the x402 descriptor, llms.txt, llms-full.txt and the HTML docs. */
export function documentPaths(): Record<string, PathItem> {
  return {
    '/status': freeGet('getStatus', 'Service status', 'Version, data mode, component health, implemented endpoints and payment networks.', {
      'application/json': { schema: plainSchema(StatusBody) },
    }),
    '/openapi.json': freeGet('getOpenApi', 'This OpenAPI document', 'The OpenAPI 3.1.0 description of every route.', {
      'application/json': { schema: { type: 'object', additionalProperties: true } },
    }),
    '/.well-known/x402': freeGet('getWellKnownX402', 'x402 discovery descriptor', 'Every payable resource with its price, networks and assets.', {
      'application/json': { schema: plainSchema(WellKnownX402) },
    }),
    '/llms.txt': freeGet('getLlmsTxt', 'llms.txt', 'Concise markdown index of the service for language models.', {
      'text/plain': { schema: { type: 'string' } },
    }),
    '/llms-full.txt': freeGet('getLlmsFullTxt', 'llms-full.txt', 'llms.txt plus every endpoint\'s inputs, bounds, defaults and an example body.', {
      'text/plain': { schema: { type: 'string' } },
    }),
    '/docs': freeGet('getDocs', 'HTML documentation', 'One self-contained HTML page documenting every endpoint.', {
      'text/html': { schema: { type: 'string' } },
    }),
  };
}

function probe(operationId: string, summary: string, description: string, codes: Record<string, { text: string; schema: Json }>): PathItem {
  return {
    get: {
      operationId, tags: [DOCS_TAG], summary, description: `${description} Free and not rate limited (docs/deploy.md).`, security: [],
      responses: Object.fromEntries(Object.entries(codes).map(([code, { text, schema }]) => [code, { description: text, content: { 'application/json': { schema } } }])),
    },
  };
}

/** The liveness and readiness probes (docs/deploy.md, "Shutdown, readiness and liveness"). */
export function probePaths(): Record<string, PathItem> {
  const readiness = plainSchema(ReadinessBody);
  return {
    '/status/live': probe('getLiveness', 'Liveness', 'Answers while the process serves HTTP.', { '200': { text: '`{live: true}`', schema: plainSchema(LivenessBody) } }),
    '/status/ready': probe('getReadiness', 'Readiness', 'Whether this instance should receive calls.', {
      '200': { text: 'Ready: `{ready: true, shutting_down, store, cache}`', schema: readiness },
      '503': { text: 'Not ready: the store or cache is down, or the instance is draining after SIGTERM', schema: readiness },
    }),
  };
}

/** `POST /mcp`: the MCP server (docs/mcp.md). */
export function mcpPath(): PathItem {
  return {
    post: {
      operationId: 'postMcp', tags: [DOCS_TAG], summary: 'MCP server (Streamable HTTP, stateless)',
      description: 'Model Context Protocol JSON-RPC: one tool per endpoint (same names, inputs and answers). Paid tools follow the x402 MCP ' +
        'transport: without payment the tool result is `isError` with the `PaymentRequired` in `structuredContent`; repeat with the ' +
        'PaymentPayload in `_meta["x402/payment"]`; the receipt is `_meta["x402/payment-response"]`. GET and DELETE answer 405. See docs/mcp.md.',
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: true, description: 'A JSON-RPC 2.0 request, notification or batch.' } } } },
      responses: {
        '200': { description: 'JSON-RPC response(s)', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } },
        '202': { description: 'Accepted (notifications only)' },
        '405': { description: 'GET/DELETE: this server keeps no streams or sessions' },
      },
    },
  };
}
