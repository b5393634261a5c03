/**
 * Request bodies: flat inputs or `{ "input": { ... } }`, both accepted (as /llms.txt and /docs tell callers:
 * src/docs/llms.ts, "Call convention").
 * `format` may sit inside the inputs or beside `input`.
 */
import { ApiError, type InputIssue } from '../errors/api-error.js';

export interface NormalizedBody {
  input: Record<string, unknown>;
  /** Whether the caller sent any body at all (an empty probe gets no `input_errors`). */
  sent: boolean;
  /** Problems found before schema validation (fields beside `input`). */
  issues: InputIssue[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The refusal of a body that is JSON but not an object (an array, a string, a number). */
export function notAnObject(): ApiError {
  return new ApiError('invalid_json', 'The request body must be a JSON object', { issues: [{ path: '/', message: 'must be a JSON object' }] });
}

export function normalizeBody(body: unknown): NormalizedBody {
  if (body === undefined || body === null) return { input: {}, sent: false, issues: [] };
  if (!isPlainObject(body)) throw notAnObject();
  if (!isPlainObject(body.input)) return { input: body, sent: true, issues: [] };
  const issues: InputIssue[] = [];
  const input: Record<string, unknown> = { ...body.input };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'input') continue;
    if (key === 'format' && !('format' in input)) input.format = value;
    else issues.push({ path: `/${key}`, message: 'is not a known field (inputs go inside "input")' });
  }
  return { input, sent: true, issues };
}
