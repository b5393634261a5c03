/**
 * Output schemas (`data` fields) of smart-money-flow and smart-money-trenches. Units (docs/discovery.md, introduction): win rates
 * and scores 0–1 (4 decimals) with `*_pct` 0–100 beside them, money `*_usd` (2 decimals), times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Skipped = Type.Array(Open({ address: Type.String(), reason: Type.String() }), { description: 'Seed wallets whose history could not be read (also in a leg_degraded caveat)' });

const SeedSource = Type.String({
  enum: ['request', 'operator', 'default', 'derived'],
  description: 'request = the wallets given; operator = SMART_MONEY_WALLETS; default = the curated built-in list (sandbox mode: the cast); ' +
    'derived = live mode without an operator list: recent traders of the most-traded feed tokens, found at call time (see the derivation)',
});

/** How a derived seed was found (smart-money-derived-seed.ts); null for every other seed source. */
const SeedDerivationSchema = Nullable(Open({
  method: Type.String({ enum: ['recent_traders_of_most_traded_feed_tokens'] }),
  derived_at: Type.String({ description: 'When the pools were read (a derived seed is reused for 15 minutes)' }),
  feed_tokens: Type.Integer({ description: 'Tokens on the market-data source\'s latest-profile and top-boost feeds' }),
  tokens_with_pair: Type.Integer({ description: 'Of those, tokens with a Solana pair as base token' }),
  pools: Type.Array(Open({
    mint: Type.String(),
    symbol: Nullable(Type.String()),
    pair_address: Type.String({ description: 'The token\'s deepest pair, whose recent transactions were read' }),
    dex: Type.String(),
    volume_h24_usd: Nullable(Type.Number()),
    transactions_read: Nullable(Type.Integer({ description: 'null: the pool\'s history could not be read (caveat)' })),
    traders: Type.Integer({ description: 'Distinct fee payers of swaps of the token in the sample, before the screen' }),
  }), { description: 'The sampled pools: the feed tokens\' deepest pairs with the largest 24 h volume (at most 10)' }),
  traders_seen: Type.Integer({ description: 'Distinct traders over the pools' }),
  excluded: Open({
    known_entities: Type.Integer({ description: 'Exchanges, protocols and other labelled entities' }),
    automated: Type.Integer({ description: 'Two swaps of one pool in one slot, or more than 4 within 10 minutes' }),
  }),
  kept: Type.Integer({ description: 'Wallets in the seed (at most 20): most pools traded, then most swaps, then latest swap' }),
}, 'How the seed was derived'));

const WalletStatus = Type.String({
  enum: ['winner', 'below_win_rate', 'insufficient_trades'],
  description: 'winner = at least min_closed_trades closed trades and win rate ≥ min_win_rate; insufficient_trades = fewer closed trades (win rate null)',
});

const SmartWalletSchema = Open({
  address: Type.String(),
  status: WalletStatus,
  qualifies: Type.Boolean(),
  win_rate: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'wins ÷ closed trades, 4 decimals (the value compared with min_win_rate); null below min_closed_trades' })),
  win_rate_pct: Nullable(Type.Number({ description: 'The same in percent, 2 decimals' })),
  closed_trades: Type.Integer({ description: 'Closing sells with a cost basis in the window (FIFO, copy-trade-signals\' definition)' }),
  wins: Type.Integer(),
  losses: Type.Integer(),
  realized_pnl_usd: Type.Number({ description: 'Σ (proceeds − FIFO cost) of the closed trades, USD at trade time' }),
  return_on_cost_pct: Nullable(Type.Number()),
  performance: Type.String({ enum: ['profitable', 'losing', 'mixed', 'insufficient_data'] }),
  buys: Type.Integer({ description: 'Valued buys in the window' }),
  sells: Type.Integer({ description: 'Valued sells in the window' }),
  transactions_read: Type.Integer(),
  history_complete: Type.Boolean({ description: 'False when the page cap stopped reading before the window start' }),
}, 'A seed wallet\'s trades over the lookback (copy-trade pipeline)');

