/**
 * The platform's ten quote assets (every normalized category; raw categories include `tessera` and
 * `backpack`; two closed to new launches), their mints and token programs, and the LaunchLab accounts
 * of launches on each: global config and per-mode curve rule.
 */
import type { QuoteCategory } from '../../../analytics/launchpad/types.js';
import type { LaunchpadMode } from '../../../sources/wire/launchpad.js';
import { addressBytes, findProgramAddressSync } from '../../solana/accounts.js';
import { deriveAddress, deriveMint } from '../random.js';
import { LAUNCHPAD_GLOBAL_CONFIG, LAUNCHPAD_PLATFORM_IDS, LAUNCHPAD_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, memo } from './platform.js';

export interface QuoteDesign {
  symbol: string;
  name: string;
  /** The normalized category the service should conclude (`normalizeCategory(rawCategory)`). */
  category: QuoteCategory;
  /** The platform's own category (open set: `tessera`, `backpack`… as the real platform says). */
  rawCategory: string;
  launchable: boolean;
  decimals: number;
  token2022: boolean;
  priceUsd: number;
  /** Raise of a launch on this quote, in UI units of the quote (each worth about the default 85 SOL). */
  raise: number;
  /** A real mint when the quote is a real asset the sandbox world already holds (SOL, USDC); else derived. */
  mint?: string;
}

/** The label the platform shows beside each raw category. */
export const CATEGORY_LABEL: Readonly<Record<string, string>> = {
  solana: 'Solana', currency: 'Currency', xstock: 'xStock', tessera: 'Tessera', prestock: 'PreStock', backpack: 'Sunrise',
  leverage: 'Leverage', collectible: 'Collectibles', custom: 'Custom',
};

export const LAUNCHPAD_QUOTES: readonly QuoteDesign[] = [
  { symbol: 'SOL', name: 'Wrapped SOL', category: 'solana', rawCategory: 'solana', launchable: true, decimals: 9, token2022: false, priceUsd: 150, raise: 85, mint: 'So11111111111111111111111111111111111111112' },
  { symbol: 'USDC', name: 'USD Coin', category: 'currency', rawCategory: 'currency', launchable: true, decimals: 6, token2022: false, priceUsd: 1, raise: 12_500, mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  { symbol: 'USD1', name: 'World Liberty USD', category: 'currency', rawCategory: 'currency', launchable: true, decimals: 6, token2022: false, priceUsd: 1, raise: 12_500 },
  { symbol: 'TSLAx', name: 'Tesla xStock', category: 'xstock', rawCategory: 'xstock', launchable: true, decimals: 8, token2022: true, priceUsd: 340, raise: 37 },
  // A tokenized equity of another issuer: the platform says `tessera`, the service reads an xStock.
  { symbol: 'NVDAx', name: 'NVIDIA (Tessera)', category: 'xstock', rawCategory: 'tessera', launchable: false, decimals: 8, token2022: true, priceUsd: 180, raise: 70 },
  { symbol: 'PREOAI', name: 'OpenAI pre-IPO', category: 'prestock', rawCategory: 'prestock', launchable: true, decimals: 6, token2022: true, priceUsd: 95, raise: 130 },
  // A pre-market stock the platform files under `backpack` and labels "Sunrise": the service reads a pre-stock.
  { symbol: 'RISEAI', name: 'RiseAI pre-market', category: 'prestock', rawCategory: 'backpack', launchable: true, decimals: 6, token2022: true, priceUsd: 60, raise: 210 },
  { symbol: 'SOL2X', name: 'SOL 2x Long', category: 'leverage', rawCategory: 'leverage', launchable: true, decimals: 6, token2022: false, priceUsd: 42, raise: 300 },
  { symbol: 'CARDS', name: 'Graded Card Index', category: 'collectible', rawCategory: 'collectible', launchable: false, decimals: 6, token2022: false, priceUsd: 0.8, raise: 15_000 },
  { symbol: 'MEME', name: 'Community Meme', category: 'custom', rawCategory: 'custom', launchable: true, decimals: 6, token2022: false, priceUsd: 0.002, raise: 6_000_000 },
];

export function quoteMint(q: QuoteDesign): string {
  return q.mint ?? memo(`quote|${q.symbol}`, () => deriveMint('launchpad', 'quote', q.symbol));
}

export function quoteTokenProgram(q: QuoteDesign): string {
  return q.token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
}

/** The LaunchLab global config of launches on `q` (SOL's is `LAUNCHPAD_GLOBAL_CONFIG`). */
export function launchpadGlobalConfig(q: QuoteDesign): string {
  return q.symbol === 'SOL' ? LAUNCHPAD_GLOBAL_CONFIG : memo(`global|${q.symbol}`, () => deriveAddress('launchpad', 'global-config', q.symbol));
}

/**
 * The curve-rule account of a platform config on a global config: LaunchLab's PDA
 * `["platform_curve_rule", platform_config, global_config]` (what the pricing's `curveRule.derivation` says).
 */
export function launchpadCurveRule(mode: LaunchpadMode, globalConfig: string): string {
  return memo(`curve-rule|${mode}|${globalConfig}`, () =>
    findProgramAddressSync([Buffer.from('platform_curve_rule'), addressBytes(LAUNCHPAD_PLATFORM_IDS[mode]), addressBytes(globalConfig)], LAUNCHPAD_PROGRAM_ID));
}
