/** `GET /stats`: the platform's token counts, derived revenue and burns, and its config. */
import type { StonkStats } from '../../../sources/wire/launchpad.js';
import { DAY_MS } from '../../../lib/days.js';
import { launchpadTokensAt, type LaunchpadCoinAt } from './payouts.js';
import { LAUNCHPAD_ABOUT_TO_GRADUATE_MCAP_USD, LAUNCHPAD_GRADUATION_MCAP_USD } from './platform.js';
import { round } from './wire-format.js';

/**
 * `GET /stats` → `data`. Token figures are the listed coins'; revenue and burns are derived, not designed:
 * revenue = 1 % of each coin's 24 h volume for each day of its age (at least one), 60 % of it spent on
 * buybacks, 70 % of the buybacks burnt, one burn per flywheel coin per day of age.
 */
export function launchpadStatsAt(nowMs: number): StonkStats {
  const coins = launchpadTokensAt(nowMs);
  const days = (t: LaunchpadCoinAt) => Math.max(1, Math.floor((nowMs - t.createdAt) / DAY_MS));
  const revenue = round(coins.reduce((s, t) => s + t.design.vol24 * 0.01 * days(t), 0), 2);
  const buyback = round(revenue * 0.6, 2);
  return {
    network: 'mainnet-beta',
    tokens: {
      poolsAvailable: true,
      total: coins.length,
      graduated: coins.filter((t) => t.design.mcap >= LAUNCHPAD_GRADUATION_MCAP_USD).length,
      aboutToGraduate: coins.filter((t) => t.design.mcap >= LAUNCHPAD_ABOUT_TO_GRADUATE_MCAP_USD && t.design.mcap < LAUNCHPAD_GRADUATION_MCAP_USD).length,
      rewardLaunches: coins.filter((t) => t.mode === 'reward').length,
      totalMarketCapUsd: coins.reduce((s, t) => s + t.design.mcap, 0),
      totalVolume24hUsd: coins.reduce((s, t) => s + t.design.vol24, 0),
    },
    revenue: { totalRevenueUsd: revenue, totalBuybackUsd: buyback },
    burns: { totalValueUsdAtBurn: round(buyback * 0.7, 2), burnCount: coins.filter((t) => t.design.flywheel).reduce((s, t) => s + days(t), 0) },
    config: {
      graduationMarketCapUsd: LAUNCHPAD_GRADUATION_MCAP_USD,
      aboutToGraduateMarketCapUsd: LAUNCHPAD_ABOUT_TO_GRADUATE_MCAP_USD,
      rewardLaunchesEnabled: true,
      pumpLaunchesEnabled: false,
      apiLaunchesEnabled: true,
      devBuysEnabled: true,
      paidLaunchesEnabled: true,
      launchLabEnabled: true,
    },
  };
}
