/**
 * The error contract in the OpenAPI document: the `Error` and `InputIssue` schemas and one reusable response
 * per HTTP status, each describing and exemplifying the codes of that status. The code table itself is
 * src/errors/ (docs/errors.md).
 */
import { ERROR_CODES, type ErrorCode } from '../../errors/api-error.js';
import { headerRef, ref, type Json } from './json.js';

function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c].status === status);
}

export function errorSchemas(): Record<'InputIssue' | 'Error', Json> {
  return {
    InputIssue: {
      type: 'object',
      required: ['path', 'message'],
      properties: {
        path: { type: 'string', description: 'JSON Pointer into the input, e.g. `/address`.' },
        message: { type: 'string' },
      },
      additionalProperties: false,
    },
    Error: {
      type: 'object',
      description: 'The error contract of every non-402 failure. Nothing is charged for any error.',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message', 'retryable', 'request_id'],
          properties: {
            code: { type: 'string', enum: Object.keys(ERROR_CODES), description: 'Stable machine-readable code (see the table in the API description).' },
            message: { type: 'string' },
            issues: { type: 'array', items: ref('InputIssue'), description: 'For `invalid_input`: every problem found.' },
            retryable: { type: 'boolean' },
            request_id: { type: 'string' },
            resets_at: { type: 'string', format: 'date-time', description: 'For `rate_limited`: when the window resets.' },
            suggestions: { type: 'array', items: {}, description: 'For `unroutable_question`: endpoints that may answer the question.' },
          },
          additionalProperties: true,
        },
      },
      additionalProperties: false,
    },
  };
}

function errorResponse(codes: ErrorCode[], description?: string, headers: Record<string, Json> = {}): Json {
  const first = codes[0]!;
  return {
    description: description ?? codes.map((c) => `\`${c}\`: ${ERROR_CODES[c].meaning}`).join(' '),
    headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...headers },
    content: {
      'application/json': {
        schema: ref('Error'),
        example: { error: { code: first, message: ERROR_CODES[first].meaning, retryable: ERROR_CODES[first].retryable, request_id: 'req_01J9Z8X7' } },
      },
    },
  };
}

/** One reusable response per error status (the 402 is payments' own: payment-schemas.ts). */
export function errorResponses(): Record<string, Json> {
  return {
    BadRequest: errorResponse(codesWithStatus(400)),
    NotFound: errorResponse(codesWithStatus(404)),
    PayloadTooLarge: errorResponse(codesWithStatus(413)),
    RateLimited: errorResponse(codesWithStatus(429), undefined, { 'Retry-After': headerRef('Retry-After') }),
    UnroutableQuestion: errorResponse(codesWithStatus(422)),
    NotImplemented: errorResponse(codesWithStatus(501)),
    UpstreamUnavailable: errorResponse(codesWithStatus(502)),
    ServiceUnavailable: errorResponse(['upstream_unavailable', 'settlement_unconfirmed'],
      '`upstream_unavailable`: the payment facilitator is unavailable; nothing was charged. Retry shortly. ' +
      `\`settlement_unconfirmed\`: ${ERROR_CODES.settlement_unconfirmed.meaning}`, { 'Retry-After': headerRef('Retry-After') }),
    UpstreamTimeout: errorResponse(codesWithStatus(504)),
    InternalError: errorResponse(codesWithStatus(500)),
    // The subscription routes' own: a wrong token and an unknown id are one answer, so ids cannot be probed.
    UnknownSubscription: errorResponse(['unknown_subscription']),
    NotAStreamSubscription: errorResponse(['wrong_delivery_mode']),
  };
}

/** The error table of the API description (markdown). */
export function errorTableMarkdown(): string {
  const rows = (Object.keys(ERROR_CODES) as ErrorCode[]).map((c) => `| \`${c}\` | ${ERROR_CODES[c].status} | ${ERROR_CODES[c].retryable ? 'yes' : 'no'} | ${ERROR_CODES[c].meaning} |`);
  return ['| Code | Status | Retryable | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}