const WalletAccumulation = Open({
  wallet: Type.String(),
  net_usd: Type.Number({ description: 'Bought USD − sold USD of this token in the window' }),
  bought_usd: Type.Number(),
  sold_usd: Type.Number(),
  net_amount_ui: Type.Number({ description: 'Bought − sold amount (token units)' }),
  buys: Type.Integer(),
  sells: Type.Integer(),
  last_buy_at: Nullable(Type.String()),
});

const AccumulatedTokenSchema = Open({
  mint: Type.String(),
  wallets: Type.Integer({ description: 'Winners accumulating it: net amount > 0 and net USD > 0 over the lookback' }),
  net_usd: Type.Number({ description: 'Σ over those winners of bought USD − sold USD (trade-time USD)' }),
  bought_usd: Type.Number(),
  sold_usd: Type.Number(),
  buys: Type.Integer(),
  sells: Type.Integer(),
  last_buy_at: Nullable(Type.String()),
  by_wallet: Type.Array(WalletAccumulation, { description: 'The accumulating winners, largest net USD first' }),
}, 'A token the winners accumulate');

const Factor = Open({ name: Type.String(), value: Type.Number(), weight: Type.Optional(Type.Number()) });

const Cluster = Open({
  id: Type.String(),
  kind: Type.String({ enum: ['shared_funder', 'synchronized_activity', 'circular_flow'] }),
  members: Type.Array(Type.String()),
  winners: Type.Array(Type.String(), { description: 'Members that are qualifying winners (2 or more: likely one operator, not independent winners)' }),
  other_members: Type.Array(Type.String(), { description: 'Members outside the winners (a funder, a go-between, another seed wallet)' }),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  confidence: Type.String({ enum: ['low', 'medium', 'high'] }),
  factors: Type.Array(Factor),
  evidence: Type.Array(Type.Unknown(), { description: 'The transactions that show it (at most 5), as in wallet-graph' }),
}, 'A wallet cluster with at least one winner (wallet-graph\'s detection: docs/wallet-graph.md)');

export const SmartMoneyFlowSchema = Open({
  lookback_days: Type.Integer(),
  window: Open({ from_at: Type.String(), to_at: Type.String() }),
  criteria: Open({ min_win_rate: Type.Number(), min_closed_trades: Type.Integer({ description: 'Closed trades a wallet needs to qualify (5)' }) }),
  seed: Open({ source: SeedSource, wallets: Type.Integer(), read: Type.Integer(), skipped: Skipped, derivation: SeedDerivationSchema }),
  summary: Open({
    wallets_read: Type.Integer(),
    qualifying: Type.Integer(),
    tokens_accumulated: Type.Integer({ description: 'Tokens at least one winner accumulates (before top_n_tokens)' }),
    clusters: Nullable(Type.Integer({ description: 'null without include_graph' })),
    sol_prices: Type.String({ enum: ['ok', 'failed', 'not_needed'], description: 'failed = SOL-quoted trades excluded (caveat)' }),
  }),
  winners: Type.Array(Type.String(), { description: 'Qualifying wallets, highest win rate first' }),
  wallets: Type.Array(SmartWalletSchema, { description: 'Every seed wallet read: winners first (win rate descending), then the rest' }),
  accumulated_tokens: Type.Array(AccumulatedTokenSchema, { description: 'Ranked by accumulating winners, then net USD, then latest buy; at most top_n_tokens' }),
  graph: Open({
    included: Type.Boolean(),
    clusters: Nullable(Type.Array(Cluster)),
    candidates: Nullable(Type.Integer({ description: 'Wallets that could be members: the winners and the plain wallets they moved value with directly' })),
    transactions_analyzed: Nullable(Type.Integer()),
  }, 'Wallet clusters among the winners (include_graph); all null when not included'),
});

