/**
 * Output schema (`data` fields) of launchpad-launch-preflight: the checker's result
 * (src/analytics/launchpad-preflight/check.ts), what was decoded from the transaction, and the platform's
 * pricing it was checked against. Raw on-chain amounts are decimal strings (they exceed 2^53).
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const RawAmount = Type.String({ pattern: '^[0-9]+$', description: 'Raw integer units, as a decimal string' });
const NullableAddress = (description: string) => Nullable(Type.String({ description: `${description}; null when loaded from an address lookup table` }));

const PreflightMismatchSchema = Open({
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
  launch: Open({
    base_mint: NullableAddress('The base mint account (#6) the launch creates'),
    name: Type.String({ description: 'Token name, as decoded' }),
    symbol: Type.String({ description: 'Token symbol, as decoded' }),
    uri: Type.String({ description: 'Metadata URI, as decoded' }),
    decimals: Type.Integer({ minimum: 0, maximum: 255, description: 'Base mint decimals (the platform wants 6)' }),
    token_standard: Type.String({ enum: ['token_2022', 'spl_token'], description: 'token_2022 for initialize_with_token_2022, else spl_token' }),
    quote_mint: NullableAddress('The quote mint account (#7)'),
    creator: NullableAddress('The creator account (#1)'),
    payer: NullableAddress('The payer account (#0)'),
    pool_state: NullableAddress('The pool account (#5) the launch creates'),
    global_config: NullableAddress('The global config account (#2)'),
    platform_id: NullableAddress('The platform config account passed (#3)'),
    base_token_program: NullableAddress('The base mint\'s token program'),
    quote_token_program: NullableAddress('The quote mint\'s token program'),
    curve_type: Type.String({ enum: ['constant', 'fixed', 'linear'] }),
    supply: RawAmount,
    total_sell: Type.Union([RawAmount, Type.Null()], { description: 'Base units sold on the curve (constant curves; null for fixed and linear)' }),
    raise: RawAmount,
    migrate_type: Type.String({ enum: ['amm', 'cpmm'], description: 'Where the pool migrates when the raise completes (decoded, not checked)' }),
    vesting: Open({ total_locked_amount: RawAmount, cliff_period: RawAmount, unlock_period: RawAmount }, 'Vesting as decoded (periods in seconds)'),
    creator_fee_on: Nullable(Type.String({ enum: ['quote_token', 'both_tokens'], description: 'null for the deprecated initialize, which carries no flag' })),
    curve_rule_account: Nullable(Type.String({ description: 'The last account past the fixed layout (where the curve rule belongs); null when there is none or it comes from a lookup table' })),
    transfer_fee: Nullable(Open({
      basis_points: Type.Integer({ minimum: 0, maximum: 65_535, description: 'Transfer fee rate in basis points (100 = 1 %)' }),
      max_fee: RawAmount,
    }, 'The transfer fee the mint is created with')),
  }, 'The launch parameters decoded from the transaction (what was checked), named as in `reference`; an account loaded from an address lookup table is null'),
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
