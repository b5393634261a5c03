/**
 * One literal path per endpoint (`/entrypoints/{key}/invoke`, operationId = key): its request body (flat or
 * wrapped inputs), its answer (the output schema merged with the envelope), every error it can answer and,
 * when paid, its payment parameters, 402 and `x-payment-info`.
 */
import { exampleResponse } from '../../registry/output-example.js';
import type { Registry, RegisteredEndpoint } from '../../registry/index.js';
import { FAMILY_TITLES } from '../../registry/types.js';
import { plainSchema } from '../../lib/plain-schema.js';
import { baseUrl, type SiteInfo } from '../site.js';
import { headerRef, isObject, pascalCase, ref, responseRef, type Json } from './json.js';
import { paymentInfo } from './payment-schemas.js';

/** The data schema merged with the envelope fields (json / both formats). */
export function successSchema(output: Json): Json {
  if (output.type === 'object' && !Array.isArray(output.anyOf) && !Array.isArray(output.oneOf) && !Array.isArray(output.allOf)) {
    const properties = isObject(output.properties) ? output.properties : {};
    const required = Array.isArray(output.required) ? output.required : [];
    return {
      ...output,
      properties: {
        ...properties,
        caveats: { type: 'array', items: ref('Caveat') },
        next_steps: { type: 'array', items: ref('NextStep') },
        meta: ref('Meta'),
        llm_summary: { type: 'string', description: 'Only with `format: "both"`: the markdown briefing.' },
      },
      required: [...new Set([...required, 'caveats', 'next_steps', 'meta'])],
    };
  }
  const { additionalProperties: _dropped, ...rest } = output;
  return { allOf: [rest, ref('Envelope')] };
}

function operationDescription(endpoint: RegisteredEndpoint): string {
  const { def } = endpoint;
  const parts = [def.description];
  if (endpoint.priceAtomic === null) {
    parts.push('**Free**: no payment needed; rate-limited per client IP (429 with `Retry-After`).');
  } else {
    parts.push(
      `**Price:** ${def.price} USDC per call (${endpoint.priceAtomic} atomic units), paid with x402 in USDC on Solana or Base. ` +
        'Settled only after a successful (2xx) answer: invalid input and failures are never charged.',
    );
  }
  parts.push(
    `Results are cached server side for ${def.cacheTtlSeconds} s; a repeat call inside that window returns the same answer` +
      (endpoint.priceAtomic === null ? '.' : ' (and is charged).'),
  );
  parts.push('The body is the flat inputs, or `{"input": {...}}`; `format` (`json`, `llm`, `both`) is accepted by every endpoint.');
  if (!endpoint.implemented) parts.push('**Not built yet:** answers 501 `not_implemented` and is never charged.');
  return parts.join('\n\n');
}

function endpointOperation(endpoint: RegisteredEndpoint, inputName: string, responseName: string, site: SiteInfo): Json {
  const { def } = endpoint;
  const paid = endpoint.priceAtomic !== null;
  const inputRequired = Array.isArray(endpoint.inputSchema.required) && endpoint.inputSchema.required.length > 0;
  const example = plainSchema(def.example);
  const responses: Json = {
    '200': {
      description: 'The answer. `format: "json"` (default) and `"both"` return the data fields plus `caveats`, `next_steps`, `meta` (and `llm_summary` for `both`); `format: "llm"` returns the briefing envelope.',
      headers: {
        'X-Request-Id': headerRef('X-Request-Id'),
        'X-Service-Version': headerRef('X-Service-Version'),
        ...(paid ? { 'PAYMENT-RESPONSE': headerRef('PAYMENT-RESPONSE'), 'X-PAYMENT-RESPONSE': headerRef('X-PAYMENT-RESPONSE') } : {}),
      },
      content: {
        'application/json': {
          schema: { anyOf: [ref(responseName), ref('LlmEnvelope')] },
          // Generated from the output schema (placeholder values), not recorded from a call.
          examples: { shape: { summary: 'Shape of a json answer (placeholder values from the output schema)', value: exampleResponse(endpoint) } },
        },
      },
    },
    '400': responseRef('BadRequest'),
    ...(paid ? { '402': responseRef('PaymentRequired') } : {}),
    '404': responseRef('NotFound'),
    '413': responseRef('PayloadTooLarge'),
    ...(def.key === 'query' ? { '422': responseRef('UnroutableQuestion') } : {}),
    ...(paid ? {} : { '429': responseRef('RateLimited') }),
    '500': responseRef('InternalError'),
    '501': responseRef('NotImplemented'),
    '502': responseRef('UpstreamUnavailable'),
    '503': responseRef('ServiceUnavailable'),
    '504': responseRef('UpstreamTimeout'),
  };
  return {
    operationId: def.key,
    tags: [FAMILY_TITLES[def.family]],
    ...(def.deprecation ? { deprecated: true, 'x-sunset': def.deprecation.sunset, 'x-successor': def.deprecation.successor } : {}),
    summary: def.summary,
    description: operationDescription(endpoint),
    ...(paid ? { parameters: [{ $ref: '#/components/parameters/PaymentSignature' }, { $ref: '#/components/parameters/XPayment' }, { $ref: '#/components/parameters/ReferralCode' }] } : {}),
    requestBody: {
      required: inputRequired,
      description: 'Flat inputs, or the same inputs wrapped as `{"input": {...}}` (`format` may then sit inside `input` or beside it). Unknown fields are rejected.',
      content: {
        'application/json': {
          schema: {
            oneOf: [
              ref(inputName),
              {
                type: 'object',
                title: 'Wrapped input',
                properties: { input: ref(inputName), format: ref('OutputFormat') },
                required: ['input'],
                additionalProperties: false,
              },
            ],
          },
          examples: {
            flat: { summary: 'Flat inputs', value: example },
            wrapped: { summary: 'Inputs wrapped in "input"', value: { input: example } },
            llm: { summary: 'Markdown briefing (format: llm)', value: { ...example, format: 'llm' } },
          },
        },
      },
    },
    responses,
    // A paid operation declares no security requirement: its payment is described by x-payment-info and the 402.
    ...(paid ? { 'x-payment-info': paymentInfo(endpoint, site) } : { security: [] }),
    'x-price-usdc': def.price,
    'x-cache-ttl-seconds': def.cacheTtlSeconds,
    'x-implemented': endpoint.implemented,
    'x-family': def.family,
    externalDocs: { description: 'Reference', url: `${baseUrl(site)}/docs#ep-${def.key}` },
  };
}

/** Each endpoint's input and response component schemas (`<Key>Input`, `<Key>Response`) and its path, in registry order. */
export function endpointPaths(registry: Registry, site: SiteInfo): { schemas: Record<string, Json>; paths: Record<string, Record<string, Json>> } {
  const schemas: Record<string, Json> = {};
  const paths: Record<string, Record<string, Json>> = {};
  for (const endpoint of registry.list) {
    const name = pascalCase(endpoint.def.key);
    const inputName = `${name}Input`;
    const responseName = `${name}Response`;
    schemas[inputName] = { ...plainSchema(endpoint.inputSchema), examples: [plainSchema(endpoint.def.example)] };
    schemas[responseName] = successSchema(plainSchema(endpoint.def.output));
    paths[endpoint.path] = { post: endpointOperation(endpoint, inputName, responseName, site) };
  }
  return { schemas, paths };
}
