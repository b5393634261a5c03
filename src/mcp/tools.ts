/**
 * MCP tool definitions generated from the registry: one tool per endpoint, named by its key, so an agent
 * finds the same capability under the same name over HTTP and MCP. Computed once per registry.
 *
 * - `inputSchema`: the endpoint's input schema without `format` — over MCP every result carries both the
 *   briefing (text content) and the structured data, so there is nothing to choose.
 * - `outputSchema`: the endpoint's data fields plus the envelope (`caveats`, `next_steps`, `meta`,
 *   `llm_summary`), inlined (MCP clients validate `structuredContent` against it without resolving `$ref`s),
 *   or — on an isError result — the x402 PaymentRequired or the error body (see `toolOutputSchema`).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';

type Json = Record<string, unknown>;

const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;

const ENVELOPE_PROPERTIES: Record<string, object> = {
  caveats: {
    type: 'array',
    items: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, leg: { type: 'string' } } },
    description: 'What limits this answer (degraded legs, partial history, sandbox data).',
  },
  next_steps: { type: 'array', items: { type: 'object' }, description: 'Follow-up calls that make sense after this one.' },
  meta: { type: 'object', description: 'Endpoint, request id, time served, data mode, cache state.' },
  llm_summary: { type: 'string', description: 'The markdown briefing (also the first text content block).' },
};

export function toolInputSchema(endpoint: RegisteredEndpoint): Tool['inputSchema'] {
  const schema = plain(endpoint.inputSchema);
  const properties = { ...(schema.properties as Json | undefined) };
  delete properties.format;
  return { ...schema, type: 'object', properties } as Tool['inputSchema'];
}

/** What `structuredContent` holds on an `isError` result: the x402 payment requirements (v2) … */
const PAYMENT_REQUIRED_SCHEMA = {
  type: 'object',
  description: 'isError: payment required, invalid, replayed or settlement failed (x402 v2 PaymentRequired plus `error`).',
  required: ['x402Version', 'accepts'],
  properties: { x402Version: { const: 2 }, error: { type: 'string' }, resource: { type: 'object' }, accepts: { type: 'array', items: { type: 'object' } } },
};
/** … or the API's error body (docs/errors.md). */
const ERROR_SCHEMA = {
  type: 'object',
  description: 'isError: any other failure, with the same error body as the HTTP API (docs/errors.md).',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
};

/** The success shape: data fields plus the envelope. */
function successSchema(endpoint: RegisteredEndpoint): Json {
  const output = plain(endpoint.def.output);
  const isPlainObject = output.type === 'object' && !('anyOf' in output) && !('oneOf' in output) && !('allOf' in output);
  if (!isPlainObject) return { type: 'object', properties: ENVELOPE_PROPERTIES, required: ['caveats', 'meta'], additionalProperties: true };
  const required = Array.isArray(output.required) ? (output.required as string[]) : [];
  return {
    ...output,
    type: 'object',
    properties: { ...(output.properties as Json | undefined), ...ENVELOPE_PROPERTIES },
    required: [...new Set([...required, 'caveats', 'meta'])],
  };
}

/**
 * One of three shapes. MCP clients (the official SDK's included) validate `structuredContent` against the
 * tool's output schema even on an `isError` result, and the x402 MCP transport puts the PaymentRequired in
 * `structuredContent` there: a schema of the success shape alone would make every payment-required answer
 * fail validation in the client before the caller could pay.
 */
export function toolOutputSchema(endpoint: RegisteredEndpoint): NonNullable<Tool['outputSchema']> {
  return {
    type: 'object',
    description: 'The answer (data fields and envelope); on an isError result the x402 PaymentRequired or the error body.',
    anyOf: [successSchema(endpoint), PAYMENT_REQUIRED_SCHEMA, ERROR_SCHEMA],
  } as NonNullable<Tool['outputSchema']>;
}

export function toolDescription(endpoint: RegisteredEndpoint): string {
  const { def } = endpoint;
  const price = def.price === null
    ? 'Free.'
    : `Costs ${def.price} USDC per call, paid with x402: call without payment to get the requirements (isError, ` +
      'structuredContent = PaymentRequired), then call again with the signed payment in _meta["x402/payment"]. ' +
      'Never charged for a failure.';
  return `${def.summary}. ${price}\n\n${def.description}`;
}

function toolOf(endpoint: RegisteredEndpoint): Tool {
  return {
    name: endpoint.def.key,
    title: endpoint.def.summary,
    description: toolDescription(endpoint),
    inputSchema: toolInputSchema(endpoint),
    outputSchema: toolOutputSchema(endpoint),
    // Every endpoint only reads (chain data, its own index); results depend on the outside world.
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    _meta: { 'x402/price_usdc': endpoint.def.price, 'x402/free': endpoint.def.price === null },
  };
}

const cache = new WeakMap<Registry, Tool[]>();

export function mcpTools(registry: Registry): Tool[] {
  let tools = cache.get(registry);
  if (!tools) {
    tools = registry.list.map(toolOf);
    cache.set(registry, tools);
  }
  return tools;
}
