/**
 * Alert subscriptions as MCP tools (docs/mcp.md, "Subscription tools"): the same operations as the HTTP routes
 * (src/app/subscription-routes.ts) on the same `SubscriptionService` and repository, so the validation, the token
 * check and the error codes are the HTTP ones (`invalid_input`, `unknown_subscription`, `rate_limited`).
 *
 * - `subscription_create`, `_get`, `_cancel`, `_charges`, `_deliveries` are free and count against the free-route
 *   rate limit, as their routes do. All but create take `subscription_id` + `token`; a wrong token and an unknown
 *   id are the same `unknown_subscription`.
 * - `subscription_fund` is the paid top-up endpoint (`streams.fund`, not in the registry) called through the
 *   same paid tool path as every registry tool (./call.ts): x402 payment in `_meta["x402/payment"]`, the
 *   settlement in `_meta["x402/payment-response"]`, never charged for a failure.
 *
 * Events are not offered over MCP: a webhook delivers them to the agent's URL, a stream is read over HTTP.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../errors/api-error.js';
import type { Registry } from '../registry/index.js';
import { compileValidator, createAjv, type InputValidator } from '../registry/validation.js';
import type { Streams } from '../streams/index.js';
import type { SubscriptionRow } from '../store/subscriptions/types.js';
import { callTool, toolResult, type CallDelivery, type McpCallDeps } from './call.js';
import {
  AFTER_SEQ, CHARGES_OUTPUT, CREATE_OUTPUT, DELIVERIES_OUTPUT, LIMIT, VIEW_OUTPUT, createInputSchema, openInputSchema,
} from './subscription-schemas.js';
import { toolDescription, toolInputSchema, toolOutputSchema } from './tools.js';

export const FUND_TOOL = 'subscription_fund';

export interface SubscriptionToolDeps extends McpCallDeps {
  streams: Streams;
}

type Args = Record<string, unknown>;
/** What a free subscription tool answers: the body (structured content) and one line for the text content. */
interface Answer {
  body: Record<string, unknown>;
  summary: string;
}
interface ManagementTool {
  tool: Tool;
  run(args: Args, streams: Streams): Promise<Answer>;
}

const ajv = createAjv();
/** The tool's own input schema, compiled: what tools/list promises is what is enforced (defaults filled). */
function validatorOf(schema: Tool['inputSchema']): InputValidator {
  return compileValidator(ajv, schema);
}

/** Validates the arguments of a tool taking `subscription_id` + `token`, then opens the subscription. */
async function open(validate: InputValidator, args: Args, streams: Streams): Promise<{ row: SubscriptionRow; input: Args }> {
  const result = validate(args);
  if (!result.ok) throw new ApiError('invalid_input', 'The tool arguments are invalid.', { issues: result.issues });
  const row = await streams.subscriptions.authorize(String(result.value.subscription_id), String(result.value.token));
  return { row, input: result.value };
}

const FREE = 'Free (counts against the free-route rate limit).';
const OPENS = 'Needs the subscription_id and the token that subscription_create returned; a wrong pair is unknown_subscription.';

