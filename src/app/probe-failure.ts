/**
 * What `/status` says about a component whose probe failed (the store, the cache, the facilitator, the
 * launch platform's index): only that it is unreachable. The probe's own error — a driver's or a client
 * library's text, which can name a host, a user or a connection string — goes to the logs only
 * (docs/errors.md; docs/deploy.md, "Shutdown, readiness and liveness").
 */
import type { Logger } from 'pino';

export const UNREACHABLE = 'unreachable';

/** Logs why `component`'s probe failed and returns the detail the status body may show. */
export function probeFailure(logger: Pick<Logger, 'warn'>, component: string, err: unknown): string {
  logger.warn({ err, component }, 'status probe failed');
  return UNREACHABLE;
}
