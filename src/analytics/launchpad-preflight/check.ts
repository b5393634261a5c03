/**
 * The preflight checks (docs/launchpad-preflight.md, 'Checks'): a decoded launch transaction against the platform's
 * pricing data for the quote and mode. A mismatched pool is never adopted by the platform — and for a taxed
 * mint the tax then goes to nobody — so every difference is reported with the change that fixes it, before
 * the caller signs.
 */
import {
  BASE_MINT_DECIMALS,
  KEY_LINT_MAX_DEPTH,
  KEY_LINT_MAX_EDIT_DISTANCE,
  LAUNCH_PROGRAM_ID,
  RAISE_FAIL_DEVIATION_PCT,
  RAISE_WARN_DEVIATION_PCT,
  TOKEN_2022_PROGRAM_ID,
  TRANSFER_FEE_BPS_KEY,
  TRANSFER_FEE_MAX_KEY,
  TRANSFER_FEE_PARAMS_KEY,
} from './constants.js';
import type { CreatorFeeOn, CurveType, DecodedLaunch, InstructionAccount } from './decode.js';

export type LaunchMode = 'standard' | 'reward';

/** The platform's pricing data for one quote (amounts in raw base / quote units, periods in seconds). */
export interface LaunchPricing {
  /** Defaults to LaunchLab when absent. */
  program_id?: string;
  global_config: string;
  /** The platform config account per mode: a pool is attributed to (and adopted by) the mode's platform. */
  platform_ids: Record<LaunchMode, string>;
  quote_token_program: string;
  curve_type: CurveType;
  supply: bigint;
  total_sell: bigint;
  raise: bigint;
  vesting: { total_locked_amount: bigint; cliff_period: bigint; unlock_period: bigint };
  creator_fee_on: CreatorFeeOn;
  /** The platform's curve-rule account, appended as the instruction's last account; null = none required. */
  curve_rule_account: string | null;
  /**
   * Reward mode's transfer fee: allowed tiers (basis points) and the cap (maximum fee, raw base units). null in
   * standard-mode pricing; in reward mode null leaves tier and cap unresolved. `maximum_fee` null when the
   * platform prescribes no cap (StonkFun publishes only the tiers): then the cap only has to be able to
   * collect (> 0), and one below the supply is flagged.
   */
  reward_fee: { tiers_bps: number[]; maximum_fee: bigint | null } | null;
}

export interface PreflightOptions {
  quoteMint: string;
  mode: LaunchMode;
  pricing: LaunchPricing;
  /** The parameters the caller passed to the launch SDK, linted for misspelled transfer-fee keys. */
  launchParams?: Record<string, unknown>;
}

export interface PreflightMismatch {
  field: string;
  expected: string;
  actual: string;
  fix: string;
}

export interface PreflightResult {
  /** True only with no mismatch and no check left unresolved (a lookup-table account cannot be vouched for). */
  ok: boolean;
  mismatches: PreflightMismatch[];
  warnings: string[];
  /** Fields whose account came from an address lookup table and so could not be checked offline. */
  unresolved: string[];
}

const show = (v: bigint | number | string | null): string => (v === null ? 'none' : String(v));

/** Raise deviation in percent, two decimals (for messages; the thresholds are compared exactly in bigint). */
export function raiseDeviationPct(actual: bigint, expected: bigint): number {
  if (expected === 0n) return actual === 0n ? 0 : Infinity;
  const diff = actual > expected ? actual - expected : expected - actual;
  return Number((diff * 10_000n + expected / 2n) / expected) / 100;
}

/** 'ok' | 'warn' | 'fail' with lower-inclusive thresholds: |a − e| × 100 ≥ pct × e, exactly, in bigint. */
export function raiseVerdict(actual: bigint, expected: bigint): 'ok' | 'warn' | 'fail' {
  const diff = actual > expected ? actual - expected : expected - actual;
  if (diff * 100n >= BigInt(RAISE_FAIL_DEVIATION_PCT) * expected && diff > 0n) return 'fail';
  if (diff * 100n >= BigInt(RAISE_WARN_DEVIATION_PCT) * expected && diff > 0n) return 'warn';
  return 'ok';
}

