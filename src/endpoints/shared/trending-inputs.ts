/**
 * What feed-latest's daily brief and trending-signals both score a token on besides attention: its DEX
 * market summed over its pairs, and its holder growth over the last HOLDER_GROWTH_DAYS days of daily
 * snapshots (docs/consensus-and-feed.md, "feed-latest: the daily brief"; docs/discovery.md, "Trending signals").
 */
import { holderGrowthPct } from '../../analytics/trending-score.js';
import type { Caveat, HandlerContext } from '../../registry/types.js';
import { bestPair, type DexPair } from '../../sources/dexscreener.js';
import { addDays, utcDay } from '../../lib/days.js';

/** Days of daily snapshots holder growth is measured over. */
const HOLDER_GROWTH_DAYS = 7;

/** The mint's market across its pairs (as base): volume, liquidity and trades summed; price and change from the deepest pair. */
export function tokenMarket(pairs: readonly DexPair[], mint: string) {
  const own = pairs.filter((p) => p.chainId === 'solana' && p.baseToken.address === mint);
  const best = bestPair(own, mint);
  if (!best) return null;
  const sum = (values: (number | null | undefined)[]) => {
    const known = values.filter((v): v is number => typeof v === 'number');
    return known.length > 0 ? Math.round(known.reduce((a, b) => a + b, 0) * 100) / 100 : null;
  };
  const trades = own.map((p) => p.txns.h24).filter((t) => t !== undefined);
  return {
    symbol: best.baseToken.symbol,
    name: best.baseToken.name,
    priceUsd: best.priceUsd != null ? Number(best.priceUsd) : null,
    priceChange24hPct: best.priceChange?.h24 ?? null,
    volume24hUsd: sum(own.map((p) => p.volume.h24)),
    liquidityUsd: sum(own.map((p) => p.liquidity?.usd)),
    buys24h: trades.length > 0 ? trades.reduce((a, t) => a + t.buys, 0) : null,
    sells24h: trades.length > 0 ? trades.reduce((a, t) => a + t.sells, 0) : null,
  };
}

export type TokenMarket = NonNullable<ReturnType<typeof tokenMarket>>;

/** Each mint's holder growth (percent; null with fewer than two daily snapshots) over the last HOLDER_GROWTH_DAYS days, in `mints` order. */
export async function readHolderGrowth(store: Pick<HandlerContext['store'], 'getSnapshots'>, mints: readonly string[], now: Date): Promise<(number | null)[]> {
  const today = utcDay(now);
  const fromDay = addDays(today, -HOLDER_GROWTH_DAYS);
  const histories = await Promise.all(mints.map((mint) => store.getSnapshots('token', mint, fromDay, today)));
  return histories.map((h) => holderGrowthPct(h.map((s) => s.data.holder_count).filter((v): v is number => typeof v === 'number')));
}

/** Said when some ranked tokens have no holder growth. */
export function holderGrowthUnknownCaveat(unknown: number, total: number): Caveat {
  return {
    code: 'insufficient_history',
    message: `Holder growth unknown for ${unknown} of ${total} tokens (fewer than two daily snapshots in the last ${HOLDER_GROWTH_DAYS} days); their scores rest on the other factors.`,
  };
}
