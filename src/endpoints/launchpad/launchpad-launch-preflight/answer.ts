/** launchpad-launch-preflight's answer (docs/launchpad-preflight.md). */
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import { ApiError } from '../../../errors/api-error.js';
import { checkLaunch, decodeLaunchTransaction, launchEcho, PreflightInputError, type DecodedLaunch, type LaunchMode } from '../../../analytics/launchpad-preflight/index.js';
import { toApiError } from '../../../sources/errors.js';
import { gatherLegs, legTimings } from '../../shared/legs.js';
import { preflightPricing } from './pricing.js';

interface PreflightInput {
  unsigned_transaction: string;
  quote_mint: string;
  mode: LaunchMode;
  launch_params?: Record<string, unknown>;
}

/**
 * Decodes the transaction, or answers 400 (never charged): a transaction that does not decode is the
 * caller's input, not ours. Only PreflightInputError is mapped; anything else the decoder throws is a bug
 * and must surface as a 500, not be blamed on the caller.
 */
function decodeOr400(unsignedTransaction: string): DecodedLaunch {
  try {
    return decodeLaunchTransaction(unsignedTransaction);
  } catch (err) {
    if (err instanceof PreflightInputError) {
      throw new ApiError('invalid_input', `${err.message}. You were not charged.`, {
        issues: [{ path: '/unsigned_transaction', message: err.message }],
      });
    }
    throw err;
  }
}

export async function preflightAnswer(input: PreflightInput, ctx: HandlerContext): Promise<HandlerResult> {
  // Decode first: a malformed transaction is refused before any upstream call is spent on it.
  const decoded = decodeOr400(input.unsigned_transaction);
  const legs = await gatherLegs({
    pricing: () => ctx.sources.launchpad.launchLabPricing(input.quote_mint, ctx.signal),
    pairs: () => ctx.sources.launchpad.pairs(ctx.signal),
  });
  if (!legs.pairs.ok) throw toApiError(legs.pairs.error);
  // Launchability is the platform's pairs list (its pricing answers for closed quotes too): a quote that is
  // not listed, or closed to launches, is an input problem (400), not a missing on-chain subject (404).
  const pair = legs.pairs.value.items.find((p) => p.mint === input.quote_mint);
  if (pair === undefined || !pair.launchable || (!legs.pricing.ok && legs.pricing.error.kind === 'not_found')) {
    const message = `${input.quote_mint} is not a launchable quote on the platform (closed or unknown): pick one of launchpad-pairs with is_agent_launchable true`;
    throw new ApiError('invalid_input', `${message}. You were not charged.`, { issues: [{ path: '/quote_mint', message }] });
  }
  if (!legs.pricing.ok) throw toApiError(legs.pricing.error);
  const doc = legs.pricing.value;
  const pricing = preflightPricing(doc, input.mode);
  const result = checkLaunch(decoded, { quoteMint: input.quote_mint, mode: input.mode, pricing, launchParams: input.launch_params });
  return {
    data: {
      ok: result.ok,
      mismatches: result.mismatches.map((m) => ({ ...m })),
      warnings: result.warnings,
      unresolved: result.unresolved,
      transaction: {
        version: decoded.version,
        variant: decoded.variant,
        instruction_index: decoded.instruction_index,
        program_id: decoded.program_id,
        signed_count: decoded.signed_count,
        address_table_lookups: decoded.address_table_lookups.length,
      },
      launch: launchEcho(decoded),
      reference: {
        quote_mint: doc.quote.mint,
        mode: input.mode,
        program_id: pricing.program_id,
        global_config: pricing.global_config,
        platform_id: pricing.platform_ids[input.mode],
        quote_token_program: pricing.quote_token_program,
        curve_type: pricing.curve_type,
        supply: doc.curve.supply,
        total_sell: doc.curve.totalSellA,
        raise: doc.raise.raw,
        creator_fee_on: pricing.creator_fee_on,
        curve_rule_account: pricing.curve_rule_account,
        transfer_fee: input.mode === 'reward' ? { tiers_bps: [...doc.modes.reward.transferFeeBps], max_fee: null, withdraw_authority: doc.modes.reward.withdrawWithheldAuthority } : null,
      },
      as_of: ctx.now().toISOString(),
    },
    timings: legTimings(legs),
  };
}
