/**
 * `/llms.txt` (concise index, llmstxt.org layout) and `/llms-full.txt` (the same plus every endpoint's
 * inputs with bounds and defaults, and an example body), generated from the registry.
 */
import { ERROR_CODES, type ErrorCode } from '../errors/api-error.js';
import { PAYMENT_NETWORKS } from '../payments/networks.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import { EVENT_PRICE_USDC, EVENTS_PER_TOP_UP, TOP_UP_USDC } from '../streams/settings.js';
import { inputRows, requirementText } from './input-table.js';
import { plainSchema } from '../lib/plain-schema.js';
import { baseUrl, endpointUrl, groupByFamily, priceLabel, SERVICE_NAME, SERVICE_SUMMARY, UNITS_CONVENTIONS, type SiteInfo } from './site.js';

/** Keeps a one-line text on one line (summaries end up in markdown list items). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function header(registry: Registry, site: SiteInfo): string[] {
  const base = baseUrl(site);
  const paid = registry.list.filter((e) => e.priceAtomic !== null).length;
  const networks = PAYMENT_NETWORKS.map((n) => `${n.label} (\`${n.id}\`, USDC \`${n.asset}\`)`).join(' or ');
  return [
    `# ${SERVICE_NAME}`,
    '',
    `> ${SERVICE_SUMMARY}`,
    '',
    `Service version ${site.version}. ${registry.list.length} endpoints (${paid} paid, ${registry.list.length - paid} free). Base URL: ${base}`,
    '',
    '## Call convention',
    '',
    '- Every capability is `POST ' + base + '/entrypoints/{key}/invoke` with a JSON body.',
    '- The body is either the flat inputs (`{"address": "..."}`) or the same inputs wrapped: `{"input": {"address": "..."}}`. Unknown fields are rejected.',
    '- Every endpoint accepts `format`: `json` (default: typed fields), `llm` (short deterministic markdown briefing) or `both` (JSON plus `llm_summary`). Same price.',
    '- Every answer carries `caveats` (degraded data legs; keep them with the answer), `next_steps` (`{endpoint, input, reason}`, callable as given) and `meta` (`request_id`, `served_at`, `data_mode`, `cache`, `version`).',
    '- Errors: `{"error": {"code", "message", "issues"?, "retryable", "request_id"}}`; invalid input is 400 `invalid_input` with `issues: [{path, message}]`.',
    `- MCP: \`POST ${base}/mcp\` (stateless Streamable HTTP) lists one tool per endpoint, same names and inputs; a paid tool called without payment returns \`isError\` with the x402 \`PaymentRequired\` in \`structuredContent\`; repeat the call with the signed payment in \`_meta["x402/payment"]\` (receipt in \`_meta["x402/payment-response"]\`).`,
    '',
    '## Payment',
    '',
    `- x402, USDC, same price on ${networks}. No API key, no account.`,
    '- Call without payment first: the answer is **402** with the challenge (x402 v2: base64 `PAYMENT-REQUIRED` header; v1: the JSON body with `accepts[]`), plus `pricing`, `how_to_pay`, `all_endpoints` and any `input_errors` in what you sent.',
    '- Sign a payment for one `accepts` entry and repeat the identical call with `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1). Clients: `@x402/fetch` (v2), `x402-fetch` (v1). Receipt: `PAYMENT-RESPONSE` header.',
    '- You are never charged for failures: payment is settled only after a 2xx answer; invalid input, errors and unbuilt endpoints (501) are not charged.',
    ...(site.cardEnabled ? ['- Card payment: `Authorization: Payment <credential>` (MPP); see `WWW-Authenticate` on the 402.'] : []),
    `- Free: ${registry.list.filter((e) => e.priceAtomic === null).map((e) => `\`${e.def.key}\``).join(', ') || 'none'}, and \`POST ${base}/demo/enrich\` with \`{"address": "..."}\` (10 calls per hour per IP).`,
    '',
    ...subscriptionLines(base),
  ];
}

/** Alert subscriptions: the push form of the polling alert endpoints (src/app/subscription-routes.ts). */
function subscriptionLines(base: string): string[] {
  return [
    '## Alert subscriptions',
    '',
    `- \`POST ${base}/subscriptions\` (free) with \`{"source": "check-alerts" | "launchpad-alerts" | "exit-signal", "input": <that endpoint's input without since/format>, "delivery": {"type": "stream"} | {"type": "webhook", "url": "https://..."}}\`: answers 201 with the subscription, its bearer \`token\` and (webhook) \`webhook_secret\`, shown once.`,
    `- ${EVENT_PRICE_USDC} USDC per delivered event. Fund it with \`POST ${base}/subscriptions/fund\` \`{"subscription_id": "sub_..."}\`, a paid x402 call (${TOP_UP_USDC} USDC = ${EVENTS_PER_TOP_UP} events; exact = prepaid balance, batch-settlement voucher on Base = allowance charged per event). Unfunded = \`paused\`.`,
    '- With `Authorization: Bearer <token>`: `GET /subscriptions/{id}` (status, funds), `DELETE /subscriptions/{id}` (cancel), `GET /subscriptions/{id}/events` (Server-Sent Events; `?token=` also accepted; resume with `Last-Event-ID`; control events `gap`, `paused`, `cancelled`), `GET /subscriptions/{id}/charges?after_seq=&limit=`, `GET /subscriptions/{id}/deliveries?limit=` (webhook attempts). Wrong token or id: 404 `unknown_subscription`.',
    '- Webhooks are signed (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`), sent in order, retried with backoff.',
    '',
  ];
}