function managementTools(registry: Registry): ManagementTool[] {
  const openSchema = openInputSchema();
  const openOnly = validatorOf(openSchema);
  const chargesSchema = openInputSchema({ after_seq: AFTER_SEQ, limit: LIMIT });
  const chargesInput = validatorOf(chargesSchema);
  const deliveriesSchema = openInputSchema({ limit: LIMIT });
  const deliveriesInput = validatorOf(deliveriesSchema);
  const viewOf = async (row: SubscriptionRow, streams: Streams) => streams.subscriptions.view(row);

  return [
    {
      tool: {
        name: 'subscription_create',
        title: 'Create an alert subscription',
        description:
          'Subscribes to the alerts of check-alerts, launchpad-alerts or exit-signal: the service polls the watchlist for you and ' +
          'delivers each new alert once, charged per delivered event (0.001 USDC) from funds bought with subscription_fund. ' +
          'Use delivery {"type":"webhook","url":"https://…"} to receive signed POSTs; a {"type":"stream"} subscription is read over ' +
          'HTTP (GET /subscriptions/{id}/events, Server-Sent Events), not over MCP. Answers the subscription with its token ' +
          `(and, for a webhook, the signing secret), shown only once. The subscription starts paused until funded. ${FREE}`,
        inputSchema: createInputSchema(registry),
        outputSchema: CREATE_OUTPUT,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      },
      async run(args, streams) {
        const { row, token } = await streams.subscriptions.create(args);
        const view = await viewOf(row, streams);
        return {
          body: { ...view, token, ...(row.webhookSecret ? { webhook_secret: row.webhookSecret } : {}) },
          summary: `Subscription ${row.id} created (${String(view.status)}). Keep the token${row.webhookSecret ? ' and the webhook secret' : ''}: shown only now. ` +
            'Fund it with subscription_fund to start deliveries.',
        };
      },
    },
    {
      tool: {
        name: 'subscription_get',
        title: 'Read an alert subscription',
        description: `The subscription: status (active, paused = unfunded, cancelled), funds, events stored, webhook delivery state. ${OPENS} ${FREE}`,
        inputSchema: openSchema,
        outputSchema: VIEW_OUTPUT,
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      async run(args, streams) {
        const { row } = await open(openOnly, args, streams);
        const view = await viewOf(row, streams);
        return { body: view, summary: `Subscription ${row.id}: ${String(view.status)}.` };
      },
    },
    {
      tool: {
        name: 'subscription_cancel',
        title: 'Cancel an alert subscription',
        description: `Stops detection and delivery for good; funds not yet charged are never charged. Cancelling twice answers the same. ${OPENS} ${FREE}`,
        inputSchema: openSchema,
        outputSchema: VIEW_OUTPUT,
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      },
      async run(args, streams) {
        const { row } = await open(openOnly, args, streams);
        const view = await viewOf(await streams.subscriptions.cancel(row), streams);
        return { body: view, summary: `Subscription ${row.id} cancelled.` };
      },
    },
    {
      tool: {
        name: 'subscription_charges',
        title: 'Charges of an alert subscription',
        description: `The funds and one charge per delivered event (amount, prepaid or voucher, reserved or charged), oldest first; page with after_seq. ${OPENS} ${FREE}`,
        inputSchema: chargesSchema,
        outputSchema: CHARGES_OUTPUT,
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      async run(args, streams) {
        const { row, input } = await open(chargesInput, args, streams);
        const body = await streams.subscriptions.charges(row, Number(input.after_seq), Number(input.limit));
        return {
          body,
          summary: `${body.charges.length} charge(s) of subscription ${row.id}.`,
        };
      },
    },
    {
      tool: {
        name: 'subscription_deliveries',
        title: 'Webhook delivery log of an alert subscription',
        description: `The latest webhook delivery attempts (status answered, error, duration, next retry). ${OPENS} ${FREE}`,
        inputSchema: deliveriesSchema,
        outputSchema: DELIVERIES_OUTPUT,
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      async run(args, streams) {
        const { row, input } = await open(deliveriesInput, args, streams);
        const body = await streams.subscriptions.deliveries(row, Number(input.limit));
        return {
          body,
          summary: `${body.attempts.length} delivery attempt(s) of subscription ${row.id}.`,
        };
      },
    },
  ];
}

function fundTool(streams: Streams): Tool {
  const { fund } = streams;
  return {
    name: FUND_TOOL,
    title: fund.def.summary,
    description: `${toolDescription(fund)}\n\nThe same paid endpoint as POST /subscriptions/fund: a payment made over either transport is a replay over the other.`,
    inputSchema: toolInputSchema(fund),
    outputSchema: toolOutputSchema(fund),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    _meta: { 'x402/price_usdc': fund.def.price, 'x402/free': false },
  };
}

interface Catalogue {
  tools: Tool[];
  management: Map<string, ManagementTool>;
}

const catalogues = new WeakMap<Streams, Catalogue>();

function catalogue(streams: Streams, registry: Registry): Catalogue {
  let found = catalogues.get(streams);
  if (!found) {
    const management = managementTools(registry);
    found = { tools: [...management.map((m) => m.tool), fundTool(streams)], management: new Map(management.map((m) => [m.tool.name, m])) };
    catalogues.set(streams, found);
  }
  return found;
}

/** The subscription tools, listed after the registry's. */
export function subscriptionTools(streams: Streams, registry: Registry): Tool[] {
  return catalogue(streams, registry).tools;
}

/**
 * Runs `name` if it is a subscription tool (undefined otherwise). A failure is an `isError` result with the HTTP
 * error body, through the invoker's `errorOutcome` (a coded error as it is, anything else `internal`, logged).
 */
export async function callSubscriptionTool(
  name: string, args: Args | undefined, payment: unknown, requestId: string, userAgent: string, registry: Registry, deps: SubscriptionToolDeps,
  delivery: CallDelivery = {},
): Promise<CallToolResult | undefined> {
  if (name === FUND_TOOL) return callTool(deps.streams.fund, args, payment, requestId, userAgent, deps, delivery);
  const tool = catalogue(deps.streams, registry).management.get(name);
  if (!tool) return undefined;
  try {
    await deps.limitFree();
    const { body, summary } = await tool.run(args ?? {}, deps.streams);
    return { structuredContent: body, content: [{ type: 'text', text: summary }, { type: 'text', text: JSON.stringify(body) }] };
  } catch (err) {
    return toolResult(deps.invoker.errorOutcome(err, requestId, name));
  }
}
