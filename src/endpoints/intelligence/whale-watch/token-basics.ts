/**
 * The few facts whale-watch needs about a token — supply, price, top holders — without the full token
 * analysis (no quotes, no metadata): legs in parallel. The mint account and the holders are required
 * (without them there is nothing to watch); the price is optional — the median of the same three readings
 * the token analysis uses (wallet-asset provider, market data, price aggregator), so whale-watch values a
 * whale's flow at the very price due-diligence and enrich-token-full show for the token; unknown → every
 * ordinary top holder is watched, with a caveat.
 */
import { ApiError } from '../../../errors/api-error.js';
import { medianPrice } from '../../../analytics/token-price.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { bestPair } from '../../../sources/dexscreener.js';
import { readMint } from '../../../sources/solana-rpc.js';
import { gatherLegs, legTimings, optional, required } from '../../shared/legs.js';
import { fetchTopHolders, type TopHolders } from '../../shared/top-holders.js';

export interface TokenBasics {
  symbol: string | null;
  decimals: number;
  supplyUi: number;
  priceUsd: number | null;
  holders: TopHolders;
  caveats: Caveat[];
  timings: Record<string, number>;
}

export async function tokenBasics(mint: string, ctx: HandlerContext): Promise<TokenBasics> {
  const { sources, signal } = ctx;
  const legs = await gatherLegs({
    mintAccount: () => sources.rpc.getAccountInfo(mint, signal),
    holders: () => fetchTopHolders(mint, sources, ctx.entities, signal),
    asset: () => sources.helius.getAsset(mint, signal),
    pairs: () => sources.dexscreener.tokenPairs([mint], signal),
    aggregatorPrice: () => sources.jupiter.prices([mint], signal),
  });
  const mintInfo = readMint(required(legs.mintAccount).value);
  if (!mintInfo) throw new ApiError('not_found', `${mint} is not a token mint on chain. You were not charged.`);
  const holders = required(legs.holders);
  const caveats: Caveat[] = [];
  const pair = bestPair(optional(legs.pairs, caveats, 'Market-data price') ?? [], mint);
  const prices = optional(legs.aggregatorPrice, caveats, 'Aggregator price');
  const asset = optional(legs.asset, caveats, 'Wallet-asset provider price');
  const price = medianPrice([
    { source: 'wallet_assets', price: asset?.token_info?.price_info?.price_per_token },
    { source: 'market_data', price: pair?.priceUsd !== undefined ? Number(pair.priceUsd) : null },
    { source: 'price_aggregator', price: prices?.[mint]?.usdPrice },
  ]).price_usd;
  if (price === null) caveats.push({ code: 'price_unknown', message: 'No source priced the token: USD values are unknown and every ordinary top holder is treated as a whale.' });
  return {
    symbol: pair?.baseToken.address === mint ? pair.baseToken.symbol : null,
    decimals: mintInfo.decimals,
    supplyUi: Number(mintInfo.supplyRaw) / 10 ** mintInfo.decimals,
    priceUsd: price,
    holders,
    caveats,
    timings: legTimings(legs),
  };
}
