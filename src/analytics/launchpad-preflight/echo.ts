/**
 * What the preflight read out of the launch it checked, in the answer's terms: the caller sees exactly which
 * mint, names, curve, raise, vesting, creator-fee flag, transfer fee and accounts were compared with the
 * platform's reference — the same names as `reference` where the two meet, so each pair reads side by side.
 *
 * Raw amounts are decimal strings (they exceed 2^53); an account loaded from an address lookup table is null
 * (its address lives on chain: the check on it is listed under `unresolved`).
 */
import type { CreatorFeeOn, CurveType, DecodedLaunch, MigrateType } from './decode.js';

export interface LaunchEcho {
  base_mint: string | null;
  name: string;
  symbol: string;
  uri: string;
  decimals: number;
  /** Token-2022 for `initialize_with_token_2022`, SPL Token for the other variants. */
  token_standard: 'token_2022' | 'spl_token';
  quote_mint: string | null;
  creator: string | null;
  payer: string | null;
  pool_state: string | null;
  global_config: string | null;
  /** The platform config account passed (what `reference.platform_id` is compared with). */
  platform_id: string | null;
  base_token_program: string | null;
  quote_token_program: string | null;
  curve_type: CurveType;
  supply: string;
  /** Constant-product curves only; null for fixed and linear curves. */
  total_sell: string | null;
  raise: string;
  migrate_type: MigrateType;
  vesting: { total_locked_amount: string; cliff_period: string; unlock_period: string };
  /** Null for the deprecated `initialize`, which carries no creator-fee flag. */
  creator_fee_on: CreatorFeeOn | null;
  /** The last account past the fixed layout (where the platform wants its curve rule); null when there is none. */
  curve_rule_account: string | null;
  /** The transfer fee the mint is created with; null when the option is None (or the variant has none). */
  transfer_fee: { basis_points: number; max_fee: string } | null;
}

export function launchEcho(decoded: DecodedLaunch): LaunchEcho {
  const at = (slot: string): string | null => decoded.accounts.find((a) => a.name === slot)?.address ?? null;
  const { base_mint: mint, curve, vesting, creator_fee_on: creatorFeeOn, transfer_fee: fee } = decoded.args;
  return {
    base_mint: at('base_mint'),
    name: mint.name,
    symbol: mint.symbol,
    uri: mint.uri,
    decimals: mint.decimals,
    token_standard: decoded.variant === 'initialize_with_token_2022' ? 'token_2022' : 'spl_token',
    quote_mint: at('quote_mint'),
    creator: at('creator'),
    payer: at('payer'),
    pool_state: at('pool_state'),
    global_config: at('global_config'),
    platform_id: at('platform_config'),
    base_token_program: at('base_token_program'),
    quote_token_program: at('quote_token_program'),
    curve_type: curve.type,
    supply: curve.supply.toString(),
    total_sell: curve.total_base_sell === null ? null : curve.total_base_sell.toString(),
    raise: curve.total_quote_fund_raising.toString(),
    migrate_type: curve.migrate_type,
    vesting: {
      total_locked_amount: vesting.total_locked_amount.toString(),
      cliff_period: vesting.cliff_period.toString(),
      unlock_period: vesting.unlock_period.toString(),
    },
    creator_fee_on: creatorFeeOn,
    curve_rule_account: decoded.remaining_accounts.at(-1)?.address ?? null,
    transfer_fee: fee === null ? null : { basis_points: fee.basis_points, max_fee: fee.maximum_fee.toString() },
  };
}
