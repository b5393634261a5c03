/**
 * Output schemas (`data` fields) of batch-enrich, compare-tokens and compare-wallets. Units (/docs, "Units
 * and conventions"): scores 0–1 (4 decimals), `*_pct` 0–100, money `*_usd`, times ISO `*_at`; null = unknown.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import {
  TokenAnalysisFullSchema, TokenAnalysisLightSchema, WalletProfileFullSchema, WalletProfileLightSchema, WalletRiskSchema,
} from '../../shared/wallet-token-schemas.js';


const Caveat = Open({ code: Type.String(), leg: Type.Optional(Type.String()), message: Type.String() });
const MemberError = Open({
  code: Type.String({ description: 'A stable error code (docs/errors.md): not_found, upstream_unavailable, upstream_timeout, internal' }),
  message: Type.String(),
  retryable: Type.Boolean({ description: 'Whether asking again for this address may succeed' }),
}, 'Why this address has no answer');
const Failed = (key: string) => Open({ [key]: Type.String(), ok: Type.Literal(false), error: MemberError }, 'A member that failed');

// ---------------------------------------------------------------------------------------------
// batch-enrich

export const BatchEnrichSchema = Open({
  type: Type.String({ enum: ['wallet', 'token'] }),
  depth: Type.String({ enum: ['light', 'full'] }),
  item_endpoint: Type.String({ description: 'The single endpoint whose `data` each successful item equals (enrich-wallet-light, enrich-wallet-full, enrich-token-light, enrich-token-full)' }),
  summary: Open({
    requested: Type.Integer({ description: 'Addresses sent' }),
    unique: Type.Integer({ description: 'Distinct addresses (duplicates are answered once)' }),
    duplicates_ignored: Type.Integer(),
    ok: Type.Integer(),
    failed: Type.Integer(),
    degraded: Type.Integer({ description: 'Successful items answered with a degraded data source (see their caveats)' }),
    errors_by_code: Type.Record(Type.String(), Type.Integer(), { description: 'Failed items per error code' }),
    concurrency: Type.Integer({ description: 'Items enriched at once' }),
  }),
  items: Type.Array(
    Type.Union([
      Open({
        address: Type.String(),
        ok: Type.Literal(true),
        data: Type.Union([WalletProfileLightSchema, WalletProfileFullSchema, TokenAnalysisLightSchema, TokenAnalysisFullSchema], { description: 'The data of item_endpoint for this address' }),
        caveats: Type.Array(Caveat, { description: "This item's own caveats (degraded legs, partial data)" }),
      }, 'A successful item'),
      Failed('address'),
    ]),
    { description: 'One item per distinct address, in the order of first appearance' },
  ),
}, 'Batch enrichment');

// ---------------------------------------------------------------------------------------------
// Rankings and picks (both comparisons)

const Ranking = Open({
  first: Type.String({ enum: ['highest', 'lowest'], description: 'Which end ranks first' }),
  meaning: Type.String(),
  entries: Type.Array(Open({
    address: Type.String(),
    value: Nullable(Type.Number()),
    rank: Nullable(Type.Integer({ description: '1 = first; tied values share a rank (1, 1, 3); null = unknown, listed last' })),
    tied: Type.Boolean(),
  })),
  leaders: Type.Array(Type.String(), { description: 'Addresses ranked 1 (several when tied, none when all unknown)' }),
  unknown: Type.Array(Type.String(), { description: 'Addresses whose value is unknown (not ranked)' }),
});
const Pick = Open({
  address: Nullable(Type.String({ description: 'null when the top is tied or every value is unknown' })),
  tied_with: Type.Array(Type.String(), { description: 'The addresses tied for first, when there is no single pick' }),
  value: Nullable(Type.Number()),
  reason: Type.String(),
});

// ---------------------------------------------------------------------------------------------
// compare-tokens

const TokenRisk = Open({
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Token risk score, 4 decimals' }),
  verdict: Type.String({ enum: ['SAFE', 'CAUTION', 'RISKY'] }),
  factors: Type.Array(Open({ name: Type.String(), value: Type.Number({ description: 'Increment added' }), detail: Type.String() })),
  unknown_factors: Type.Array(Type.String({ description: 'Always includes whale_distribution (not read by compare-tokens)' })),
  is_lower_bound: Type.Boolean(),
  capped: Type.Boolean(),
  comparable: Type.Boolean({ description: 'false when a factor other than whale_distribution is unknown: the score then ranks as unknown' }),
});
const TokenColumn = Open({
  address: Type.String({ description: 'Mint' }),
  ok: Type.Literal(true),
  name: Nullable(Type.String()),
  symbol: Nullable(Type.String()),
  verified: Nullable(Type.Boolean()),
  price_usd: Nullable(Type.Number({ description: 'Median of up to 3 sources' })),
  liquidity_usd: Nullable(Type.Number()),
  volume_24h_usd: Nullable(Type.Number()),
  market_cap_usd: Nullable(Type.Number()),
  volatility: Open({ level: Type.String({ enum: ['LOW', 'MODERATE', 'HIGH', 'EXTREME', 'UNKNOWN'] }), daily_std_pct: Nullable(Type.Number()) }),
  concentration: Nullable(Open({
    hhi_raw_supply: Nullable(Type.Number({ description: 'Sum of squared top-20 holder percentages of total supply (0–10000)' })),
    band_raw_supply: Type.String(),
    hhi_tradeable_float: Nullable(Type.Number({ description: 'The same on the float: pools, bonding curves, burn and exchange wallets excluded' })),
    band_tradeable_float: Type.String(),
    top1_pct: Nullable(Type.Number()),
    top5_pct: Nullable(Type.Number()),
  }, 'null when the holders could not be read')),
  risk: TokenRisk,
  risk_flags: Type.Array(Type.String(), { description: 'Risk flags raised (kind risk)' }),
  caveats: Type.Array(Caveat, { description: "This token's own caveats" }),
}, 'One compared token');

export const CompareTokensSchema = Open({
  mints: Type.Array(Type.String()),
  tokens: Type.Array(Type.Union([TokenColumn, Failed('address')]), { description: 'One column per mint, in input order' }),
  rankings: Open({
    risk_score: Ranking, liquidity_usd: Ranking, volume_24h_usd: Ranking, market_cap_usd: Ranking,
    volatility_daily_std_pct: Ranking, hhi_raw_supply: Ranking, hhi_tradeable_float: Ranking,
  }, 'Per metric; price is shown but not ranked'),
  picks: Open({
    safest: Pick,
    most_liquid: Pick,
    least_concentrated: Pick,
    least_volatile: Pick,
    overall: Pick,
  }, 'overall: best verdict first, then the best mean rank over risk, liquidity, float HHI and volatility (unknown = last place); value = that mean rank'),
}, 'Token comparison');

// ---------------------------------------------------------------------------------------------
// compare-wallets

const WalletColumn = Open({
  address: Type.String(),
  ok: Type.Literal(true),
  entity: Nullable(Open({ name: Type.String(), kind: Type.String() })),
  portfolio_value_usd: Type.Number({ description: 'Native balance plus priced holdings (unpriced holdings count 0)' }),
  native_balance: Open({ sol: Nullable(Type.Number()), usd: Nullable(Type.Number()) }),
  token_count: Type.Integer({ description: 'Fungible token holdings' }),
  unpriced_holdings: Type.Integer(),
  nft_count: Type.Integer(),
  activity: Open({
    transactions_seen: Nullable(Type.Integer({ description: 'Transactions in the history read (up to 100 most recent); null = history unavailable' })),
    span_days: Nullable(Type.Number({ description: 'Days between the oldest and newest transaction read' })),
    tx_per_day: Nullable(Type.Number({ description: '(transactions − 1) / span_days; null with fewer than 2 or no history' })),
    first_seen_at: Nullable(Type.String({ format: 'date-time' })),
    last_active_at: Nullable(Type.String({ format: 'date-time' })),
  }),
  risk: Open({ ...WalletRiskSchema.properties, comparable: Type.Boolean({ description: 'false when risk data is incomplete: the score then ranks as unknown' }) }, 'The wallet risk score of the profile'),
  labels: Type.Array(Type.String()),
  top_holdings: Type.Array(Open({
    mint: Type.String(), symbol: Nullable(Type.String()), ui_amount: Type.Number(), value_usd: Nullable(Type.Number()),
    share_pct: Nullable(Type.Number({ description: 'Share of the portfolio value' })),
  }), { description: 'The 5 largest holdings by value' }),
  caveats: Type.Array(Caveat, { description: "This wallet's own caveats" }),
}, 'One compared wallet');

export const CompareWalletsSchema = Open({
  addresses: Type.Array(Type.String()),
  depth: Type.String({ enum: ['light', 'full'] }),
  wallets: Type.Array(Type.Union([WalletColumn, Failed('address')]), { description: 'One column per address, in input order' }),
  rankings: Open({
    risk_score: Ranking, portfolio_value_usd: Ranking, native_balance_sol: Ranking, token_count: Ranking, nft_count: Ranking, tx_per_day: Ranking,
  }),
  picks: Open({ lowest_risk: Pick, largest_portfolio: Pick, most_active: Pick }),
}, 'Wallet comparison');
