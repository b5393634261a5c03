/**
 * The payment facilitator could not be reached or answered with something other than a verdict: paid calls
 * answer 503 `upstream_unavailable` (retryable, nothing charged; docs/errors.md). The caller gets the fixed
 * message below; the facilitator's own text (which may name an internal host) is `detail`, for the logs only.
 */
import { ApiError } from '../errors/api-error.js';

export const FACILITATOR_UNAVAILABLE_MESSAGE = 'The payment facilitator is unavailable; nothing was charged. Retry shortly.';

export class FacilitatorUnavailableError extends ApiError {
  /** What the facilitator (or the library talking to it) said: logs only. */
  readonly detail: string;

  constructor(detail: string, cause?: unknown) {
    super('upstream_unavailable', FACILITATOR_UNAVAILABLE_MESSAGE, { status: 503, cause, logDetail: { facilitator: detail } });
    this.detail = detail;
  }
}