export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

const normalise = (k: string) => k.toLowerCase().replace(/[_\-\s]/g, '');
/** Spellings too far from the SDK's by edit distance but seen in the wild (the English word instead of the SDK's). */
const KNOWN_VARIANTS: Record<string, string> = {
  maxfee: TRANSFER_FEE_MAX_KEY,
  maximumtransferfee: TRANSFER_FEE_MAX_KEY,
  feebasispoints: TRANSFER_FEE_BPS_KEY,
  basispoints: TRANSFER_FEE_BPS_KEY,
  feebps: TRANSFER_FEE_BPS_KEY,
  transferfeebps: TRANSFER_FEE_BPS_KEY,
  transferfeeparams: TRANSFER_FEE_PARAMS_KEY,
  transferfeeconfig: TRANSFER_FEE_PARAMS_KEY,
};
const SDK_KEYS = [TRANSFER_FEE_PARAMS_KEY, TRANSFER_FEE_BPS_KEY, TRANSFER_FEE_MAX_KEY];

/** The SDK key a launch_params key was probably meant to be, or null (exact SDK keys and unrelated keys). */
export function intendedTransferFeeKey(key: string): string | null {
  if (SDK_KEYS.includes(key)) return null;
  const n = normalise(key);
  const known = KNOWN_VARIANTS[n];
  if (known) return known;
  for (const sdk of SDK_KEYS) {
    if (levenshtein(n, normalise(sdk)) <= KEY_LINT_MAX_EDIT_DISTANCE) return sdk;
  }
  return null;
}

/** Walks launch_params for keys the SDK would not read as its transfer-fee fields. */
export function lintLaunchParams(params: Record<string, unknown>): PreflightMismatch[] {
  const out: PreflightMismatch[] = [];
  const walk = (obj: Record<string, unknown>, path: string, depth: number): void => {
    for (const [key, value] of Object.entries(obj)) {
      const here = path ? `${path}.${key}` : key;
      const intended = intendedTransferFeeKey(key);
      if (intended) {
        out.push({
          field: `launch_params.${here}`,
          expected: intended,
          actual: key,
          fix:
            `rename "${key}" to "${intended}" (the launch SDK's exact spelling): the SDK does not read "${key}", so the ` +
            'transfer fee serializes as no fee and the pool is not adopted',
        });
      }
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < KEY_LINT_MAX_DEPTH) {
        walk(value as Record<string, unknown>, here, depth + 1);
      }
    }
  };
  walk(params, '', 1);
  return out;
}

function accountOf(decoded: DecodedLaunch, name: string): InstructionAccount | undefined {
  return decoded.accounts.find((a) => a.name === name);
}

