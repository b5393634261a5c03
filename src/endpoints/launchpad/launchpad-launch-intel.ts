import { Type } from '@sinclair/typebox';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { LaunchCategory, StringEnum, withDefault } from '../../registry/fields.js';
import { demandScore, launchIntelOverview, type LaunchIntelRow } from '../../analytics/launchpad/demand.js';
import type { QuoteCategory, RewardCoin } from '../../analytics/launchpad/types.js';
import { indexedRewardCoins } from './shared/coins.js';
import { LaunchIntelSchema } from './launchpad-launch-intel/schema.js';

const SORTS = ['demand', 'survival', 'volume', 'launches', 'paying'] as const;
type IntelSort = (typeof SORTS)[number];

/** Defaults as in the input schema (the validator fills them; repeated so the handler stands alone). */
const MIN_COINS_DEFAULT = 5;
const SORT_DEFAULT: IntelSort = 'demand';
const LIMIT_DEFAULT = 20;

const SORT_VALUE: Record<IntelSort, (r: LaunchIntelRow) => number | null> = {
  demand: (r) => r.demand_score,
  survival: (r) => r.survival_pct,
  volume: (r) => r.volume_24h_usd,
  launches: (r) => r.launches_7d,
  paying: (r) => r.paying_today_pct,
};

/** Highest first, unknown last, ties by quote mint (stable pages). */
function sortRows<T extends LaunchIntelRow>(rows: T[], sort: IntelSort): T[] {
  const v = SORT_VALUE[sort];
  return [...rows].sort((a, b) => {
    const x = v(a);
    const y = v(b);
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return y - x;
    return a.quote_mint < b.quote_mint ? -1 : a.quote_mint > b.quote_mint ? 1 : 0;
  });
}

/**
 * A reward coin, for launch intel, is one launched with the transfer-fee extension (reward mode), whatever
 * became of it: zero-rate and unadopted launches are failed reward launches and count against survival and
 * paying share. A coin without the extension is a standard launch and tells nothing about reward demand.
 */
const isRewardLaunch = (c: RewardCoin) => c.reward_mechanism !== null;

interface IntelInput { category?: QuoteCategory; min_coins?: number; sort?: IntelSort; limit?: number }

async function launchIntelAnswer(input: IntelInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const nowMs = now.getTime();
  const minCoins = input.min_coins ?? MIN_COINS_DEFAULT;
  const sort = input.sort ?? SORT_DEFAULT;
  const { coins, caveats } = await indexedRewardCoins(ctx);
  const considered = coins.filter((c) => isRewardLaunch(c) && (input.category === undefined || c.quote_category === input.category));
  const byQuote = new Map<string, RewardCoin[]>();
  for (const c of considered) byQuote.set(c.quote_mint, [...(byQuote.get(c.quote_mint) ?? []), c]);
  const rows = [...byQuote.values()]
    .filter((cs) => cs.length >= minCoins)
    .map((cs) => ({ ...demandScore(cs[0]!, cs, nowMs), quote_category: cs[0]!.quote_category }));
  const sorted = sortRows(rows, sort);
  return {
    data: {
      rows: sorted.slice(0, input.limit ?? LIMIT_DEFAULT).map((r, i) => ({ rank: i + 1, ...r })),
      overview: launchIntelOverview(considered, rows, nowMs),
      quotes: rows.length,
      sort,
      as_of: now.toISOString(),
    },
    caveats,
  };
}

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'n/a');

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function launchIntelBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launch intel: ${d.rows.length} of ${d.quotes} quotes by ${d.sort}`];
  for (const r of d.rows as Data[]) {
    lines.push(`- #${r.rank} ${r.quote_symbol} (${r.quote_category}): demand **${r.demand_score}/100**${r.is_new ? ' (new: capped at 80)' : ''}; ` +
      `${r.coins} coins, ${r.launches_7d} launches in 7 d, trading ${pct(r.trading_today_pct)}, paying ${pct(r.paying_today_pct)}, ` +
      `survival ${pct(r.survival_pct)}, crowding ${r.crowding} (−${r.crowding_penalty})`);
  }
  const o = d.overview as Data;
  lines.push(`- Overall: ${o.coins} reward coins, survival ${pct(o.survival_pct)}; 100 bps paying ${pct(o.tax_levels.bps_100.paying_pct)}, 300 bps paying ${pct(o.tax_levels.bps_300.paying_pct)}`);
  for (const rec of o.recommendations as string[]) lines.push(`- Recommendation: ${rec}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-launch-intel',
  family: 'launchpad',
  price: '0.02',
  summary: 'Which quote asset to launch against: demand, survival, crowding and tax mix per quote',
  description:
    'Per quote asset with at least min_coins reward coins (launched with a transfer fee): coins, launches in 24h ' +
    'and 7d, share trading and paying today, survival (coins older than 3 days that still trade), volume, median ' +
    'holders and market cap, tax mix 100 vs 300 bps with trading and paying rates, crowding (7d launches per coin ' +
    'trading today), a demand score 0 to 100 with its factors (traded share 40 + survival 40 + paying share 20 ' +
    'minus a crowding penalty; quotes with no coin past day 3 are flagged is_new and capped at 80); plus overall ' +
    'survival and tax-level stats and recommendations. Sorted highest first (unknown last, ties by quote mint). ' +
    'Read from the 10-minute coin index (caveat index_stale once it is 30 minutes old).',
  input: Type.Object(
    {
      category: Type.Optional(LaunchCategory({ description: 'Only quotes of this category' })),
      min_coins: withDefault(Type.Integer({ minimum: 1, description: 'Only quotes with at least this many reward coins' }), 5),
      sort: withDefault(StringEnum(SORTS, { description: 'Sort key' }), 'demand'),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 100, description: 'Maximum results' }), 20),
    },
    { additionalProperties: false },
  ),
  output: LaunchIntelSchema,
  cacheTtlSeconds: 600,
  example: { min_coins: 5, sort: 'demand', limit: 20 },
  handler: (input, ctx) => launchIntelAnswer(input, ctx),
  briefing: launchIntelBriefing,
});
