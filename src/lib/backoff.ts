/**
 * The wait before re-trying a failed webhook delivery: 10 s after the first failure, three times longer after
 * each further one (30 s, 90 s, 270 s, …), never more than an hour.
 *
 * Deterministic on purpose, without jitter: deliveries of one subscription must stay in event order, and a
 * test (or an operator reading the delivery log) must be able to say exactly when the next try is due.
 * Jitter exists to spread a crowd of clients hitting one server; here the retries go to many different
 * receivers, each paced by its own subscription, so there is no crowd to spread.
 */

const FIRST_DELAY_MS = 10_000;
const FACTOR = 3;
export const MAX_RETRY_DELAY_MS = 3_600_000;

/** The delay before retry number `attempt` (1 = the first retry, after the first failed delivery). */
export function retryDelayMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be an integer of at least 1, got ${attempt}`);
  // Past the cap the power would only grow (and eventually overflow to Infinity): stop multiplying there.
  let delay = FIRST_DELAY_MS;
  for (let i = 1; i < attempt && delay < MAX_RETRY_DELAY_MS; i++) delay *= FACTOR;
  return Math.min(delay, MAX_RETRY_DELAY_MS);
}
