/**
 * Answering a routed question: resolve the subject's kind when the words did not say it (is the address a
 * mint account on chain?), then run the planned endpoints through `ctx.call` — one, or a chain of 2–3 in
 * parallel. A chained leg that fails or is not built yet degrades to a caveat; only when every leg
 * fails does the question fail (with the first leg's error, so nothing is charged).
 */
import { routeQuestion, type PlannedCall, type Route } from '../../../analytics/query/router.js';
import { ApiError } from '../../../app/errors.js';
import type { Caveat, CallResult, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { readMint } from '../../../sources/solana-rpc.js';
import { toApiError, SourceError } from '../../../sources/errors.js';

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

export async function answerQuestion(question: string, ctx: HandlerContext): Promise<HandlerResult> {
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

  if (calls.length === 1) {
    const only = calls[0]!;
    const result = await ctx.call(only.endpoint, only.input);
    return {
      data: { question, route: info, answered_by: only.endpoint, answer: result.data },
      caveats: result.caveats,
      next_steps: result.next_steps,
      briefing: result.briefing,
    };
  }

  const settled = await Promise.allSettled(calls.map((c) => ctx.call(c.endpoint, c.input)));
  if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  const caveats: Caveat[] = [];
  const nextSteps: NextStep[] = [];
  const answers: Record<string, unknown> = {};
  const briefings: string[] = [`# ${question}`];
  settled.forEach((s, i) => {
    const endpoint = calls![i]!.endpoint;
    if (s.status === 'rejected') {
      caveats.push(legCaveat(endpoint, s.reason));
      answers[endpoint] = null;
      return;
    }
    const leg: CallResult = s.value;
    answers[endpoint] = leg.data;
    for (const c of leg.caveats ?? []) if (c.code !== 'sandbox_data') caveats.push({ ...c, leg: c.leg ?? endpoint, message: `${endpoint}: ${c.message}` });
    for (const step of leg.next_steps ?? []) if (!calls!.some((c) => c.endpoint === step.endpoint) && !nextSteps.some((n) => n.endpoint === step.endpoint)) nextSteps.push(step);
    briefings.push(leg.briefing);
  });
  return {
    data: { question, route: info, answered_by: calls.map((c) => c.endpoint), answers },
    caveats,
    next_steps: nextSteps,
    briefing: briefings.join('\n\n'),
  };
}
