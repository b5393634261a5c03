/**
 * The sandbox's DEX Screener top boosts (`GET /token-boosts/top/v1`, see
 * `src/sources/wire/dexscreener-boosts.ts`): the cast tokens that have a market (a pool and a
 * market-data price) are the boosted list, so the feed's candidates are the documented cast. The real
 * mints (stables, SOL and its staking tokens) are left out: nobody boosts them.
 *
 * A token's boost total is 10 per doubling of its 24 h volume above $10k (at least 10), a pure
 * function of the world at the moment; entries are ordered most boosted first, then by mint.
 */
import type { DexTokenBoost } from '../../sources/wire/dexscreener-boosts.js';
import { CAST } from '../world/cast.js';
import { JITOSOL_MINT, MSOL_MINT, USDC_MINT, USDT_MINT, WSOL_MINT } from '../world/entities.js';
import type { SandboxWorld } from '../world/types.js';

const NOT_BOOSTED = new Set([USDC_MINT, USDT_MINT, WSOL_MINT, MSOL_MINT, JITOSOL_MINT]);

function boostTotal(volume24hUsd: number): number {
  return 10 * Math.max(1, Math.ceil(Math.log2(1 + volume24hUsd / 10_000)));
}

export function topBoosts(world: SandboxWorld, at: Date): DexTokenBoost[] {
  const entries: DexTokenBoost[] = [];
  for (const cast of Object.values(CAST)) {
    if (cast.kind !== 'token' || NOT_BOOSTED.has(cast.address)) continue;
    const token = world.token(cast.address, at);
    if (!token || token.pools.length === 0 || token.prices.marketData === null) continue;
    const volume = token.pools.reduce((sum, p) => sum + p.volume24hUsd, 0);
    entries.push({
      url: `https://dexscreener.com/solana/${token.mint.toLowerCase()}`,
      chainId: 'solana',
      tokenAddress: token.mint,
      totalAmount: boostTotal(volume),
      description: `${token.name} (${token.symbol}), sandbox cast token`,
      links: [],
    });
  }
  return entries.sort((a, b) => b.totalAmount - a.totalAmount || (a.tokenAddress < b.tokenAddress ? -1 : 1));
}
