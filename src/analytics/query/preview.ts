/**
 * What a routed answer carries of each leg. `query` costs little because it is a router, not a cheaper door
 * to the dear endpoints: a leg whose endpoint is priced at or below query's own price (or is free) comes
 * back whole; a dearer leg comes back as its headlines (./headlines) and one paragraph made from them,
 * with a next step naming that endpoint, its price and the exact input that buys the full answer. Without
 * this rule "What are smart-money wallets buying?" answered smart-money-flow's whole list (0.10 USDC) for
 * query's 0.003.
 */
import { readHeadlines, type Headlines } from './headlines/index.js';
import type { PlannedCall } from './router.js';

/** An endpoint's price: USDC atomic units (6 decimals, compared exactly) and its decimal string; null = free. */
export type Price = { atomic: bigint; usdc: string } | null;

export type LegTreatment = 'full' | 'headlines';

/** The rule: at or below query's price (or free), the whole answer; above it, headlines only. */
export function legTreatment(leg: Price, query: NonNullable<Price>): LegTreatment {
  return leg === null || leg.atomic <= query.atomic ? 'full' : 'headlines';
}

/** A suggested call, callable as given (the shape of the answer's `next_steps`). */
export interface Step {
  endpoint: string;
  input: Record<string, unknown>;
  reason: string;
}

/** What `query` shows of a leg priced above its own. */
export interface LegPreview {
  endpoint: string;
  price_usdc: string;
  /** The exact input the leg ran with: send it to `endpoint` for the full answer. */
  input: Record<string, unknown>;
  /** One paragraph, from the headlines only. */
  briefing: string;
  headlines: Headlines;
}

/** A leg's answer as `ctx.call` returns it. */
export interface LegResult {
  data: Record<string, unknown>;
  next_steps?: Step[];
  briefing: string;
}

export type ShapedLeg =
  | { treatment: 'full'; data: Record<string, unknown>; nextSteps: Step[]; briefing: string }
  | { treatment: 'headlines'; preview: LegPreview; nextSteps: Step[]; briefing: string };

export function shapeLeg(call: PlannedCall, result: LegResult, price: Price, queryPrice: NonNullable<Price>): ShapedLeg {
  if (price === null || legTreatment(price, queryPrice) === 'full') {
    return { treatment: 'full', data: result.data, nextSteps: result.next_steps ?? [], briefing: result.briefing };
  }
  const reading = readHeadlines(call.endpoint, result.data);
  const summary = reading?.summary ?? `${call.endpoint} answered; its content is in the full answer.`;
  const preview: LegPreview = { endpoint: call.endpoint, price_usdc: price.usdc, input: call.input, briefing: summary, headlines: reading?.headlines ?? {} };
  // The leg's own next steps are left out: they may name what the full answer found (its top token, say).
  const step: Step = {
    endpoint: call.endpoint,
    input: call.input,
    reason: `Full answer${reading ? ` (${reading.full})` : ''}: ${call.endpoint} at ${price.usdc} USDC. query (${queryPrice.usdc} USDC) shows only the headlines of an endpoint priced above its own.`,
  };
  const briefing = [
    `## ${call.endpoint}: headlines (full answer ${price.usdc} USDC)`,
    summary,
    `- Full answer: \`${call.endpoint}\` with \`${JSON.stringify(call.input)}\`, ${price.usdc} USDC.`,
  ].join('\n');
  return { treatment: 'headlines', preview, nextSteps: [step], briefing };
}
