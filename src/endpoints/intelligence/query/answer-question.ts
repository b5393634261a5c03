/**
 * Answering a routed question: resolve the subject's kind when the words did not say it (is the address a
 * mint account on chain?), then run the planned endpoints through `ctx.call` — one, or a chain of 2–3 in
 * parallel. A chained leg that fails or is not built yet degrades to a caveat; only when every leg
 * fails does the question fail (with the first leg's error, so nothing is charged).
 *
 * Each leg is then shaped by its price (src/analytics/query/preview.ts): at or below query's own price it
 * comes back whole (`answer` / `answers`), above it as headlines (`preview` / `previews`) with a next step
 * that buys the full answer.
 */
import { legTreatment, shapeLeg, type LegPreview, type ShapedLeg } from '../../../analytics/query/preview.js';
import { routeQuestion, type PlannedCall, type Route } from '../../../analytics/query/router.js';
import { ApiError, internalError } from '../../../errors/api-error.js';
import type { Caveat, CallResult, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { readMint } from '../../../sources/solana-rpc.js';
import { toApiError, SourceError } from '../../../sources/errors.js';
import type { PriceBook } from './price-book.js';

/** `check-alerts` needs a `since`: a question about alerts means "the last 24 hours". */
const ALERT_WINDOW_MS = 24 * 3600 * 1000;

async function resolveKind(address: string, ctx: HandlerContext): Promise<'token' | 'wallet'> {
  try {
    const account = await ctx.sources.rpc.getAccountInfo(address, ctx.signal);
    return readMint(account.value) ? 'token' : 'wallet';
  } catch (err) {
    if (err instanceof SourceError) throw toApiError(err);
    throw err;
  }
}

function withClock(call: PlannedCall, now: Date): PlannedCall {
  if (call.endpoint !== 'check-alerts') return call;
  return { ...call, input: { ...call.input, since: new Date(now.getTime() - ALERT_WINDOW_MS).toISOString() } };
}

function routeInfo(route: Route, kind: 'token' | 'wallet' | null, calls: PlannedCall[]) {
  return {
    intent: route.intent,
    subject: route.resolve ? { address: route.resolve.address, kind, resolved_from: 'chain' } : null,
    endpoints: calls.map((c) => ({ endpoint: c.endpoint, input: c.input })),
    mode: calls.length > 1 ? 'chain' : 'single',
  };
}

function legCaveat(endpoint: string, err: unknown): Caveat {
  if (err instanceof ApiError && err.code === 'not_implemented') {
    return { code: 'leg_not_built', leg: endpoint, message: `${endpoint} is not built yet; its part of the answer is missing.` };
  }
  const code = err instanceof ApiError ? err.code : 'internal';
  return { code: 'leg_failed', leg: endpoint, message: `${endpoint} failed (${code}); its part of the answer is missing.` };
}

function shape(call: PlannedCall, result: CallResult, prices: PriceBook): ShapedLeg {
  const price = prices.of(call.endpoint);
  if (price === undefined) throw internalError(new Error(`query routed to unknown endpoint ${call.endpoint}`));
  return shapeLeg(call, result, price, prices.query);
}

export async function answerQuestion(question: string, ctx: HandlerContext, priceBook: () => PriceBook): Promise<HandlerResult> {
  const route = routeQuestion(question);
  if (route.intent === null) {
    throw new ApiError('unroutable_question', `${route.reason} You were not charged.`, { extra: { suggestions: route.suggestions } });
  }
  let kind: 'token' | 'wallet' | null = null;
  let calls = route.calls;
  if (!calls) {
    kind = await resolveKind(route.resolve!.address, ctx);
    calls = route.resolve![kind];
  }
  const now = ctx.now();
  calls = calls.map((c) => withClock(c, now));
  const info = routeInfo(route, kind, calls);
  const prices = priceBook();

  if (calls.length === 1) {
    const only = calls[0]!;
    const result = await ctx.call(only.endpoint, only.input);
    const leg = shape(only, result, prices);
    return {
      data: { question, route: info, answered_by: only.endpoint, ...(leg.treatment === 'full' ? { answer: leg.data } : { preview: leg.preview }) },
      caveats: result.caveats,
      next_steps: leg.nextSteps,
      briefing: leg.briefing,
    };
  }

  const planned = calls;
  const settled = await Promise.allSettled(planned.map((c) => ctx.call(c.endpoint, c.input)));
  if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  const caveats: Caveat[] = [];
  const nextSteps: NextStep[] = [];
  const answers: Record<string, Record<string, unknown> | null> = {};
  const previews: Record<string, LegPreview | null> = {};
  const briefings: string[] = [`# ${question}`];
  settled.forEach((s, i) => {
    const call = planned[i]!;
    const endpoint = call.endpoint;
    if (s.status === 'rejected') {
      caveats.push(legCaveat(endpoint, s.reason));
      // A missing leg sits where its answer would have: whole legs in `answers`, dear ones in `previews`.
      const price = prices.of(endpoint);
      if (price !== undefined && legTreatment(price, prices.query) === 'full') answers[endpoint] = null;
      else previews[endpoint] = null;
      return;
    }
    const result: CallResult = s.value;
    const leg = shape(call, result, prices);
    if (leg.treatment === 'full') answers[endpoint] = leg.data;
    else previews[endpoint] = leg.preview;
    for (const c of result.caveats ?? []) if (c.code !== 'sandbox_data') caveats.push({ ...c, leg: c.leg ?? endpoint, message: `${endpoint}: ${c.message}` });
    // A previewed leg's one step buys its full answer and wins over any suggestion of the same endpoint; a
    // whole leg's own suggestions are kept unless they name a leg of this chain (answered or previewed here).
    for (const step of leg.nextSteps) {
      const same = nextSteps.findIndex((n) => n.endpoint === step.endpoint);
      if (leg.treatment === 'headlines') {
        if (same >= 0) nextSteps.splice(same, 1);
        nextSteps.push(step);
      } else if (same < 0 && !planned.some((c) => c.endpoint === step.endpoint)) {
        nextSteps.push(step);
      }
    }
    briefings.push(leg.briefing);
  });
  return {
    data: { question, route: info, answered_by: planned.map((c) => c.endpoint), answers, previews },
    caveats,
    next_steps: nextSteps,
    briefing: briefings.join('\n\n'),
  };
}
