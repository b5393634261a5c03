/**
 * `launchpad-pairs`: whether an agent may launch against a quote asset (spec: `is_agent_launchable` =
 * launchable, launch-protocol-ready and allowed category). The spec leaves the last two open; the service's
 * reading (docs/launchpad.md "Endpoint: launchpad-pairs"):
 *  - launchable: the platform says new launches may use the quote now;
 *  - launch-protocol-ready: the platform says the launch program is ready for the quote (`launchLabReady`:
 *    Raydium has created the LaunchLab global config it needs) and the quote's token program is SPL Token
 *    or Token-2022. Without that an agent would sign a launch the program refuses;
 *  - allowed category: `AGENT_LAUNCH_CATEGORIES` — quotes whose value holders can rely on. Leveraged tokens
 *    decay by design, custom community tokens and collectibles have no dependable price or depth, so paying
 *    holders in them is not something an unattended agent should start.
 * Pure: the endpoint fetches the pairs, this decides.
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
  /** The platform's `launchLabReady`: Raydium has created the LaunchLab global config the quote needs; undefined = not said. */
  launch_lab_ready: boolean | undefined;
}

export interface Launchability {
  launchable: boolean;
  /** null when the platform does not say: unknown, never read as ready. */
  launch_protocol_ready: boolean | null;
  category_allowed: boolean;
  is_agent_launchable: boolean;
  /** Why the pair is not agent-launchable (empty when it is): every failed condition, in the order above. */
  reasons: string[];
}

function readiness(pair: PairFacts): { ready: boolean | null; reason: string | null } {
  if (!QUOTE_TOKEN_PROGRAMS.includes(pair.token_program)) {
    return { ready: false, reason: `the quote's token program ${pair.token_program} is neither SPL Token nor Token-2022` };
  }
  if (pair.launch_lab_ready === undefined) return { ready: null, reason: 'the platform does not say whether the launch program is ready for this quote' };
  if (!pair.launch_lab_ready) return { ready: false, reason: `the launch program (${LAUNCH_PROGRAM_ID}) has no global config for this quote yet` };
  return { ready: true, reason: null };
}

export function agentLaunchability(pair: PairFacts): Launchability {
  const reasons: string[] = [];
  if (!pair.launchable) reasons.push('the platform has closed this quote to new launches');
  const { ready, reason } = readiness(pair);
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
