/**
 * One MCP `tools/call`, run through the same `Invoker` as `POST /entrypoints/{key}/invoke`: the same input
 * validation, payment verification, idempotency claims, settle-only-after-success and error contract. Only
 * the envelope differs, per the x402 MCP transport (coinbase/x402 specs/transports-v2/mcp.md):
 *
 * - the payment comes in `_meta["x402/payment"]` (a v2 `PaymentPayload`, or a v1 one) and is handed to the
 *   gate exactly as the HTTP header would carry it (base64 JSON in `PAYMENT-SIGNATURE` / `X-PAYMENT`);
 * - a refusal (payment required, invalid, replayed, or settlement failed) is a tool result with
 *   `isError: true`, the v2 `PaymentRequired` (plus `error`) as `structuredContent`, and the same object in
 *   the `x402/error` wrapper as `content[0].text`;
 * - success carries the briefing as the first text block, the data envelope as `structuredContent` (and
 *   as JSON text for clients without structured content), and, when paid, the settlement in
 *   `_meta["x402/payment-response"]`;
 * - any other failure (bad input, not found, upstream down, an unexpected error) is `isError: true` with
 *   the HTTP error body (docs/errors.md): never a thrown error's own text.
 */
import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RegisteredEndpoint } from '../registry/index.js';
import type { PaymentRequest } from '../payments/types.js';

export const MCP_PAYMENT_META = 'x402/payment';
export const MCP_PAYMENT_RESPONSE_META = 'x402/payment-response';

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/**
 * The gate reads payments from headers; an MCP payment is the decoded header value, so it is re-encoded
 * into the header its version uses. A payload that is not an object still goes to the gate (as v2) so it
 * is refused as `payment_invalid` with the requirements, not silently ignored.
 */
export function mcpPaymentRequest(payment: unknown, url: string, userAgent: string): PaymentRequest {
  const version = typeof payment === 'object' && payment !== null ? (payment as { x402Version?: unknown }).x402Version : undefined;
  const headers: Record<string, string> = {};
  if (payment !== undefined) headers[version === 1 ? 'x-payment' : 'payment-signature'] = base64Json(payment);
  return { header: (name) => headers[name.toLowerCase()], url, userAgent };
}

function header(outcome: ToolOutcome, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(outcome.headers)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

function decodeBase64Json(value: string): unknown {
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
}

/** The outcome of an invocation as an MCP tool result. */
export function toolResult(outcome: ToolOutcome): CallToolResult {
  const body = outcome.body;
  if (outcome.status === 402) {
    const required = header(outcome, 'PAYMENT-REQUIRED');
    const message = typeof body.message === 'string' ? body.message : 'Payment required';
    const paymentRequired = { ...(required ? decodePaymentRequiredHeader(required) : {}), error: message };
    return {
      isError: true,
      structuredContent: paymentRequired,
      content: [{ type: 'text', text: JSON.stringify({ 'x402/error': { code: 402, message, data: paymentRequired } }) }],
    };
  }
  if (outcome.status !== 200) {
    return { isError: true, structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
  const settlement = header(outcome, 'PAYMENT-RESPONSE') ?? header(outcome, 'X-PAYMENT-RESPONSE');
  const briefing = typeof body.llm_summary === 'string' ? body.llm_summary : '';
  return {
    structuredContent: body,
    content: [
      { type: 'text', text: briefing },
      { type: 'text', text: JSON.stringify(body) },
    ],
    ...(settlement ? { _meta: { [MCP_PAYMENT_RESPONSE_META]: decodeBase64Json(settlement) } } : {}),
  };
}

/** An invocation's answer as a tool call reads it (src/app/invoke.ts `InvokeOutcome` is one). */
export interface ToolOutcome {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** Set on a charged answer: told whether the answer reached the caller. */
  afterSend?: (delivered: boolean) => void;
}

/**
 * What a tool call needs of the invocation pipeline; the app's `Invoker` (src/app/invoke.ts) is handed in.
 * Declared here so that MCP depends on no module of app/, which builds on it.
 */
export interface ToolInvoker {
  invoke(endpoint: RegisteredEndpoint, body: unknown, preq: PaymentRequest, requestId: string, options?: { clientGone?: AbortSignal }): Promise<ToolOutcome>;
  /** The answer for a failure: an `ApiError` as it is, anything else `internal` (its text logged only). */
  errorOutcome(err: unknown, requestId: string, key: string): ToolOutcome;
}

export interface McpCallDeps {
  invoker: ToolInvoker;
  publicUrl: string;
  /** The free-route rate limit, applied to free tools as to their HTTP route; throws ApiError when over. */
  limitFree: () => Promise<void>;
}

/** What the transport tells a call about its answer's fate (src/mcp/answering-transport.ts `Delivery`). */
export interface CallDelivery {
  /** Aborted once nobody waits for the answer (cancelled, timed out, connection closed): never settled then. */
  clientGone?: AbortSignal;
  /** Given a charged answer's report: called with whether the answer reached the caller. */
  charged?(sent: (delivered: boolean) => void): void;
}

export async function callTool(
  endpoint: RegisteredEndpoint, args: Record<string, unknown> | undefined, payment: unknown, requestId: string, userAgent: string, deps: McpCallDeps,
  delivery: CallDelivery = {},
): Promise<CallToolResult> {
  if (endpoint.priceAtomic === null) {
    try {
      await deps.limitFree();
    } catch (err) {
      return toolResult(deps.invoker.errorOutcome(err, requestId, endpoint.def.key));
    }
  }
  // Both: the briefing becomes the text content, the data the structured content.
  const body = { ...(args ?? {}), format: 'both' };
  const preq = mcpPaymentRequest(payment, `${deps.publicUrl}${endpoint.path}`, userAgent);
  let outcome: ToolOutcome;
  try {
    outcome = await deps.invoker.invoke(endpoint, body, preq, requestId, { clientGone: delivery.clientGone });
  } catch (err) {
    // What the HTTP route's error handler does (a coded error as it is, anything else `internal`, logged):
    // thrown through, the SDK would put the error's own text in the JSON-RPC answer.
    return toolResult(deps.invoker.errorOutcome(err, requestId, endpoint.def.key));
  }
  // Charged: whether the answer went out decides `delivered` or `undelivered` (its answer kept for a retry).
  if (outcome.afterSend) delivery.charged?.(outcome.afterSend);
  return toolResult(outcome);
}
