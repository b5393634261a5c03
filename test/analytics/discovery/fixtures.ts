/** Crafted markets for the discovery analytics tests: every number is chosen so the rules can be checked by hand. */
import type { LaunchMarket, MarketWindow, WindowName } from '../../../src/analytics/discovery/types.js';

export const NOW = Date.parse('2025-06-01T12:00:00.000Z');
export const MIN = 60_000;
export const HOUR = 3_600_000;

export function win(volumeUsd: number | null, buys: number | null, sells: number | null, priceChangePct: number | null = 0): MarketWindow {
  return { volumeUsd, buys, sells, priceChangePct };
}

export const NULL_WINDOW: MarketWindow = { volumeUsd: null, buys: null, sells: null, priceChangePct: null };

/**
 * Default: a flat market at $20/min in every window (a1 = a2 = a3 = 1), buy share 0.5 everywhere, no price
 * change, $50k liquidity, a 48 h old pool.
 */
export function market(p: Partial<Omit<LaunchMarket, 'windows'>> & { windows?: Partial<Record<WindowName, MarketWindow>> } = {}): LaunchMarket {
  const { windows, ...rest } = p;
  return {
    mint: 'MintDefault1111111111111111111111111111111',
    symbol: 'TEST',
    name: 'Test',
    pairAddress: 'Pair11111111111111111111111111111111111111',
    dex: 'pumpswap',
    pairCreatedAtMs: NOW - 48 * HOUR,
    priceUsd: 0.001,
    liquidityUsd: 50_000,
    marketCapUsd: 1_000_000,
    ...rest,
    windows: {
      m5: win(100, 5, 5),
      h1: win(1_200, 60, 60),
      h6: win(7_200, 360, 360),
      h24: win(28_800, 1_440, 1_440),
      ...windows,
    },
  };
}

/**
 * A RUNNING market: rates m5 $300/min, h1 $100/min, h6 $33.33/min, h24 $10/min (a1 = 3, a2 = 3,
 * a3 = 3.3333), buy share m5 0.7, h1 0.6.
 */
export const RUNNING_WINDOWS: Record<WindowName, MarketWindow> = {
  m5: win(1_500, 70, 30, 4),
  h1: win(6_000, 300, 200, 25),
  h6: win(12_000, 1_000, 1_000, 40),
  h24: win(14_400, 1_200, 1_200, 40),
};
