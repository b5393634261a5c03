/**
 * batch-enrich: the enrich-* answer of each address, in parallel under a concurrency bound, inside the
 * call's answer deadline.
 *
 *  - Each item is computed by exactly the code of the matching single endpoint (wallet light/full =
 *    enrich-wallet-light/-full, token light = enrich-token-light without holders, token full =
 *    enrich-token-full with holders), so an item's `data` equals that endpoint's `data`.
 *  - Duplicate addresses are answered once: one item per distinct address, in the order of first
 *    appearance; the summary and a caveat say how many duplicates were dropped.
 *  - One failing address is a per-item error (`{ok: false, error: {code, message, retryable}}`), not a
 *    failed batch. A batch in which no item succeeded fails like a single call would (404, 502 or 504)
 *    and is not charged.
 *  - The deadline: the batch stops `BATCH_DEADLINE_MARGIN_MS` before the answer deadline; items still
 *    running or not started become `upstream_timeout` items instead of the whole batch being lost.
 */
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { analyzeToken } from '../../shared/token-analysis.js';
import { withPriceRange7d } from '../../shared/token-price-range.js';
import { walletProfile } from '../../shared/wallet-profile.js';
import { runBounded, withinBudget } from '../../../lib/bounded-run.js';
import { callFailure, errorOfOutcome, type FailedMember, type MemberError } from '../../shared/member-errors.js';
import { mintGivenAsWallet, mintsAmong, UNCHECKED_WALLETS } from '../shared/wallet-check.js';

/**
 * Items enriched at once: the largest batch in one wave, which keeps a batch within 3 × a single call
 * (measured with bench/batch.ts; docs/intelligence.md, "batch-enrich"). Provider rate limits belong in the
 * source clients; the bound caps the work of one call should the item limit grow.
 */
export const BATCH_CONCURRENCY = 25;
/** The batch ends this long before the answer deadline, so its partial answer is delivered in time. */
export const BATCH_DEADLINE_MARGIN_MS = 500;
const DEFAULT_DEADLINE_MS = 15_000;

export type BatchType = 'wallet' | 'token';
export type BatchDepth = 'light' | 'full';

export interface BatchInput {
  addresses: string[];
  type: BatchType;
  depth?: BatchDepth;
}

type BatchItem =
  | { address: string; ok: true; data: Record<string, unknown>; caveats: Caveat[] }
  | { address: string; ok: false; error: MemberError };

/** The single endpoint whose answer an item equals (also its input, for next_steps). */
function itemEndpoint(type: BatchType, depth: BatchDepth): string {
  return `enrich-${type}-${depth}`;
}

function enrichOne(address: string, type: BatchType, depth: BatchDepth, ctx: HandlerContext): Promise<HandlerResult> {
  const full = depth === 'full';
  if (type === 'wallet') return walletProfile(address, { full }, ctx);
  if (!full) return analyzeToken(address, { includeHolders: false, full: false }, ctx);
  // As enrich-token-full answers it, 7-day price range included: an item equals its single endpoint's answer.
  return withPriceRange7d(address, (c) => analyzeToken(address, { includeHolders: true, full: true }, c), ctx);
}

export async function batchEnrich(input: BatchInput, ctx: HandlerContext): Promise<HandlerResult> {
  const depth = input.depth ?? 'light';
  const started = performance.now();
  const unique = [...new Set(input.addresses)];
  const budgetMs = (ctx.deadlineMs ?? DEFAULT_DEADLINE_MS) - BATCH_DEADLINE_MARGIN_MS;
  // The guard runs beside the items and within the same budget (a slow chain must not hold the answer).
  const mintCheck = input.type === 'wallet' ? withinBudget(mintsAmong(unique, ctx), budgetMs, null, ctx.timers) : Promise.resolve(null);
  const [outcomes, mints] = await Promise.all([
    runBounded(unique, (address) => enrichOne(address, input.type, depth, ctx), {
      concurrency: BATCH_CONCURRENCY, budgetMs, signal: ctx.signal, timers: ctx.timers,
    }),
    mintCheck,
  ]);

  const items: BatchItem[] = unique.map((address, i) => {
    const outcome = outcomes[i]!;
    if (mints?.has(address)) return { address, ok: false, error: mintGivenAsWallet(address, 'Enrich it with type "token".') };
    if (outcome.status === 'done') return { address, ok: true, data: outcome.value.data, caveats: outcome.value.caveats ?? [] };
    return { address, ok: false, error: errorOfOutcome(outcome) };
  });
  const failed: FailedMember[] = items.flatMap((it) => (it.ok ? [] : [{ address: it.address, error: it.error }]));
  if (failed.length === items.length) throw callFailure(failed, `No address of the batch could be enriched`);

  const degraded = items.filter((it) => it.ok && it.caveats.some((c) => c.code === 'leg_degraded')).length;
  const duplicates = input.addresses.length - unique.length;
  const errorsByCode: Record<string, number> = {};
  for (const f of failed) errorsByCode[f.error.code] = (errorsByCode[f.error.code] ?? 0) + 1;

  const caveats: Caveat[] = [];
  if (input.type === 'wallet' && mints === null) caveats.push(UNCHECKED_WALLETS);
  if (failed.length > 0) {
    caveats.push({ code: 'items_failed', message: `${failed.length} of ${items.length} items failed (${Object.entries(errorsByCode).map(([c, n]) => `${n} ${c}`).join(', ')}); each carries its error.` });
  }
  if (degraded > 0) caveats.push({ code: 'items_degraded', message: `${degraded} items were answered with a degraded data source; see each item's caveats.` });
  if (duplicates > 0) caveats.push({ code: 'duplicates_ignored', message: `${duplicates} duplicate addresses were answered once.` });

  const durations = outcomes.flatMap((o) => (o.status === 'timed_out' ? [] : [o.durationMs]));
  return {
    data: {
      type: input.type,
      depth,
      item_endpoint: itemEndpoint(input.type, depth),
      summary: {
        requested: input.addresses.length,
        unique: unique.length,
        duplicates_ignored: duplicates,
        ok: items.length - failed.length,
        failed: failed.length,
        degraded,
        errors_by_code: errorsByCode,
        concurrency: BATCH_CONCURRENCY,
      },
      items,
    },
    caveats,
    next_steps: nextSteps(input.type, depth, items),
    timings: { batch: Math.round(performance.now() - started), slowest_item: Math.round(Math.max(0, ...durations)) },
  };
}

function nextSteps(type: BatchType, depth: BatchDepth, items: BatchItem[]): NextStep[] {
  const steps: NextStep[] = [];
  const retry = items.filter((it) => !it.ok && it.error.retryable).map((it) => it.address);
  if (retry.length > 0) steps.push({ endpoint: 'batch-enrich', input: { addresses: retry, type, depth }, reason: 'Retry only the items that failed for a transient reason' });
  const ok = items.filter((it) => it.ok).map((it) => it.address);
  if (ok.length >= 2) {
    const compare = type === 'wallet' ? { endpoint: 'compare-wallets', input: { addresses: ok.slice(0, 3), depth } } : { endpoint: 'compare-tokens', input: { mints: ok.slice(0, 3) } };
    steps.push({ ...compare, reason: `Rank ${ok.length > 3 ? 'the first three' : 'these'} side by side with summary picks` });
  }
  if (depth === 'light' && ok.length > 0) steps.push({ endpoint: 'batch-enrich', input: { addresses: ok, type, depth: 'full' }, reason: type === 'wallet' ? 'DeFi positions, connections, history and behaviour of each' : 'Holders, HHI concentration and volatility of each' });
  return steps;
}
