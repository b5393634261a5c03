/**
 * `launchpad-pairs`: whether an agent may launch against a quote asset (spec: `is_agent_launchable` =
 * launchable, launch-protocol-ready and allowed category). The spec leaves the last two open; the service's
 * reading (docs/launchpad.md "Endpoint: launchpad-pairs"):
 *  - launchable: the platform says new launches may use the quote now;
 *  - launch-protocol-ready: the platform serves reward-mode launch pricing for the quote, for the launch
 *    program the preflight decodes, with the quote token program the pair lists, and that program is SPL
 *    Token or Token-2022. Without that reference an agent would sign a launch nobody can check, and a
 *    mismatched pool is never adopted (its tax goes to nobody);
 *  - allowed category: `AGENT_LAUNCH_CATEGORIES` — quotes whose value holders can rely on. Leveraged tokens
 *    decay by design, custom community tokens and collectibles have no dependable price or depth, so paying
 *    holders in them is not something an unattended agent should start.
 * Pure: the endpoint fetches the pairs and probes the pricing, this decides.
 */
import { LAUNCH_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../launchpad-preflight/constants.js';
import type { QuoteCategory } from './types.js';

export const AGENT_LAUNCH_CATEGORIES: readonly QuoteCategory[] = ['solana', 'currency', 'xstock', 'prestock'];

/** The quote token programs LaunchLab's initialize accepts. */
const QUOTE_TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];

export interface PairFacts {
  quote_mint: string;
  category: QuoteCategory;
  launchable: boolean;
  token_program: string;
}

/**
 * What the reward-mode pricing probe found: pricing, a definite "no pricing" (404), nothing (it failed), or
 * not asked (a quote closed to launches is not probed: it cannot be launched against whatever the pricing says).
 */
export type PricingProbe =
  | { kind: 'priced'; program_id: string; quote_token_program: string }
  | { kind: 'not_priced' }
  | { kind: 'unknown' }
  | { kind: 'not_probed' };

export interface Launchability {
  launchable: boolean;
  /** null when the pricing probe failed or was not made (closed quote): unknown, never read as ready. */
  launch_protocol_ready: boolean | null;
  category_allowed: boolean;
  is_agent_launchable: boolean;
  /** Why the pair is not agent-launchable (empty when it is): every failed condition, in the order above. */
  reasons: string[];
}

function readiness(pair: PairFacts, probe: PricingProbe): { ready: boolean | null; reason: string | null } {
  if (!QUOTE_TOKEN_PROGRAMS.includes(pair.token_program)) {
    return { ready: false, reason: `the quote's token program ${pair.token_program} is neither SPL Token nor Token-2022` };
  }
  if (probe.kind === 'not_probed') return { ready: null, reason: null };
  if (probe.kind === 'unknown') return { ready: null, reason: 'launch pricing could not be read just now, so readiness is unknown' };
  if (probe.kind === 'not_priced') return { ready: false, reason: 'the platform serves no reward-mode launch pricing for this quote' };
  if (probe.program_id !== LAUNCH_PROGRAM_ID) {
    return { ready: false, reason: `the pricing names launch program ${probe.program_id}, not ${LAUNCH_PROGRAM_ID}` };
  }
  if (probe.quote_token_program !== pair.token_program) {
    return { ready: false, reason: `the pricing's quote token program ${probe.quote_token_program} differs from the pair's ${pair.token_program}` };
  }
  return { ready: true, reason: null };
}

export function agentLaunchability(pair: PairFacts, probe: PricingProbe): Launchability {
  const reasons: string[] = [];
  if (!pair.launchable) reasons.push('the platform has closed this quote to new launches');
  const { ready, reason } = readiness(pair, probe);
  if (reason !== null) reasons.push(reason);
  const categoryAllowed = AGENT_LAUNCH_CATEGORIES.includes(pair.category);
  if (!categoryAllowed) reasons.push(`category ${pair.category} is not one agents launch against (allowed: ${AGENT_LAUNCH_CATEGORIES.join(', ')})`);
  return {
    launchable: pair.launchable,
    launch_protocol_ready: ready,
    category_allowed: categoryAllowed,
    is_agent_launchable: pair.launchable && ready === true && categoryAllowed,
    reasons,
  };
}
