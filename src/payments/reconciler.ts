/**
 * The background half of "never charged without the answer": settlements whose outcome was unknown when
 * the call ended (`unconfirmed` claims: the transfer may have been broadcast, its confirmation could not
 * be read) are looked up on chain again until they are found (→ `undelivered`: charged, the answer kept
 * for the payer's retry) or can no longer land (→ `not_settled`). A payer who retries first resolves
 * their own claim on the spot (PaymentLifecycle.resume); this catches the ones nobody retries, so the
 * records (and the operator's books) are right either way.
 *
 * Runs on the service's timers in every instance; two instances resolving one claim write the same answer.
 */
import type { Logger } from 'pino';
import type { Timers } from '../lib/timers.js';
import type { ClaimRepository } from '../store/types.js';
import type { PaymentLifecycle } from './lifecycle.js';

export const RECONCILE_INTERVAL_MS = 15_000;
/** A claim this young is left to the call (or the payer's retry) that is still resolving it. */
export const RECONCILE_MIN_AGE_MS = 5_000;
const BATCH = 50;

export interface SettlementReconciler {
  /** One pass: resolves what it can; the number of claims it settled either way. */
  runOnce(): Promise<{ charged: number; notCharged: number; open: number }>;
  stop(): void;
}

export function startSettlementReconciler(deps: {
  lifecycle: PaymentLifecycle;
  store: ClaimRepository;
  timers: Timers;
  now: () => Date;
  logger: Logger;
  intervalMs?: number;
}): SettlementReconciler {
  const intervalMs = deps.intervalMs ?? RECONCILE_INTERVAL_MS;
  let cancel: (() => void) | undefined;
  let stopped = false;
  let running: Promise<{ charged: number; notCharged: number; open: number }> | undefined;

  const pass = async () => {
    const tally = { charged: 0, notCharged: 0, open: 0 };
    const before = new Date(deps.now().getTime() - RECONCILE_MIN_AGE_MS);
    const claims = await deps.store.listClaims('unconfirmed', before, BATCH);
    for (const claim of claims) {
      const outcome = await deps.lifecycle.reconcile(claim);
      if (outcome === 'charged') tally.charged++;
      else if (outcome === 'not_charged') tally.notCharged++;
      else tally.open++;
    }
    if (tally.charged + tally.notCharged > 0) deps.logger.info(tally, 'unconfirmed settlements resolved on chain');
    return tally;
  };

  const runOnce = () => {
    // One pass at a time: a timer tick during a test's own pass joins it.
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    cancel = deps.timers.setTimeout(() => {
      runOnce()
        .catch((err: unknown) => deps.logger.warn({ err }, 'settlement reconciler pass failed'))
        .finally(schedule);
    }, intervalMs, { unref: true });
  };
  schedule();

  return {
    runOnce,
    stop() {
      stopped = true;
      cancel?.();
    },
  };
}
