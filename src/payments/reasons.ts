/**
 * Reason codes that reach clients. A facilitator's refusal reason is normally an x402 reason code
 * (`invalid_exact_svm_payload_…`, `insufficient_funds`), but a thrown error or a remote facilitator can put
 * anything there — an RPC's own message, an internal URL. Only something shaped like a code is passed on;
 * anything else becomes the fallback code, and the original text goes to the logs only.
 */
const REASON_CODE = /^[a-z][a-z0-9_]{0,79}$/;

export function safeReason(reason: string | undefined, fallback: string): string {
  return reason !== undefined && REASON_CODE.test(reason) ? reason : fallback;
}
