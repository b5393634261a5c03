import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { sortScreener, type ScreenerRow, type ScreenerSort } from '../../analytics/launchpad/screener.js';
import type { RewardCoin } from '../../analytics/launchpad/types.js';
import { trailingYields } from '../../analytics/launchpad/yield.js';
import { indexedCoin } from '../../launchpad-index/state.js';
import { indexedRewardCoins, indexStaleCaveat, withDaily } from './shared/coins.js';
import { coinSortFields } from './shared/coin-rows.js';
import { coinFilterFields } from './shared/coin-filters.js';
import { coinDailyPoints, coinYield, type YieldSubject } from './shared/coin-yield.js';
import { passesCoinFilter, type CoinFilter } from './shared/screener-filters.js';
import { YieldBatchSchema } from './shared/yield-schema.js';

/** Defaults as in the input schema (the validator fills them; repeated so the handler stands alone). */
const SORT_DEFAULT: ScreenerSort = 'volume24h';
const LIMIT_DEFAULT = 25;

type BatchInput = CoinFilter & { mints?: string[]; sort?: ScreenerSort; limit?: number };
/** What both selections give: a `RewardCoin` (filters) or the index's token detail (mints). */
type BatchCoin = YieldSubject & Pick<RewardCoin, 'last_payout_at' | 'volume_24h_usd' | 'holders' | 'price_change_24h_pct'>;

const SORT_FIELD: Record<ScreenerSort, keyof Omit<ScreenerRow, 'mint'>> = {
  yield7d: 'yield_7d_pct', yield30d: 'yield_30d_pct', rewardsUsd: 'rewards_usd', volume24h: 'volume_24h_usd',
  lastPayout: 'last_payout_at', holders: 'holders', priceChange24h: 'price_change_24h_pct',
};

/**
 * The coins to answer for. Mints: each looked up in the index (duplicates once; the rest in `not_found`, in the
 * order asked) and every filter ignored, as the spec says. Filters: the whole index through the screener's
 * filters. Both read the index only, so a coin launched since the last refresh is `not_found` until the next.
 */
async function selectCoins(input: BatchInput, ctx: HandlerContext, nowMs: number): Promise<{ coins: BatchCoin[]; notFound: string[]; indexed: number; caveats: Caveat[] }> {
  if (input.mints !== undefined) {
    const asked = [...new Set(input.mints)];
    const [rows, indexed, caveats] = await Promise.all([
      Promise.all(asked.map((m) => ctx.store.launchpadCoin(m))),
      ctx.store.launchpadCoins().then((all) => all.length),
      indexStaleCaveat(ctx),
    ]);
    return {
      coins: rows.flatMap((r) => (r === undefined ? [] : [withDaily(indexedCoin(r))])),
      notFound: asked.filter((_, i) => rows[i] === undefined),
      indexed,
      caveats,
    };
  }
  const { coins, caveats } = await indexedRewardCoins(ctx);
  return { coins: coins.filter((c) => passesCoinFilter(c, input, nowMs)), notFound: [], indexed: coins.length, caveats };
}

async function yieldBatchAnswer(input: BatchInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const nowMs = now.getTime();
  const sort = input.sort ?? SORT_DEFAULT;
  const limit = input.limit ?? LIMIT_DEFAULT;
  const { coins, notFound, indexed, caveats } = await selectCoins(input, ctx, nowMs);
  const rows = await Promise.all(coins.map(async (coin) => {
    const points = await coinDailyPoints(ctx, coin.mint, now);
    const answer = coinYield(coin, points, 'index', now);
    return { answer, ...coinSortFields(coin, trailingYields({ ...coin, daily: points }, nowMs), nowMs) };
  }));
  const ranked = sortScreener(rows, sort).slice(0, limit);
  const out: Caveat[] = [...caveats];
  const partial = ranked.filter((r) => r.answer.caveats.some((c) => c.code === 'partial_history')).map((r) => r.answer.data.symbol);
  if (partial.length > 0) {
    out.push({ code: 'partial_history', message: `Partial history (windows shorter than named; see each history_days): ${partial.join(', ')}.` });
  }
  return {
    data: {
      coins: ranked.map((r, i) => ({ ...r.answer.data, rank: i + 1, sort_value: r[SORT_FIELD[sort]] })),
      not_found: notFound,
      matched: coins.length,
      indexed,
      sort,
      as_of: now.toISOString(),
    },
    caveats: out,
  };
}

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'n/a');

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function yieldBatchBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad yields: ${d.coins.length} of ${d.matched} coins by ${d.sort}`];
  for (const c of d.coins as Data[]) {
    const b = c.yields[c.basis] as Data;
    lines.push(`- #${c.rank} ${c.symbol} (${c.mint}), paid in ${c.quote_exposure.quote_symbol}: 7d ${pct(c.yields['7d'].yield_pct)}, ` +
      `30d ${pct(c.yields['30d'].yield_pct)}; ${c.basis} annualized ${pct(b.annualized_pct)}${b.caution ? ' (caution)' : ''}`);
  }
  if ((d.not_found as string[]).length > 0) lines.push(`- Not in the index: ${(d.not_found as string[]).join(', ')}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-yield-batch',
  family: 'launchpad',
  price: '0.05',
  summary: 'Yield of up to 25 reward coins, by mint list or by screener filters, ranked',
  description:
    'Per coin the same object as launchpad-yield plus `rank` and `sort_value`, for up to 25 coins ranked by `sort` ' +
    '(highest first, unknown last, ties by mint). When `mints` is given all filters are ignored, and mints not in ' +
    'the 10-minute coin index (no trade in 24h, or launched since its last refresh) are returned in `not_found`; ' +
    'otherwise the screener\'s filters choose the coins. Read from the index only, so a coin younger than a window ' +
    'may differ slightly from launchpad-yield (which reads a not-yet-indexed coin live). Flat price per call.',
  input: Type.Object(
    {
      mints: Type.Optional(Type.Array(Address(), { maxItems: 25, description: 'Reward coin mints (up to 25); when given, filters are ignored' })),
      ...coinFilterFields(),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results (whole number)' }), 25),
    },
    { additionalProperties: false },
  ),
  output: YieldBatchSchema,
  cacheTtlSeconds: 600,
  example: {
    mints: ['J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc', '4zkYB1pH72CsUgZ9LuGek59APU6n2XKSh9KYXVunQiHF', '5Q9x4xVrCe281ReMWNsaw159jT1u1QbodnNno5PEcXa3'],
    sort: 'yield7d',
    limit: 25,
  },
  handler: (input, ctx) => yieldBatchAnswer(input, ctx),
  briefing: yieldBatchBriefing,
});
