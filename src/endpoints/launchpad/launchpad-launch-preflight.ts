import { Type } from '@sinclair/typebox';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { StringEnum } from '../../registry/fields.js';
import { ApiError } from '../../errors/api-error.js';
import {
  checkLaunch,
  decodeLaunchTransaction,
  launchEcho,
  PreflightInputError,
  type DecodedLaunch,
  type LaunchMode,
} from '../../analytics/launchpad-preflight/index.js';
import { toApiError } from '../../sources/errors.js';
import { gatherLegs, legTimings } from '../shared/legs.js';
import { preflightPricing } from './launchpad-launch-preflight/pricing.js';
import { PreflightSchema } from './launchpad-launch-preflight/schema.js';

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

async function preflightAnswer(input: PreflightInput, ctx: HandlerContext): Promise<HandlerResult> {
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

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function preflightBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const r = d.reference as Data;
  const mismatches = d.mismatches as Data[];
  const unresolved = d.unresolved as string[];
  const verdict = d.ok
    ? '**OK**: the launch matches the platform and will be adopted'
    : `**NOT OK**: ${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'}` +
      `${unresolved.length > 0 ? `, ${unresolved.length} unresolved` : ''}; do not sign — a mismatched pool is never adopted`;
  const l = d.launch as Data;
  const fee = l.transfer_fee === null ? 'no transfer fee' : `transfer fee ${l.transfer_fee.basis_points} bps (cap ${l.transfer_fee.max_fee} raw)`;
  const lines = [
    `## Launch preflight (${r.mode} mode, quote ${r.quote_mint}): ${verdict}`,
    `- Checked: ${l.name} (${l.symbol}), mint ${l.base_mint ?? 'from a lookup table'}, ${l.decimals} decimals, ${l.token_standard}; ` +
      `${l.curve_type} curve, supply ${l.supply}, raise ${l.raise} raw quote; ${fee}`,
  ];
  for (const m of mismatches) lines.push(`- Mismatch \`${m.field}\`: expected ${m.expected}, got ${m.actual}. Fix: ${m.fix}`);
  if (unresolved.length > 0) lines.push(`- Unresolved (lookup-table accounts): ${unresolved.join(', ')}`);
  for (const w of d.warnings as string[]) lines.push(`- Warning: ${w}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-launch-preflight',
  family: 'launchpad',
  price: '0.25',
  summary: 'Check an unsigned launchpad launch transaction against the platform before signing',
  description:
    'Checks an unsigned launch transaction against the platform\'s pricing data for the quote and mode: the launch ' +
    'program, global config, platform id per mode, quote mint and quote token program, 6-decimal base mint with the ' +
    'transfer-fee token standard, curve type, supply, total sell amount, raise (2 percent deviation warns, 10 ' +
    'percent fails), vesting, creator-fee flag, the curve-rule account appended last, and in reward mode the ' +
    'transfer-fee option, tier and cap. launch_params is linted for misspelled transfer-fee keys, which serialize ' +
    'as no fee. Returns { ok, mismatches: [{ field, expected, actual, fix }], warnings }, plus unresolved (accounts ' +
    'loaded from address lookup tables, which cannot be checked offline; ok is then false), the decoded transaction ' +
    'summary, the launch parameters decoded from it (launch: base mint, name, symbol, uri, decimals, token standard, ' +
    'quote mint, creator, global config, platform id, token programs, curve type, supply, total sell, raise, migrate ' +
    'type, vesting, creator-fee flag, curve-rule account, transfer fee bps and cap; raw amounts as strings, an ' +
    'account from a lookup table null) and the pricing reference they were checked against, under the same names. ' +
    'A mismatched pool is never adopted by the platform. A transaction that ' +
    'does not decode or carries no initialize instruction, and a quote closed for launches or unknown, are 400 ' +
    'invalid_input, not charged.',
  input: Type.Object(
    {
      unsigned_transaction: Type.String({
        description: "Base64 unsigned legacy or v0 transaction carrying the launch program's initialize instruction",
      }),
      quote_mint: Type.String({ description: 'Quote mint of the launch (one of launchpad-pairs)' }),
      mode: StringEnum(['standard', 'reward'] as const, { description: 'Launch mode' }),
      launch_params: Type.Optional(
        Type.Record(Type.String(), Type.Unknown(), {
          description: 'The parameters passed to the launch SDK (linted for misspelled transfer-fee field names, not validated)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: PreflightSchema,
  cacheTtlSeconds: 60,
  example: {
    // A reward-mode SOL launch built from the platform's pricing (test/helpers/sandbox-launch.ts): it decodes,
    // and the sandbox platform passes it.
    unsigned_transaction:
      'AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgALEAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBCAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB5xhMTlMb5lL7rV+t/Vv6kplU0hgG+KJ1wigFPL0lrRAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgKQX7btQ+BC7cCJ5nKfQJqi3EQhf9RDHoft79pz5wRivctbPi2gPQ+bSfqKyg4qzppd4kfeowDTYUmKbmOZNtmFBQQ7lU3KJuHvkbUsT4+Jr4pvWsjGIVbxcc8PIaxRySIGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgabiFf+q4GE+2h/Y0YYwDXaxDncGus7VZig8AAAAAABDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0G3fbh12Whk9nL4UbO63msHLSF7V9bN5E6jPWFfv8AqQbd9uHudY/eGEJdvORszdq2GvxNg7kNJ/69+SjYoYv8Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2MBChAABwYICwQBDAIDDw4FDQoJdiW+ft4smqsRBgsAAABSZXdhcmQgQ29pbgMAAABSV0QVAAAAaHR0cHM6Ly94LnRlc3QvbS5qc29uAACAxqR+jQMAAHjF+1HRAgAAEmXKEwAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWQAAKByThgJAAA=',
    quote_mint: 'So11111111111111111111111111111111111111112',
    mode: 'reward',
    launch_params: { name: 'Example Reward', symbol: 'EXR', transferFeeBasisPoints: 100 },
  },
  handler: (input, ctx) => preflightAnswer(input, ctx),
  briefing: preflightBriefing,
});
