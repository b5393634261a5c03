/**
 * Output schema (`data` fields) of gacha-ev-scan: the card-pack scan of src/analytics/discovery/pack-ev.ts
 * as it is, plus the filters applied, the catalog entries skipped as malformed and the moment read. Units:
 * money `*_usd` in USD per pull (cents) unless said per card, `*_pct` 0–100 (edges 2 decimals, odds 4
 * decimals). See docs/gacha.md for every formula and for which catalog field each number comes from.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Verdict = Type.String({
  enum: ['POSITIVE_EV', 'HOUSE_EDGE', 'NEGATIVE_EV'],
  description: 'From the exit\'s edge: > 0 POSITIVE_EV; −15 ≤ edge ≤ 0 HOUSE_EDGE; < −15 NEGATIVE_EV',
});
const Usd = (description: string) => Nullable(Type.Number({ description: `${description} (USD per pull, cents; null when the machine is not available)` }));
const Edge = () => Nullable(Type.Number({ description: '(exit value − price) ÷ price × 100, 2 decimals; null when the machine is not available or its price is 0' }));

const Tier = Open({
  rarity: Type.String({ description: 'The tier as the catalog names it (common, uncommon, rare, epic; others as listed)' }),
  odds_pct: Type.Number({ description: 'Advertised odds (catalog `odds`), percent (4 decimals)' }),
  effective_odds_pct: Type.Number({ description: 'Odds after dropping tiers without stock and renormalizing, percent (4 decimals); 0 for an empty tier' }),
  stock: Type.Integer({ minimum: 0, description: 'Cards of the tier left in the machine (catalog `stock`)' }),
  value_range_usd: Open({
    start: Type.Number(),
    end: Type.Number(),
  }, 'The tier\'s insured-value range per card as listed (catalog `tierRanges`)'),
  assumed_card_value_usd: Type.Number({ description: 'The value one card of the tier is assumed to have: the midpoint (start + end) ÷ 2' }),
  value_assumption: Type.String({ description: 'The assumption in words, e.g. "midpoint of 20–40 USD"' }),
  buyback_per_card_usd: Type.Number({ description: 'min(instant buyback rate × assumed value, the 40,000 USD per-card cap)' }),
  buyback_capped: Type.Boolean({ description: 'The per-card cap applies to this tier' }),
  ev_contribution_usd: Type.Number({ description: 'Cards per pull × effective odds × assumed value (USD per pull)' }),
  buyback_contribution_usd: Type.Number({ description: 'Cards per pull × effective odds × buyback per card (USD per pull)' }),
}, 'One rarity tier');

const Machine = Open({
  rank: Type.Integer({ minimum: 1, description: 'By the verdict exit\'s edge, highest first; machines without an edge last; ties by code' }),
  code: Type.String({ description: 'The machine code (catalog `code`)' }),
  name: Type.String(),
  short_name: Nullable(Type.String({ description: 'Catalog `shortName`' })),
  franchise: Type.String({ enum: ['pokemon', 'onepiece', 'other'], description: 'Derived (no catalog field): the code\'s first segment, else the name; other matches only franchise all' }),
  franchise_from: Nullable(Type.String({ enum: ['code', 'name'], description: 'Where the franchise was read; null for other' })),
  hidden: Type.Boolean({ description: 'The platform hides the machine (catalog `public: false`); only answered when asked for by code' }),
  price_usd: Type.Number({ description: 'Price of one pull (catalog `price`), as listed' }),
  priced: Type.Boolean({ description: 'False when the price is 0: no edge and no verdict' }),
  cards_per_pull: Type.Integer({ minimum: 1, description: 'Cards one pull hands out (catalog `contains`)' }),
  available: Type.Boolean({ description: 'False when no tier with odds > 0 has stock: nothing can be pulled, no EV and no verdict' }),
  gross_ev_usd: Usd('Gross insured EV of one pull = cards per pull × Σ effective odds × assumed card value'),
  gross_return_pct: Nullable(Type.Number({ description: 'Gross EV ÷ price × 100 (null when not available or unpriced)' })),
  platform_ev_usd: Nullable(Type.Number({ description: 'The platform\'s own expected insured value per pull (catalog `ev`), as listed' })),
  platform_target_ev_usd: Nullable(Type.Number({ description: 'The platform\'s design EV per pull (catalog `targetEv`), as listed' })),
  ev_gap_usd: Nullable(Type.Number({ description: 'Our gross EV − the platform\'s EV' })),
  ev_gap_pct: Nullable(Type.Number({ description: 'That gap ÷ the platform\'s EV × 100' })),
  ev_gap_flagged: Type.Boolean({ description: '|ev_gap_pct| > 10: the midpoint assumption and the platform\'s figure disagree' }),
  exits: Open({
    buyback: Open({
      value_usd: Usd('Gross EV × the buyback rate − the cap reduction'),
      edge_pct: Edge(),
      verdict: Nullable(Verdict),
      rate_pct: Type.Number({ description: 'The instant buyback rate (catalog `instantBuyback`), percent of insured value, used as listed' }),
      rate_in_stated_range: Type.Boolean({ description: 'The rate is within the 85–93 % the platform states' }),
      cap_usd_per_card: Type.Number({ description: 'The most the instant buyback pays for one card (40,000 USD)' }),
      cap_reduction_usd: Usd('What the per-card cap takes off gross EV × rate (0 when no tier reaches it)'),
      capped_tiers: Type.Array(Type.String(), { description: 'Tiers whose assumed card value pays more than the cap at this rate' }),
      cash_exit_within_hours: Type.Number({ description: 'The buyback is taken within this many hours of the pull (72)' }),
      guaranteed: Type.Boolean({ description: 'Always true: the machine buys back at this rate' }),
    }, 'Instant buyback: the guaranteed cash floor'),
    marketplace: Open({
      value_usd: Usd('Gross EV × (1 − the 2 % marketplace fee)'),
      edge_pct: Edge(),
      verdict: Nullable(Verdict),
      fee_pct: Type.Number({ description: 'Marketplace fee, percent of the sale (2)' }),
      may_not_fill: Type.Boolean({ description: 'Always true: a listing at insured value may not sell, or only lower' }),
      upside_over_buyback_usd: Usd('Marketplace value − buyback value: what a sale at insured value would add over the certain exit'),
      breakeven_sale_pct_of_insured: Nullable(Type.Number({ description: 'What it would take: the percent of insured value sales must fetch (before the fee) for the pull to break even = price ÷ value_usd × 100, 2 decimals; above 100 means only a sale above insured value breaks even; null when not available, unpriced or worth 0' })),
    }, 'Marketplace sale at insured value less the fee: upside beside the buyback, never the verdict of exit_strategy both'),
  }),
  verdict_exit: Nullable(Type.String({ enum: ['buyback', 'marketplace'], description: 'The exit the verdict rests on: buyback (the certain exit) for exit_strategy buyback and both; marketplace only when asked for' })),
  verdict: Nullable(Verdict),
  edge_pct: Nullable(Type.Number({ description: 'The verdict exit\'s edge: what ranking and min_edge_pct use' })),
  rare_epic_stock_share_pct: Nullable(Type.Number({ description: '(rare + epic stock) ÷ total stock × 100; null when the machine is empty' })),
  total_stock: Type.Integer({ minimum: 0, description: 'Σ catalog `stock` over every tier' }),
  advertised_odds_sum_pct: Type.Number({ description: 'Σ advertised odds, percent (4 decimals): 100 when they sum to 1' }),
  odds_sum_off: Type.Boolean({ description: 'The advertised odds do not sum to 1 (they are renormalized)' }),
  odds_renormalized: Type.Boolean({ description: 'The effective odds differ from the advertised ones (an empty tier, or odds not summing to 1)' }),
  depleted_tiers: Type.Array(Type.String(), { description: 'Tiers with odds > 0 and no stock' }),
  tiers: Type.Array(Tier, { description: 'The tiers of catalog `odds`, common → epic, others after' }),
}, 'One machine');

const Skipped = Open({
  index: Type.Integer({ minimum: 0, description: 'Position in the catalog\'s list (0-based)' }),
  code: Nullable(Type.String({ description: 'Its code when readable' })),
  reason: Type.String({ description: 'What did not match: a JSON pointer from the list and the rule' }),
}, 'A catalog entry left out because it does not match the format');

export const GachaEvScanSchema = Type.Object({
  exit_strategy: Type.String({ enum: ['buyback', 'marketplace', 'both'], description: 'buyback and both: verdicts and ranking rest on the instant buyback (certain cash; both reports the marketplace beside it as upside); marketplace: read from the marketplace sale (may not fill)' }),
  filters: Open({
    machine: Nullable(Type.String()),
    franchise: Type.String({ enum: ['pokemon', 'onepiece', 'all'] }),
    min_edge_pct: Nullable(Type.Number()),
  }, 'The filters applied'),
  machines: Type.Array(Machine, { description: 'Ranked best edge first' }),
  scanned: Type.Integer({ description: 'Readable machines the catalog lists, hidden ones included' }),
  hidden_excluded: Type.Integer({ description: 'Hidden machines left out (0 when a machine was asked for by code)' }),
  matched: Type.Integer({ description: 'Machines left after the machine, hidden and franchise filters' }),
  below_min_edge: Type.Integer({ description: 'Machines min_edge_pct removed' }),
  machine_found: Nullable(Type.Boolean({ description: 'With `machine`: whether the catalog lists it (an unknown code is a 404, so true here); null without it' })),
  skipped_machines: Type.Array(Skipped, { description: 'Catalog entries skipped as malformed (also counted in the items_skipped caveat)' }),
  verdict_counts: Open({
    POSITIVE_EV: Type.Integer(),
    HOUSE_EDGE: Type.Integer(),
    NEGATIVE_EV: Type.Integer(),
    unavailable: Type.Integer({ description: 'Machines with nothing to pull' }),
    unpriced: Type.Integer({ description: 'Available machines priced 0' }),
  }, 'Verdicts among the machines returned'),
  thresholds: Open({
    value_assumption: Type.String({ enum: ['midpoint'], description: 'How a tier\'s card value is taken from its range' }),
    buyback_stated_min_pct: Type.Number(),
    buyback_stated_max_pct: Type.Number(),
    buyback_cap_usd_per_card: Type.Number(),
    buyback_cash_exit_hours: Type.Number(),
    marketplace_fee_pct: Type.Number(),
    positive_ev_above_edge_pct: Type.Number(),
    house_edge_min_edge_pct: Type.Number(),
    ev_gap_flag_above_pct: Type.Number(),
  }),
  as_of: Type.String({ description: 'The moment the machines were read (ISO 8601 UTC)' }),
}, { additionalProperties: false });
