/**
 * `GET /launchlab/pricing`: the LaunchLab curve of a default launch on each quote (virtual reserves, start
 * and graduation market caps), the platform configs and curve rules, and what each mode asks of a mint.
 */
import type { StonkPricing } from '../../../sources/wire/launchpad.js';
import {
  LAUNCHPAD_DISTRIBUTOR,
  LAUNCHPAD_PLATFORM_IDS,
  LAUNCHPAD_PROGRAM_ID,
  LAUNCH_BASE_DECIMALS,
  LAUNCH_SUPPLY_RAW,
  LAUNCH_TOTAL_SELL_RAW,
  REWARD_TIERS_BPS,
  TOKEN_2022_PROGRAM_ID,
} from './platform.js';
import { LAUNCHPAD_QUOTES, launchpadCurveRule, launchpadGlobalConfig, quoteMint, quoteTokenProgram, type QuoteDesign } from './quotes.js';
import { iso, uiUnits } from './wire-format.js';

/**
 * LaunchLab's constant-product curve of a default launch raising `raiseRaw`: virtual reserves such that
 * selling `totalSell` moves the price to exactly the price the migrated pool opens at (the unsold supply
 * against the raise): vA = A² / (2A − S), vB = B (vA − A) / A.
 */
function curveOf(raiseRaw: bigint): { virtualA: bigint; virtualB: bigint } {
  const a = LAUNCH_TOTAL_SELL_RAW;
  const virtualA = (a * a) / (2n * a - LAUNCH_SUPPLY_RAW);
  return { virtualA, virtualB: (raiseRaw * (virtualA - a)) / a };
}

/** The raise of a launch on `q`, raw units. */
export function quoteRaiseRaw(q: QuoteDesign): bigint {
  return BigInt(Math.round(q.raise * 10 ** Math.min(q.decimals, 6))) * 10n ** BigInt(Math.max(0, q.decimals - 6));
}

const SOL_QUOTE = LAUNCHPAD_QUOTES.find((q) => q.symbol === 'SOL')!;

export function pricingDocument(q: QuoteDesign, nowMs: number): StonkPricing {
  const mint = quoteMint(q);
  const globalConfig = launchpadGlobalConfig(q);
  const raiseRaw = quoteRaiseRaw(q);
  const { virtualA, virtualB } = curveOf(raiseRaw);
  const supplyUi = uiUnits(LAUNCH_SUPPLY_RAW, LAUNCH_BASE_DECIMALS);
  const startQuote = uiUnits(virtualB, q.decimals) * (Number(LAUNCH_SUPPLY_RAW) / Number(virtualA));
  const graduationQuote = uiUnits(raiseRaw, q.decimals) * (Number(LAUNCH_SUPPLY_RAW) / Number(LAUNCH_SUPPLY_RAW - LAUNCH_TOTAL_SELL_RAW));
  return {
    quote: { mint, symbol: q.symbol, decimals: q.decimals, tokenProgram: quoteTokenProgram(q) },
    raise: {
      raw: raiseRaw.toString(),
      units: uiUnits(raiseRaw, q.decimals),
      minimumRaw: ((raiseRaw * 24n) / 85n).toString(),
      basis: 'Sized so this launch is worth the same as the default 85 SOL raise.',
    },
    marketCap: {
      startUsd: startQuote * q.priceUsd,
      graduationUsd: graduationQuote * q.priceUsd,
      startQuote,
      graduationQuote,
      graduationMultiple: graduationQuote / startQuote,
    },
    prices: { solUsd: SOL_QUOTE.priceUsd, quoteUsd: q.priceUsd, observedAt: iso(nowMs) },
    curve: {
      programId: LAUNCHPAD_PROGRAM_ID,
      configId: globalConfig,
      curveType: 'ConstantCurve',
      migrateType: 'cpmm',
      baseDecimals: LAUNCH_BASE_DECIMALS,
      supply: LAUNCH_SUPPLY_RAW.toString(),
      totalSellA: LAUNCH_TOTAL_SELL_RAW.toString(),
      totalSupplyTokens: supplyUi,
      vesting: { totalLockedAmount: '0', cliffPeriod: '0', unlockPeriod: '0' },
      cpmmCreatorFeeOn: 0,
      migrateFeeRaw: '0',
      derived: { virtualA: virtualA.toString(), virtualB: virtualB.toString() },
    },
    platform: { standard: LAUNCHPAD_PLATFORM_IDS.standard, reward: LAUNCHPAD_PLATFORM_IDS.reward },
    curveRule: {
      standard: launchpadCurveRule('standard', globalConfig),
      reward: launchpadCurveRule('reward', globalConfig),
      derivation: '["platform_curve_rule", platform_config, global_config] on the LaunchLab program',
      note: 'Append the address for your chosen platform as the LAST account of the initialize instruction, read-only.',
    },
    modes: {
      standard: { transferFee: null, note: 'Omit the transfer-fee extension entirely; the mint provably carries none.' },
      reward: {
        transferFeeBps: [...REWARD_TIERS_BPS],
        baseTokenProgram: TOKEN_2022_PROGRAM_ID,
        withdrawWithheldAuthority: LAUNCHPAD_DISTRIBUTOR,
        note: 'The platform distributor is the withdraw authority; holder rewards are collected and distributed from it.',
      },
    },
  };
}

/**
 * `GET /launchlab/pricing?quoteMint` → `data`: the curve constants of a launch on that quote, both modes;
 * for every listed quote (whether new launches may use it is `/pairs`'s `launchable`); null for an unknown one.
 */
export function launchpadPricing(quoteMintAddress: string, nowMs: number): StonkPricing | null {
  const q = LAUNCHPAD_QUOTES.find((x) => quoteMint(x) === quoteMintAddress);
  return q ? pricingDocument(q, nowMs) : null;
}
