/**
 * Output schema (`data` fields) of launchpad-launch-preflight: the checker's result
 * (src/analytics/launchpad-preflight/check.ts), what was decoded from the transaction, and the platform's
 * pricing it was checked against. Raw on-chain amounts are decimal strings (they exceed 2^53).
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const RawAmount = Type.String({ pattern: '^[0-9]+$', description: 'Raw integer units, as a decimal string' });

export const PreflightMismatchSchema = Open({
  field: Type.String({ description: 'The checked field: program, global_config, platform_id, curve.raise, transfer_fee.tier, launch_params.<path>, …' }),
  expected: Type.String(),
  actual: Type.String(),
  fix: Type.String({ description: 'The change to the launch that removes the mismatch' }),
});

export const PreflightSchema = Type.Object({
  ok: Type.Boolean({ description: 'True only with no mismatch and no unresolved check: the pool will be adopted' }),
  mismatches: Type.Array(PreflightMismatchSchema),
  warnings: Type.Array(Type.String(), { description: 'Near misses (raise 2 % or more off), lookup tables, signatures present, deprecated instruction' }),
  unresolved: Type.Array(Type.String(), { description: 'Fields whose account is loaded from an address lookup table, so could not be checked offline' }),
  transaction: Open({
    version: Type.Union([Type.Literal('legacy'), Type.Literal(0)]),
    variant: Type.String({ enum: ['initialize', 'initialize_v2', 'initialize_with_token_2022'] }),
    instruction_index: Type.Integer({ minimum: 0, description: 'Index of the checked initialize instruction in the message' }),
    program_id: Type.String({ description: 'The program the initialize instruction is sent to' }),
    signed_count: Type.Integer({ minimum: 0, description: 'Signature slots already signed (0 for an unsigned transaction)' }),
    address_table_lookups: Type.Integer({ minimum: 0, description: 'Number of v0 address lookup tables' }),
  }, 'What was decoded from the transaction'),
  reference: Open({
    quote_mint: Type.String(),
    mode: Type.String({ enum: ['standard', 'reward'] }),
    program_id: Type.String(),
    global_config: Type.String(),
    platform_id: Type.String({ description: 'The platform config of this mode' }),
    quote_token_program: Type.String(),
    curve_type: Type.String({ enum: ['constant', 'fixed', 'linear'] }),
    supply: RawAmount,
    total_sell: RawAmount,
    raise: RawAmount,
    creator_fee_on: Type.String({ enum: ['quote_token', 'both_tokens'] }),
    curve_rule_account: Type.String({ description: 'Must be the last account of initialize' }),
    transfer_fee: Nullable(Open({
      tiers_bps: Type.Array(Type.Integer({ minimum: 1, maximum: 10_000 })),
      max_fee: Type.Union([RawAmount, Type.Null()], { description: 'The cap the platform prescribes; null: it prescribes none (any cap > 0 collects; one below the supply binds on large trades)' }),
      withdraw_authority: Type.String({ description: 'The platform\'s distributor, which Raydium sets as the withdraw authority at creation' }),
    })),
  }, 'The platform\'s pricing data for the quote and mode: what the launch was checked against (null transfer_fee in standard mode)'),
  as_of: Type.String(),
}, { additionalProperties: false });
