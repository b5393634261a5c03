/**
 * Output schema (`data` fields) of gacha-ev-scan: the card-pack scan of src/analytics/discovery/pack-ev.ts
 * as it is, plus the filters applied and the moment read. Units: money `*_usd` in USD per pull (cents),
 * `*_pct` 0–100 (edges 2 decimals, odds 4 decimals). See docs/gacha.md for every formula.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Verdict = Type.String({
  enum: ['POSITIVE_EV', 'HOUSE_EDGE', 'NEGATIVE_EV'],
  description: 'From the exit\'s edge: > 0 POSITIVE_EV; −15 ≤ edge ≤ 0 HOUSE_EDGE; < −15 NEGATIVE_EV',
});
const ExitPath = Type.String({ enum: ['buyback', 'marketplace'] });
const Usd = (description: string) => Nullable(Type.Number({ description: `${description} (USD per pull, cents; null when the machine is not available)` }));
const Edge = () => Nullable(Type.Number({ description: '(exit value − price) ÷ price × 100, 2 decimals; null when the machine is not available' }));

const Tier = Open({
  rarity: Type.String({ enum: ['common', 'uncommon', 'rare', 'epic', 'legendary'] }),
  odds_pct: Type.Number({ description: 'Advertised odds, percent (4 decimals)' }),
  effective_odds_pct: Type.Number({ description: 'Odds after dropping tiers without stock and renormalizing, percent (4 decimals); 0 for an empty tier' }),
  stock: Type.Integer({ minimum: 0, description: 'Cards of the tier left in the machine' }),
  avg_insured_value_usd: Type.Number({ description: 'Mean insured value of the tier\'s cards' }),
  ev_contribution_usd: Type.Number({ description: 'Effective odds × average insured value (USD per pull)' }),
}, 'One rarity tier');

const Machine = Open({
  rank: Type.Integer({ minimum: 1, description: 'By the verdict exit\'s edge, highest first; unavailable machines last; ties by code' }),
  code: Type.String(),
  name: Type.String(),
  franchise: Type.String(),
  price_usd: Type.Number({ description: 'Price of one pull, as listed' }),
  available: Type.Boolean({ description: 'False when no tier with odds > 0 has stock: nothing can be pulled, no EV and no verdict' }),
  gross_ev_usd: Usd('Gross insured EV of one pull = Σ effective odds × average insured value'),
  gross_return_pct: Nullable(Type.Number({ description: 'Gross EV ÷ price × 100' })),
  exits: Open({
    buyback: Open({
      value_usd: Usd('Gross EV × the buyback rate applied'),
      edge_pct: Edge(),
      verdict: Nullable(Verdict),
      rate_pct: Type.Number({ description: 'The buyback rate applied: the advertised one clamped into 85–93 % of insured value' }),
      advertised_rate_pct: Type.Number({ description: 'The rate the machine advertises' }),
      rate_clamped: Type.Boolean(),
      cash_exit_within_hours: Type.Number({ description: 'The buyback is taken within this many hours of the pull (72)' }),
      guaranteed: Type.Boolean({ description: 'Always true: the machine buys back at this rate' }),
    }, 'Instant buyback: the guaranteed cash floor'),
    marketplace: Open({
      value_usd: Usd('Gross EV × (1 − the 2 % marketplace fee)'),
      edge_pct: Edge(),
      verdict: Nullable(Verdict),
      fee_pct: Type.Number({ description: 'Marketplace fee, percent of the sale (2)' }),
      may_not_fill: Type.Boolean({ description: 'Always true: a listing at insured value may not sell, or only lower' }),
    }, 'Marketplace sale at insured value less the fee'),
  }),
  verdict_exit: Nullable(ExitPath),
  verdict: Nullable(Verdict),
  edge_pct: Nullable(Type.Number({ description: 'The verdict exit\'s edge: what ranking and min_edge_pct use' })),
  rare_epic_stock_share_pct: Nullable(Type.Number({ description: '(rare + epic stock) ÷ total stock × 100; null when the machine is empty' })),
  total_stock: Type.Integer({ minimum: 0 }),
  odds_renormalized: Type.Boolean({ description: 'The effective odds differ from the advertised ones (an empty tier, or odds not summing to 1)' }),
  depleted_tiers: Type.Array(Type.String(), { description: 'Tiers with odds > 0 and no stock' }),
  tiers: Type.Array(Tier),
}, 'One machine');

export const GachaEvScanSchema = Type.Object({
  exit_strategy: Type.String({ enum: ['buyback', 'marketplace', 'both'], description: 'The exit the verdicts and ranking are read from (both: the better edge per machine, a tie to the buyback)' }),
  filters: Open({
    machine: Nullable(Type.String()),
    franchise: Type.String({ enum: ['pokemon', 'onepiece', 'all'] }),
    min_edge_pct: Nullable(Type.Number()),
  }, 'The filters applied'),
  machines: Type.Array(Machine, { description: 'Ranked best edge first' }),
  scanned: Type.Integer({ description: 'Machines the card-pack source lists' }),
  matched: Type.Integer({ description: 'Machines left after the machine and franchise filters' }),
  below_min_edge: Type.Integer({ description: 'Machines min_edge_pct removed' }),
  machine_found: Nullable(Type.Boolean({ description: 'With `machine`: whether the source lists it (an unknown code is a 404, so true here); null without it' })),
  verdict_counts: Open({
    POSITIVE_EV: Type.Integer(),
    HOUSE_EDGE: Type.Integer(),
    NEGATIVE_EV: Type.Integer(),
    unavailable: Type.Integer(),
  }, 'Verdicts among the machines returned'),
  thresholds: Open({
    buyback_rate_min_pct: Type.Number(),
    buyback_rate_max_pct: Type.Number(),
    buyback_cash_exit_hours: Type.Number(),
    marketplace_fee_pct: Type.Number(),
    positive_ev_above_edge_pct: Type.Number(),
    house_edge_min_edge_pct: Type.Number(),
  }),
  as_of: Type.String({ description: 'The moment the machines were read (ISO 8601 UTC)' }),
}, { additionalProperties: false });
