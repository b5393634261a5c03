/**
 * Output schemas (`data` fields) of the wallet, token and transaction endpoints: what OpenAPI, docs and
 * MCP tools promise. Units (/docs, "Units and conventions"): risk scores 0–1 (4 decimals), `*_pct` 0–100,
 * money `*_usd`, raw amounts as decimal strings, UI amounts as numbers, times ISO 8601 `*_at`. Null means
 * unknown.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../lib/typebox.js';


const Entity = Nullable(Open({ name: Type.String(), kind: Type.String({ enum: ['cex', 'protocol', 'bridge', 'foundation'] }), tags: Type.Array(Type.String()), confidence: Type.String() }, 'Known-entity label, or null'));
const Factor = Open({ name: Type.String(), value: Type.Number(), triggered: Nullable(Type.Boolean()), reason: Type.Optional(Type.String()) });

export const WalletRiskSchema = Open({
  risk_score: Type.Number({ minimum: 0, maximum: 1, description: '0 safe … 1 critical, 4 decimals' }),
  level: Type.String({ enum: ['LOW', 'MODERATE', 'ELEVATED', 'HIGH', 'CRITICAL'] }),
  data_complete: Type.Boolean(),
  unknown_factors: Type.Array(Type.String()),
  max_risk_score: Type.Number({ description: 'The score if every unknown factor applied' }),
  factors: Type.Array(Factor, { description: 'Every factor of the spec table with its increment (0 when not triggered)' }),
});

const NftSummary = Open({
  collected: Type.Integer({ description: 'Uncompressed, not spam-flagged' }),
  airdropped: Type.Integer({ description: 'Compressed, not spam-flagged' }),
  suspected_spam: Type.Integer({ description: 'Compressed assets matching claim bait, an embedded domain or invisible characters (a signal, not a verdict)' }),
  distinct_collections: Type.Integer({ description: 'Named collections among collected holdings only' }),
  collections: Type.Array(Open({
    // Assets without a verified collection (most claim-bait airdrops) are grouped per bucket under null.
    address: Nullable(Type.String({ description: 'Collection address; null groups the assets of this bucket that have no verified collection' })),
    name: Nullable(Type.String()), count: Type.Integer(), bucket: Type.String(),
  })),
}, 'Three buckets summing to nft_count, plus a per-collection list');

const walletLight = {
  address: Type.String(),
  entity: Entity,
  native_balance: Open({ lamports: Nullable(Type.Integer()), sol: Nullable(Type.Number()), usd: Nullable(Type.Number()) }),
  portfolio_value_usd: Type.Number({ description: 'Native balance plus every priced holding (listed or not)' }),
  holdings_count: Type.Integer({ description: 'Every fungible holding read, listed or not' }),
  unpriced_holdings: Type.Integer(),
  holdings: Type.Array(Open({ mint: Type.String(), symbol: Nullable(Type.String()), amount_raw: Type.String(), decimals: Type.Integer(), ui_amount: Type.Number(), price_usd: Nullable(Type.Number()), value_usd: Nullable(Type.Number()), entity: Entity }), { description: 'Most valuable first: the top 20 (light) or 100 (full); caveat holdings_listed_top when some are left out' }),
  nft_count: Type.Integer(),
  nft_summary: NftSummary,
  labels: Type.Array(Type.String(), { description: 'regular_intervals, high_frequency, 24_7_active, repetitive_actions, nft_collector, entity:<kind>' }),
  risk_score: WalletRiskSchema,
  activity: Open({ transactions_analyzed: Nullable(Type.Integer()), first_seen_at: Nullable(Type.String({ format: 'date-time' })), last_active_at: Nullable(Type.String({ format: 'date-time' })) }),
};

export const WalletProfileLightSchema = Open(walletLight, 'Wallet profile (light)');
export const WalletProfileFullSchema = Open({
  ...walletLight,
  defi_positions: Type.Array(Open({ protocol: Type.String(), kind: Type.String(), mint: Type.String(), ui_amount: Type.Number(), value_usd: Nullable(Type.Number()), evidence: Type.String() })),
  connected_wallets: Nullable(Type.Array(Open({ address: Type.String(), interactions: Type.Integer(), entity: Entity, first_at: Type.String(), last_at: Type.String() }))),
  behaviour: Nullable(Open({ signals: Type.Array(Open({ label: Type.String(), triggered: Type.Boolean(), value: Nullable(Type.Number()), threshold: Type.Number() })), labels: Type.Array(Type.String()) })),
  history: Nullable(Type.Array(Open({ signature: Type.String(), block_time_at: Type.String(), type: Type.String(), source: Type.String(), description: Type.String(), status: Type.String() }))),
  suspected_spam_assets: Type.Array(Open({ id: Type.String(), name: Type.String(), spam_reasons: Type.Array(Open({ code: Type.String() })) })),
}, 'Wallet profile (full)');

const RiskFlag = Open({ flag: Type.String(), severity: Type.String({ enum: ['low', 'medium', 'high'] }), kind: Type.String({ enum: ['risk', 'unknown'] }), detail: Type.String() });
const Basis = Open({
  basis: Type.String({ enum: ['raw_supply', 'tradeable_float'] }),
  denominator_ui: Nullable(Type.Number()),
  hhi: Nullable(Type.Number({ description: 'Sum of squared top-20 holder percentages (0–10000)' })),
  band: Type.String({ description: 'well_distributed < 1500 ≤ moderately_concentrated ≤ 2500 < highly_concentrated' }),
  top1_pct: Nullable(Type.Number()),
  top5_pct: Nullable(Type.Number()),
});
const TopHolder = Open({ rank: Type.Integer(), owner: Type.String(), token_account: Type.String(), amount_raw: Type.String(), ui_amount: Type.Number(), kind: Type.String({ enum: ['pool', 'bonding_curve', 'burn', 'exchange', 'other'] }), entity: Entity });

const tokenLight = {
  mint: Type.String(),
  name: Nullable(Type.String()),
  symbol: Nullable(Type.String()),
  decimals: Nullable(Type.Integer()),
  token_program: Nullable(Type.String({ enum: ['spl-token', 'spl-token-2022'] })),
  entity: Entity,
  price: Open({ price_usd: Nullable(Type.Number({ description: 'Median of up to 3 sources' })), sources_used: Type.Array(Open({ source: Type.String(), price: Type.Number() })), spread_pct: Nullable(Type.Number()) }),
  market_cap_usd: Nullable(Type.Number()),
  fdv_usd: Nullable(Type.Number()),
  volume_24h_usd: Nullable(Type.Number()),
  liquidity_usd: Nullable(Type.Number()),
  price_change: Open({ change_1h_pct: Nullable(Type.Number()), change_6h_pct: Nullable(Type.Number()), change_24h_pct: Nullable(Type.Number()) }),
  supply: Nullable(Open({ raw: Type.String(), ui: Nullable(Type.Number()) })),
  authorities: Nullable(Open({ mint_authority: Nullable(Type.String()), freeze_authority: Nullable(Type.String()) })),
  token_2022_extensions: Nullable(Open({}, 'Transfer fee, permanent delegate, transfer hook, non-transferable, default account state, mint close authority')),
  verification: Open({ verified: Nullable(Type.Boolean()), source: Type.String(), tags: Type.Array(Type.String()) }),
  holder_count: Nullable(Open({ value: Type.Integer(), counts: Type.String({ description: 'owners or token_accounts' }), source: Type.String() })),
  slippage: Type.Array(Open({ size_usd: Type.Number(), available: Type.Boolean(), price_impact_pct: Nullable(Type.Number()), effective_price_usd: Nullable(Type.Number()) }), { description: 'At 100, 1K, 10K and 100K USD' }),
  risk_flags: Type.Array(RiskFlag),
  top_holders: Type.Optional(Nullable(Type.Array(TopHolder))),
};

export const TokenAnalysisLightSchema = Open(tokenLight, 'Token analysis (light)');
export const TokenAnalysisFullSchema = Open({
  ...tokenLight,
  top_holders: Nullable(Type.Array(TopHolder)),
  concentration: Nullable(Open({ counted_by: Type.String(), raw_supply: Basis, tradeable_float: Basis })),
  volatility: Open({ daily_std_pct: Nullable(Type.Number()), level: Type.String({ enum: ['LOW', 'MODERATE', 'HIGH', 'EXTREME', 'UNKNOWN'] }), method: Type.String() }),
}, 'Token analysis (full)');

export const TransactionParseSchema = Open({
  signature: Type.String(),
  block_time_at: Nullable(Type.String({ format: 'date-time' })),
  type: Type.String({ description: 'SWAP, TRANSFER, NFT_SALE, NFT_MINT, STAKE, … UNKNOWN' }),
  status: Type.String({ enum: ['success', 'failed'] }),
  error: Nullable(Type.String()),
  protocol: Nullable(Open({ name: Type.String(), program_id: Type.String() })),
  programs: Type.Array(Open({ program_id: Type.String(), name: Nullable(Type.String()) })),
  transfers: Type.Array(Open({ kind: Type.String({ enum: ['native', 'token'] }), from: Type.String(), to: Type.String(), mint: Type.Optional(Type.String()), ui_amount: Type.Number() })),
  account_roles: Type.Array(Open({ address: Type.String(), roles: Type.Array(Type.String()), entity: Entity })),
  description: Type.String(),
  fee_lamports: Type.Number(),
}, 'Transaction parse');