/** Runs every preflight check; pure, never throws on a decoded launch. */
export function checkLaunch(decoded: DecodedLaunch, options: PreflightOptions): PreflightResult {
  const { pricing, mode } = options;
  const mismatches: PreflightMismatch[] = [];
  const warnings = [...decoded.warnings];
  const unresolved: string[] = [];
  const args = decoded.args;
  const mismatch = (field: string, expected: string, actual: string, fix: string) =>
    mismatches.push({ field, expected, actual, fix });

  /** Account check: equal, a mismatch, or unresolved when the slot is loaded from a lookup table. */
  const account = (field: string, slot: string, expected: string, fix: string) => {
    const acc = accountOf(decoded, slot);
    if (!acc) return;
    if (acc.address === null) {
      unresolved.push(field);
      warnings.push(
        `${field}: unresolved — ${slot} is loaded from lookup table ${acc.lookup!.table} index ${acc.lookup!.index}; ` +
          `list ${expected} as a static account to have it checked`,
      );
      return;
    }
    if (acc.address !== expected) mismatch(field, expected, acc.address, fix);
  };

  const programId = pricing.program_id ?? LAUNCH_PROGRAM_ID;
  if (decoded.program_id !== programId) {
    mismatch('program', programId, decoded.program_id, `send the initialize instruction to the launch program ${programId}`);
  }
  account('global_config', 'global_config', pricing.global_config,
    `use the global config ${pricing.global_config} for this quote and curve (account #2 of initialize)`);

  const platformId = pricing.platform_ids[mode];
  const otherMode: LaunchMode = mode === 'reward' ? 'standard' : 'reward';
  const platformAcc = accountOf(decoded, 'platform_config');
  const wrongModeHint = platformAcc?.address === pricing.platform_ids[otherMode] ? ` (the one passed is the ${otherMode}-mode platform)` : '';
  account('platform_id', 'platform_config', platformId,
    `use the ${mode}-mode platform id ${platformId} as platform_config (account #3)${wrongModeHint}`);

  account('quote_mint', 'quote_mint', options.quoteMint, `use ${options.quoteMint} as the quote mint (account #7), or preflight with the quote the transaction uses`);
  account('quote_token_program', 'quote_token_program', pricing.quote_token_program,
    `pass the quote mint's token program ${pricing.quote_token_program} as quote_token_program`);

  if (args.base_mint.decimals !== BASE_MINT_DECIMALS) {
    mismatch('base_mint.decimals', String(BASE_MINT_DECIMALS), String(args.base_mint.decimals), `set decimals to ${BASE_MINT_DECIMALS}`);
  }
  if (decoded.variant !== 'initialize_with_token_2022') {
    mismatch('base_mint.token_standard', 'initialize_with_token_2022 (Token-2022 base mint)', decoded.variant,
      'build the launch with initializeWithToken2022 (SDK: token2022: true) so the base mint is a Token-2022 mint that can carry the transfer fee');
  } else {
    account('base_mint.token_program', 'base_token_program', TOKEN_2022_PROGRAM_ID, `pass the Token-2022 program ${TOKEN_2022_PROGRAM_ID} as base_token_program`);
  }

  if (args.curve.type !== pricing.curve_type) {
    mismatch('curve.type', pricing.curve_type, args.curve.type, `use the ${pricing.curve_type} curve (curve params variant)`);
  }
  if (args.curve.supply !== pricing.supply) {
    mismatch('curve.supply', show(pricing.supply), show(args.curve.supply), `set supply to ${pricing.supply} (raw units, ${BASE_MINT_DECIMALS} decimals)`);
  }
  if (args.curve.total_base_sell !== pricing.total_sell) {
    mismatch('curve.total_sell', show(pricing.total_sell), show(args.curve.total_base_sell), `set totalSellA to ${pricing.total_sell} (raw base units)`);
  }

  const raise = args.curve.total_quote_fund_raising;
  const verdict = raiseVerdict(raise, pricing.raise);
  const dev = raiseDeviationPct(raise, pricing.raise);
  if (verdict === 'fail') {
    mismatch('curve.raise', show(pricing.raise), show(raise),
      `set totalFundRaisingB to ${pricing.raise} (raw quote units): ${dev} % off, ${RAISE_FAIL_DEVIATION_PCT} % or more fails`);
  } else if (verdict === 'warn') {
    warnings.push(`curve.raise: ${raise} is ${dev} % off the platform's ${pricing.raise} (${RAISE_WARN_DEVIATION_PCT} % or more warns); set totalFundRaisingB to ${pricing.raise}`);
  }

  const v = args.vesting;
  const pv = pricing.vesting;
  for (const k of ['total_locked_amount', 'cliff_period', 'unlock_period'] as const) {
    if (v[k] !== pv[k]) mismatch(`vesting.${k}`, show(pv[k]), show(v[k]), `set ${k} to ${pv[k]}`);
  }

  if (args.creator_fee_on !== pricing.creator_fee_on) {
    mismatch('creator_fee_on', pricing.creator_fee_on, show(args.creator_fee_on),
      `set the creator-fee flag (cpmmCreatorFeeOn) to ${pricing.creator_fee_on === 'quote_token' ? 'OnlyTokenB (0)' : 'BothToken (1)'}`);
  }

  if (pricing.curve_rule_account !== null) {
    const rule = pricing.curve_rule_account;
    const last = decoded.remaining_accounts.at(-1);
    if (!last) {
      mismatch('curve_rule_account', rule, 'none', `append the platform's curve-rule account ${rule} as the last account of initialize`);
    } else if (last.address === null) {
      unresolved.push('curve_rule_account');
      warnings.push(`curve_rule_account: unresolved — the last account is loaded from lookup table ${last.lookup!.table} index ${last.lookup!.index}; list ${rule} as a static account`);
    } else if (last.address !== rule) {
      const elsewhere = decoded.accounts.some((a) => a.address === rule);
      mismatch('curve_rule_account', rule, last.address,
        elsewhere ? `move the curve-rule account ${rule} to the last position of initialize's accounts` : `append the platform's curve-rule account ${rule} as the last account of initialize`);
    }
  }

  const fee = args.transfer_fee;
  const terms = pricing.reward_fee;
  if (mode === 'standard') {
    if (fee) mismatch('transfer_fee.option', 'none', `${fee.basis_points} bps`, 'standard mode launches carry no transfer fee: pass no transferFeeExtensionParams, or preflight in reward mode');
  } else if (!fee) {
    const bps = terms ? `<one of ${terms.tiers_bps.join(', ')}>` : '<tier>';
    const cap = terms && terms.maximum_fee !== null ? String(terms.maximum_fee) : '<cap>';
    mismatch('transfer_fee.option', 'set', 'none',
      `reward mode needs the transfer fee: pass ${TRANSFER_FEE_PARAMS_KEY}: { ${TRANSFER_FEE_BPS_KEY}: ${bps}, ${TRANSFER_FEE_MAX_KEY}: ${cap} }`);
  } else if (!terms) {
    unresolved.push('transfer_fee.tier', 'transfer_fee.cap');
    warnings.push('transfer_fee.tier, transfer_fee.cap: unresolved — the pricing data carries no reward-mode fee terms for this quote');
  } else {
    if (!terms.tiers_bps.includes(fee.basis_points)) {
      mismatch('transfer_fee.tier', terms.tiers_bps.join(' | '), `${fee.basis_points}`,
        `set ${TRANSFER_FEE_BPS_KEY} to one of the platform's tiers: ${terms.tiers_bps.join(', ')} bps`);
    }
    if (terms.maximum_fee !== null && fee.maximum_fee !== terms.maximum_fee) {
      mismatch('transfer_fee.cap', show(terms.maximum_fee), show(fee.maximum_fee),
        `set ${TRANSFER_FEE_MAX_KEY} to ${terms.maximum_fee} (raw base units)`);
    } else if (terms.maximum_fee === null && fee.maximum_fee === 0n) {
      mismatch('transfer_fee.cap', '> 0', '0', `a 0 cap collects no tax (the coin would be zero-rate): set ${TRANSFER_FEE_MAX_KEY} to at least the supply (${pricing.supply}) so it never binds`);
    } else if (terms.maximum_fee === null && fee.maximum_fee < pricing.supply) {
      warnings.push(`transfer_fee.cap: ${fee.maximum_fee} raw is below the supply (${pricing.supply}): transfers whose tax would exceed it pay only the cap, so holders earn less on large trades`);
    }
  }

  if (options.launchParams) mismatches.push(...lintLaunchParams(options.launchParams));

  return { ok: mismatches.length === 0 && unresolved.length === 0, mismatches, warnings, unresolved };
}
