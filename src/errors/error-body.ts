/**
 * The error body every error answer carries (docs/errors.md: `{ "error": { code, message, issues?,
 * retryable, request_id, … } }`). It lives with the codes rather than in app/ because it is the contract
 * itself, not an HTTP detail: the HTTP routes send it and MCP tool results carry the same object
 * (src/mcp/call.ts). It renders only what an `ApiError` holds for the caller: never `cause` or `logDetail`.
 */
import type { ApiError, InputIssue } from './api-error.js';
import type { ErrorCode } from './codes.js';

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    issues?: InputIssue[];
    retryable: boolean;
    request_id: string;
  } & Record<string, unknown>;
}

export function errorBody(err: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.issues ? { issues: err.issues } : {}),
      retryable: err.retryable,
      request_id: requestId,
      ...(err.extra ?? {}),
    },
  };
}
