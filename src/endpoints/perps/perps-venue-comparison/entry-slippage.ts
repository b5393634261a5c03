/**
 * Spot slippage of opening a pool-venue position (perps-venue-comparison): a long posts the asset
 * custody's token as collateral, so opening it from USDC means buying that token — the slippage is the
 * price impact of the price aggregator's exact-in quote of `size_usd` USDC into the venue's collateral
 * mint (A: SOL, WBTC, WETH; B: jitoSOL, WBTC, BONK — `PoolMarket.collateralMint`). A short is
 * collateralized in USDC: no swap, 0.
 *
 * As the token analyses' slippage estimates do (src/endpoints/shared/token-analysis.ts): the quote is read
 * with `quoteFill` (the aggregator states impact as a fraction; we work in percent), a negative impact is
 * reported as 0, and a size without a quote — no route, or the aggregator failing — has NO estimate (null),
 * never 0 % (which would read as "perfectly liquid"); a caveat says which.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import type { PoolMarket, PositionSide } from '../../../analytics/perps/venue-data.js';
import { SourceError } from '../../../sources/errors.js';
import { degradedCaveat } from '../../shared/legs.js';
import { quoteFill, USDC_MINT } from '../../shared/token-mapping.js';
import { VENUE_LABEL } from '../../shared/perps-venues.js';

export type SlippageSource = 'aggregator_price_impact' | 'usdc_collateral';

export interface EntrySlippage {
  /** Percent of size (unrounded: the analytics round what they show); null = no estimate. */
  slippagePct: number | null;
  source: SlippageSource | null;
  collateralSymbol: string;
  collateralMint: string;
  caveat: Caveat | null;
  durationMs: number;
}

/** USDC has 6 decimals: a size in USD is that many millionths. */
function usdcBaseUnits(sizeUsd: number): bigint {
  return BigInt(Math.round(sizeUsd * 1_000_000));
}

export async function entrySlippage(ctx: HandlerContext, market: PoolMarket, side: PositionSide, sizeUsd: number): Promise<EntrySlippage> {
  const started = performance.now();
  const collateral = side === 'long' ? { collateralSymbol: market.collateralSymbol, collateralMint: market.collateralMint } : { collateralSymbol: 'USDC', collateralMint: USDC_MINT };
  const done = (slippagePct: number | null, source: SlippageSource | null, caveat: Caveat | null = null): EntrySlippage =>
    ({ slippagePct, source, ...collateral, caveat, durationMs: performance.now() - started });

  if (collateral.collateralMint === USDC_MINT) return done(0, 'usdc_collateral');

  const label = VENUE_LABEL[market.venue];
  try {
    const quote = await ctx.sources.jupiter.quote({ inputMint: USDC_MINT, outputMint: collateral.collateralMint, amount: usdcBaseUnits(sizeUsd) }, ctx.signal);
    const fill = quoteFill(quote);
    if (fill === null || !Number.isFinite(fill.impactFraction)) {
      return done(null, null, {
        code: 'slippage_unavailable',
        leg: 'price_aggregator',
        message: `No swap route from USDC into ${collateral.collateralSymbol} for ${sizeUsd} USD: ${label}'s total entry cost excludes slippage.`,
      });
    }
    return done(Math.max(0, fill.impactFraction * 100), 'aggregator_price_impact');
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    return done(null, null, degradedCaveat(err, `Slippage for ${label}`));
  }
}
