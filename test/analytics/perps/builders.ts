/** Builders of perps inputs for the analytics tests: a plain base value, overridden per test. */
import type { PoolMarket, PoolMarketSide, PoolPosition, RefMarket } from '../../../src/analytics/perps/venue-data.js';
import type { PoolPositionView } from '../../../src/analytics/perps/index.js';

const flatCurve = { points: [{ utilizationPct: 0, aprPct: 0 }, { utilizationPct: 100, aprPct: 100 }] };

export function side(overrides: Partial<PoolMarketSide> = {}): PoolMarketSide {
  return { openInterestUsd: 0, maxOpenInterestUsd: null, utilizationPct: 50, borrowCurve: flatCurve, borrowAprPct: 10, ...overrides };
}

export function poolMarket(overrides: Partial<PoolMarket> = {}): PoolMarket {
  return {
    venue: 'A',
    asset: 'SOL',
    custody: 'custody',
    collateralMint: 'mint',
    collateralSymbol: 'SOL',
    oraclePriceUsd: 100,
    collateralPriceUsd: 100,
    long: side(),
    short: side(),
    openFeeBps: 6,
    closeFeeBps: 6,
    maxLeverage: 100,
    maxPositionSizeUsd: null,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function poolPosition(overrides: Partial<PoolPosition> = {}): PoolPosition {
  return {
    venue: 'A',
    address: 'pos1',
    owner: 'owner1',
    asset: 'SOL',
    side: 'long',
    sizeUsd: 10_000,
    collateralUsd: 1_000,
    entryPriceUsd: 100,
    openedAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    borrowFeesUsd: 0,
    realisedPnlUsd: 0,
    collateralSymbol: 'SOL',
    ...overrides,
  };
}

export function refMarket(overrides: Partial<RefMarket> = {}): RefMarket {
  return {
    venue: 'C',
    asset: 'SOL',
    venueSymbol: 'SOL',
    markPriceUsd: 100,
    oraclePriceUsd: 100,
    fundingRateHourly: 0,
    openInterestUsd: 1_000_000,
    volume24hUsd: 5_000_000,
    maxLeverage: 20,
    ...overrides,
  };
}

/** A position view with no flags; tests set only the fields they are about. */
export function view(overrides: Partial<PoolPositionView> = {}): PoolPositionView {
  return {
    venue: 'A',
    address: 'pos1',
    owner: 'owner1',
    asset: 'SOL',
    side: 'long',
    size_usd: 10_000,
    collateral_usd: 2_000,
    collateral_symbol: 'SOL',
    leverage: 5,
    entry_price_usd: 100,
    mark_price_usd: 100,
    borrow_fees_usd: 0,
    close_fee_usd: 6,
    max_leverage: 100,
    unrealized_pnl_usd: 0,
    pnl_pct: 0,
    liquidation_price_usd: 80.56,
    distance_to_liquidation_pct: 19.44,
    collateral_buffer_pct: 94.7,
    realised_pnl_usd: 0,
    opened_at: '2024-01-01T00:00:00.000Z',
    position_age_hours: 10,
    risk_flags: [],
    pnl_unavailable: null,
    ...overrides,
  };
}
