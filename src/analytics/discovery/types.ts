/**
 * What the discovery analytics read (docs/discovery.md, 'Inputs'): a token's DEX market as the market-data source reports
 * it, window by window, already normalized from the provider's wire format by the endpoint code (the
 * most liquid pair of the token). Pure data: the analytics never fetch.
 *
 * Windows are the provider's trailing windows ending now: `m5` = the last 5 minutes, `h1` = the last
 * hour, `h6`, `h24`. A window the provider does not report (a pool younger than it, or a field missing)
 * is null, never 0.
 */

export type WindowName = 'm5' | 'h1' | 'h6' | 'h24';
export const WINDOW_MINUTES: Readonly<Record<WindowName, number>> = { m5: 5, h1: 60, h6: 360, h24: 1440 };

export interface MarketWindow {
  volumeUsd: number | null;
  buys: number | null;
  sells: number | null;
  /** Percent change of the price over the window (e.g. -2.71 = -2.71 %). */
  priceChangePct: number | null;
}

export interface LaunchMarket {
  mint: string;
  symbol: string | null;
  name: string | null;
  pairAddress: string;
  dex: string;
  /** When the pair was created (unix ms); null when unknown. */
  pairCreatedAtMs: number | null;
  priceUsd: number | null;
  liquidityUsd: number | null;
  marketCapUsd: number | null;
  windows: Record<WindowName, MarketWindow>;
}

/** A token's earlier reading by the service (observation log), for deltas on repeat calls ≥ 5 minutes apart. */
export interface PriorReading {
  /** Unix ms. */
  at: number;
  liquidityUsd: number | null;
  holderCount: number | null;
  priceUsd: number | null;
}
