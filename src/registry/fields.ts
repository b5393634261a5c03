/**
 * The spec's shared field types ("Shared field types" table), as TypeBox schemas.
 * Every endpoint input uses these so a bound is written once.
 */
import { Type, type TSchema } from '@sinclair/typebox';

const BASE58 = '^[1-9A-HJ-NP-Za-km-z]+$';

/** Wallet address or token mint on the primary chain: base58, 32 to 44 characters. */
export const Address = (description = 'Base58 address (32-44 characters)') =>
  Type.String({ minLength: 32, maxLength: 44, pattern: BASE58, description });

/** Transaction signature: base58, 86 to 90 characters. */
export const Signature = () =>
  Type.String({ minLength: 86, maxLength: 90, pattern: BASE58, description: 'Base58 transaction signature (86-90 characters)' });

/** Reference-venue (EVM) account address. */
export const EvmAddress = () =>
  Type.String({ pattern: '^0x[a-fA-F0-9]{40}$', description: 'EVM address, 0x followed by 40 hex digits' });

/**
 * ISO 8601 UTC timestamp with mandatory `Z`; hours and minutes required, seconds and fraction optional;
 * the date must exist on the calendar (leap days included). Checked by the `utc-timestamp` format.
 */
export const Timestamp = (description = 'ISO 8601 UTC timestamp ending in Z, e.g. 2026-02-28T12:00Z') =>
  Type.String({ format: 'utc-timestamp', description });

export const StringEnum = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

export const PERPS_MARKETS = ['SOL', 'BTC', 'ETH', 'BONK'] as const;
export const LOOKBACKS = ['7d', '14d', '30d'] as const;
export const ATTENTION_WINDOWS = ['1h', '6h', '24h'] as const;
export const DEPTHS = ['light', 'full'] as const;
export const LAUNCH_CATEGORIES = ['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom'] as const;

export const PerpsMarket = (options: Record<string, unknown> = {}) => StringEnum(PERPS_MARKETS, options);
export const Lookback = (options: Record<string, unknown> = { default: '7d' }) => StringEnum(LOOKBACKS, options);
export const AttentionWindow = (options: Record<string, unknown> = {}) => StringEnum(ATTENTION_WINDOWS, options);
export const Depth = (options: Record<string, unknown> = {}) => StringEnum(DEPTHS, options);
export const LaunchCategory = (options: Record<string, unknown> = {}) => StringEnum(LAUNCH_CATEGORIES, options);

export const FORMATS = ['json', 'llm', 'both'] as const;
export const OutputFormat = () =>
  StringEnum(FORMATS, {
    default: 'json',
    description: 'json = typed fields; llm = short markdown briefing; both = JSON plus an llm_summary field',
  });

/** Marks a schema as optional with a default (Ajv fills it in). */
export const withDefault = <S extends TSchema>(schema: S, value: unknown) => Type.Optional({ ...schema, default: value } as S);
