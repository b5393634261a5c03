/**
 * Launch-program facts and preflight thresholds, in one place so that docs/launchpad-preflight.md,
 * the decoder, the checker and the tests read the same values.
 *
 * Sources (public, read 2026-11-23):
 * - raydium-io/raydium-sdk-V2 `src/raydium/launchpad/instrument.ts` — the `initialize`, `initializeV2` and
 *   `initializeWithToken2022` builders: discriminators, account order, Borsh argument layout, and the
 *   transfer-fee parameter names `transferFeeBasePoints` / `maxinumFee` (sic: the SDK's own spelling).
 * - raydium-io/raydium-sdk-V2 `src/raydium/launchpad/type.ts` — `CpmmCreatorFeeOn { OnlyTokenB, BothToken }`
 *   and the `CreateLaunchPad.transferFeeExtensionParams` option.
 * - sol_raydium_launchpad_interface README — program id `LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj`.
 * The plain `initialize` is deprecated upstream (the SDK builder throws; launches use V2 or the Token-2022
 * variant); it is still decoded so that a stale builder gets a precise mismatch instead of "not found".
 */

/** Raydium LaunchLab (mainnet). */
export const LAUNCH_PROGRAM_ID = 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj';
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/** Anchor 8-byte discriminators of the three initialize variants. */
export const INITIALIZE_DISCRIMINATORS = {
  initialize: [175, 175, 109, 31, 13, 152, 155, 237],
  initialize_v2: [67, 153, 175, 39, 218, 16, 38, 32],
  initialize_with_token_2022: [37, 190, 126, 222, 44, 154, 171, 17],
} as const;

/**
 * Fixed account slots of each variant (SDK builder order). Accounts past the fixed list are "remaining
 * accounts": the SDK appends the optional platform allow-config there, and the platform wants its curve-rule
 * account as the very last one.
 */
export const ACCOUNT_LAYOUTS = {
  initialize: [
    'payer', 'creator', 'global_config', 'platform_config', 'authority', 'pool_state', 'base_mint', 'quote_mint',
    'base_vault', 'quote_vault', 'metadata_account', 'base_token_program', 'quote_token_program',
    'metadata_program', 'system_program', 'rent_program', 'event_authority', 'program',
  ],
  initialize_v2: [
    'payer', 'creator', 'global_config', 'platform_config', 'authority', 'pool_state', 'base_mint', 'quote_mint',
    'base_vault', 'quote_vault', 'metadata_account', 'base_token_program', 'quote_token_program',
    'metadata_program', 'system_program', 'rent_program', 'event_authority', 'program',
  ],
  initialize_with_token_2022: [
    'payer', 'creator', 'global_config', 'platform_config', 'authority', 'pool_state', 'base_mint', 'quote_mint',
    'base_vault', 'quote_vault', 'base_token_program', 'quote_token_program', 'system_program', 'event_authority',
    'program',
  ],
} as const;

/** Curve enum tags of `CurveParams` (Borsh u8 variant index). */
export const CURVE_TYPES = ['constant', 'fixed', 'linear'] as const;
/** `MigrateType` u8: 0 → AMM v4, 1 → CPMM. */
export const MIGRATE_TYPES = ['amm', 'cpmm'] as const;
/** `AmmCreatorFeeOn` / SDK `CpmmCreatorFeeOn` u8: 0 → creator fee in the quote token only, 1 → both tokens. */
export const CREATOR_FEE_ON = ['quote_token', 'both_tokens'] as const;

/** The platform's base mints have 6 decimals (spec, Preflight checks). */
export const BASE_MINT_DECIMALS = 6;

/** Raise deviation |actual − expected| ÷ expected, in percent: ≥ this warns (lower-inclusive) … */
export const RAISE_WARN_DEVIATION_PCT = 2;
/** … and ≥ this is a mismatch. */
export const RAISE_FAIL_DEVIATION_PCT = 10;

/** The SDK's transfer-fee keys, spelled exactly as `CreateLaunchPad.transferFeeExtensionParams` spells them. */
export const TRANSFER_FEE_PARAMS_KEY = 'transferFeeExtensionParams';
export const TRANSFER_FEE_BPS_KEY = 'transferFeeBasePoints';
export const TRANSFER_FEE_MAX_KEY = 'maxinumFee';
/**
 * A launch_params key is a "close misspelling" of an SDK key when, compared case- and separator-insensitively,
 * it is within this edit distance (or is a known variant). "basis" vs "base" is 2 and "maximum" vs "maxinum"
 * is 1, the two slips seen in practice; 3 leaves room for one more typo without catching unrelated keys.
 */
export const KEY_LINT_MAX_EDIT_DISTANCE = 3;
/** How deep launch_params is walked looking for misspelled keys (the SDK nests them one level down). */
export const KEY_LINT_MAX_DEPTH = 4;