const Buyer = Open({
  wallet: Type.String(),
  win_rate: Nullable(Type.Number({ description: 'Its 14-day win rate (0–1)' })),
  buys: Type.Integer({ description: 'Its buys of the token in the window' }),
  bought_usd: Nullable(Type.Number({ description: 'USD at trade time; null when a buy could not be valued' })),
  first_buy_at: Type.String(),
  last_buy_at: Type.String(),
  age_hours: Type.Number({ description: 'Hours since its latest buy (4 decimals)' }),
  recency: Type.Number({ description: '1 − age ÷ hours_back (4 decimals)' }),
  sold_since: Type.Boolean({ description: 'It sold some of the token after its first buy in the window (part or all)' }),
  holding: Type.Boolean({ description: 'It still holds the token now; false = it sold out since (exited): listed, but adds nothing to the score, the count or the rank' }),
  exited_at: Nullable(Type.String({ description: 'When it exited (its last sell, after which it held nothing); null while holding' })),
});

const SmartTrenchTokenSchema = Open({
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  token_created_at: Type.String({ description: 'Creation of the oldest DEX pair listing the token as base' }),
  token_age_hours: Type.Number(),
  distinct_smart_buyers: Type.Integer({ description: 'Smart wallets that bought it in the window, holding or exited' }),
  holding_smart_buyers: Type.Integer({ description: 'Of those, the ones still holding now: the smart money present (min_buyers and the rank read this)' }),
  exited_smart_buyers: Type.Integer({ description: 'Of those, the ones that sold out since: listed, not counted' }),
  latest_buy_at: Nullable(Type.String({ description: 'Latest buy by any listed buyer, holding or exited' })),
  latest_holding_buy_at: Type.String({ description: 'Latest buy by a buyer still holding (the rank\'s tie-break)' }),
  smart_money_score: Type.Number({ minimum: 0, maximum: 1, description: 'min(1, Σ recency of the buyers still holding ÷ 3): three holders who bought right now make 1; an exited buyer adds nothing' }),
  factors: Type.Array(Factor, { description: 'One per buyer still holding: value = its recency, weight = 1/3' }),
  bought_usd: Type.Number({ description: 'Σ valued buys of the token by the smart buyers in the window' }),
  buyers: Type.Array(Buyer, { description: 'Most recent buyer first' }),
  market: Nullable(Open({
    pair_address: Type.String({ description: 'The deepest pair (price and liquidity read there)' }),
    dex: Type.String(),
    price_usd: Nullable(Type.Number()),
    liquidity_usd: Nullable(Type.Number()),
    market_cap_usd: Nullable(Type.Number()),
  })),
}, 'A fresh token bought by smart wallets');

export const SmartMoneyTrenchesSchema = Open({
  window: Open({ hours_back: Type.Integer(), from_at: Type.String(), to_at: Type.String() }),
  criteria: Open({
    max_token_age_hours: Type.Number(),
    min_buyers: Type.Integer(),
    smart_wallet_rule: Open({ lookback_days: Type.Integer(), min_win_rate: Type.Number(), min_closed_trades: Type.Integer() }, 'Who counts as a smart buyer: smart-money-flow\'s defaults'),
  }),
  smart_wallets: Open({
    seed_source: SeedSource,
    seed_wallets: Type.Integer(),
    seed_derivation: SeedDerivationSchema,
    read: Type.Integer(),
    skipped: Skipped,
    qualifying: Type.Array(Open({ address: Type.String(), win_rate: Nullable(Type.Number()) }), { description: 'The smart buyers, highest win rate first' }),
    not_qualifying: Type.Array(Open({ address: Type.String(), win_rate: Nullable(Type.Number()), status: WalletStatus }), { description: 'Seed wallets whose buys do not count' }),
  }),
  candidates: Open({
    smart_buys: Type.Integer({ description: 'Buys by the qualifying wallets in the window' }),
    tokens_bought: Type.Integer(),
    too_old: Type.Integer({ description: 'Older than max_token_age_hours' }),
    age_unknown: Type.Integer({ description: 'No DEX pair with a creation time' }),
    below_min_buyers: Type.Integer({ description: 'Fewer than min_buyers smart buyers still holding (exited buyers do not count)' }),
    ranked: Type.Integer({ description: 'Tokens passing every filter (before limit)' }),
  }),
  tokens: Type.Array(SmartTrenchTokenSchema, { description: 'Ranked by smart buyers still holding, then the latest buy among them (most recent first), then mint' }),
});