function endpointLine(site: SiteInfo, e: RegisteredEndpoint): string {
  const pending = e.implemented ? '' : ' (not built yet: answers 501, never charged)';
  return `- [${e.def.key}](${endpointUrl(site, e)}): ${oneLine(e.def.summary)} — ${priceLabel(e)}${pending}`;
}

function endpointSections(registry: Registry, site: SiteInfo, detail?: (e: RegisteredEndpoint) => string[]): string[] {
  const lines: string[] = [];
  for (const group of groupByFamily(registry)) {
    lines.push(`## ${group.title}`, '');
    for (const e of group.endpoints) {
      lines.push(endpointLine(site, e));
      if (detail) lines.push(...detail(e));
    }
    lines.push('');
  }
  return lines;
}

function footer(site: SiteInfo): string[] {
  const base = baseUrl(site);
  return [
    '## Docs',
    '',
    `- [Error codes](${base}/docs#errors): every error code with its HTTP status and whether to retry`,
    `- [Documentation](${base}/docs): every endpoint with inputs, bounds and a curl example`,
    `- [OpenAPI 3.1](${base}/openapi.json): machine-readable schemas of every input and output`,
    `- [x402 discovery](${base}/.well-known/x402): every resource with its price and networks`,
    `- [Status](${base}/status): version, data mode and health`,
    '',
    '## Optional',
    '',
    `- [llms-full.txt](${base}/llms-full.txt): this file plus every endpoint's inputs and an example body`,
    '',
  ];
}

/** The concise llms.txt. */
export function buildLlmsTxt(registry: Registry, site: SiteInfo): string {
  return [...header(registry, site), ...endpointSections(registry, site), ...footer(site)].join('\n');
}

function endpointDetail(e: RegisteredEndpoint): string[] {
  const lines = ['', `  ${oneLine(e.def.description)}`, '', '  Inputs:'];
  for (const row of inputRows(e.inputSchema)) {
    const bits = [row.type, requirementText(row), row.constraints].filter(Boolean).join('; ');
    const description = row.description ? `: ${oneLine(row.description)}` : '';
    lines.push(`  - \`${row.name}\` (${bits})${description}`);
  }
  lines.push('', '  Example body:', '', '  ```json', `  ${JSON.stringify(plainSchema(e.def.example))}`, '  ```', '');
  return lines;
}

function errorTable(): string[] {
  return [
    '## Error codes',
    '',
    '| Code | HTTP | Retryable | Meaning |',
    '|---|---|---|---|',
    ...(Object.keys(ERROR_CODES) as ErrorCode[]).map((c) => `| \`${c}\` | ${ERROR_CODES[c].status} | ${ERROR_CODES[c].retryable ? 'yes' : 'no'} | ${ERROR_CODES[c].meaning} |`),
    '',
    '## Units',
    '',
    ...UNITS_CONVENTIONS.map((u) => `- ${u}`),
    '',
  ];
}

/** llms.txt plus each endpoint's description, inputs (bounds, defaults) and example body, the error table and units. */
export function buildLlmsFullTxt(registry: Registry, site: SiteInfo): string {
  return [...header(registry, site), ...errorTable(), ...endpointSections(registry, site, endpointDetail), ...footer(site)].join('\n');
}
