/**
 * Output schemas (`data` fields) of trenches-scan and trenches-check: the three-signal composite
 * (src/analytics/discovery/trenches.ts) and the confluence verdict (confluence.ts) per token, with each
 * signal's evidence. Units (docs/discovery.md, introduction): scores 0–1 (4 decimals), `*_pct` 0–100, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { DeltasSchema, DeltasUnavailableSchema, PriorReadingFields } from './exit-schema.js';
import { CandidatePoolSchema, RunnerReadingFields, TransferTaxSchema } from './runner-schema.js';

const LEG = Type.String({ enum: ['runner', 'smart_money', 'attention'] });

const CompositeFactor = Open({
  name: LEG,
  value: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'The leg\'s 0–1 signal; null when its source failed' })),
  weight: Type.Number({ description: 'Nominal weight: runner 0.45, smart_money 0.45, attention 0.10' }),
  effective_weight: Nullable(Type.Number({ description: 'Weight applied, renormalized over the known legs; null for a missing leg' })),
});

const Signal = Open({
  name: LEG,
  present: Nullable(Type.Boolean({ description: 'null: unknown, not counted — the leg failed (status leg_failed, listed in legs_missing) or, for attention, the query stream is below the minimum sample (status insufficient_sample)' })),
  status: Type.String({ enum: ['present', 'absent', 'leg_failed', 'insufficient_sample'], description: 'insufficient_sample: the attention window holds fewer than 10 tokens asked about or 30 calls in all: not a signal' }),
  detail: Type.String(),
});

const SmartMoney = Open({
  score: Type.Number({ minimum: 0, maximum: 1, description: 'min(1, Σ recency ÷ 3) over the distinct smart buyers still holding; recency = 1 − age ÷ 24 h' }),
  distinct_buyers: Type.Integer({ minimum: 0, description: 'Smart wallets that bought it in the window, holding or not' }),
  holding_buyers: Type.Integer({ minimum: 0, description: 'Of those, the ones still holding it now: the smart money present' }),
  latest_buy_at: Nullable(Type.String()),
  window_hours: Type.Number(),
  buyers: Type.Array(Open({
    wallet: Type.String(), last_buy_at: Type.String(), age_hours: Type.Number(), recency: Type.Number(),
    holding: Type.Boolean({ description: 'Still holds it: its trades over the 14-day lookback show no exit since' }),
    exited_at: Nullable(Type.String({ description: 'When it sold out (its last sell, after which it held nothing); null while holding' })),
  })),
  factors: Type.Array(Open({ name: Type.String({ description: 'A buyer wallet still holding' }), value: Type.Number(), weight: Type.Number() })),
}, 'Buys of the token in the last 24 h by the seed wallets qualifying as winners (win rate ≥ 0.55 over ≥ 5 closed trades in 14 days, as smart-money-flow), and whether each still holds it; null when the leg failed');

const Attention = Open({
  score: Type.Number({ minimum: 0, maximum: 1, description: 'min(1, calls ÷ 10); 0 below the minimum sample' }),
  calls: Type.Integer({ minimum: 0, description: 'Paid calls naming the token in the attention window' }),
  percentile: Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Among the tokens asked about in the window (as consensus-signal reports it); null when not asked, or below the minimum sample (10 tokens and 30 calls)' })),
  ranked_entities: Type.Integer({ description: 'Tokens asked about in the window' }),
  stream_calls: Type.Integer({ minimum: 0, description: 'Paid calls about any token in the window' }),
  sample_sufficient: Type.Boolean({ description: 'The window holds at least 10 tokens asked about and 30 calls; below that the attention signal is unknown and its score 0' }),
}, 'The service\'s own query stream; null when the leg failed');

const Span = Open({ from: Type.String(), to: Type.String() }, 'UTC hour buckets from ≤ hour < to: the running hour and the five before it');

const Runner = Nullable(Open(RunnerReadingFields, 'Runner stage and velocity from the deepest pair; null when the leg failed or no pair lists the token'));

const VERDICT_DESCRIPTION = 'From the count of present signals: 3 HIGH_CONFLUENCE, 2 MODERATE, 1 SINGLE_SIGNAL, 0 NO_SIGNAL';

const ScanEntry = Open({
  rank: Type.Integer({ minimum: 1, description: 'Composite score (higher first), then confluence count, then mint' }),
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  candidate_sources: Type.Array(Type.String({ enum: ['profile', 'boost'] })),
  score: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'Σ effective_weight × value over the known legs, 4 decimals' })),
  factors: Type.Array(CompositeFactor),
  legs_missing: Type.Array(LEG),
  verdict: Type.String({ enum: ['HIGH_CONFLUENCE', 'MODERATE', 'SINGLE_SIGNAL'], description: VERDICT_DESCRIPTION + ' (tokens with none are not listed)' }),
  confluence_count: Type.Integer({ minimum: 1, maximum: 3 }),
  signals: Type.Array(Signal),
  reasoning: Type.Array(Type.String()),
  runner: Runner,
  smart_money: Nullable(SmartMoney),
  attention: Nullable(Attention),
}, 'One token');

export const TrenchesScanSchema = Type.Object({
  filters: Open({ max_token_age_hours: Type.Number(), min_liquidity_usd: Type.Number(), limit: Type.Integer() }),
  candidate_pool: CandidatePoolSchema,
  legs: Open({
    runner: Type.String({ enum: ['ok', 'failed'] }),
    smart_money: Type.String({ enum: ['ok', 'partial', 'failed'], description: 'partial: some seed wallets skipped or SOL prices failed; failed: no seed wallet read (or, live, the seed derivation read nothing)' }),
    attention: Type.String({ enum: ['ok', 'failed'] }),
  }, 'Each leg\'s state: a failed leg is unknown for every token (see caveats)'),
  weights: Open({ runner: Type.Number(), smart_money: Type.Number(), attention: Type.Number() }),
  smart_money_wallets: Type.Integer({ description: 'Seed wallets of the smart-money leg (a derived seed: 0 when its derivation failed)' }),
  smart_money_winners: Nullable(Type.Integer({ minimum: 0, description: 'Seed wallets qualifying as winners: only their buys count; null when the leg failed' })),
  smart_money_seed: Type.String({ enum: ['operator', 'default', 'derived'], description: 'operator: SMART_MONEY_WALLETS; default: the curated sandbox list (sandbox mode); derived: live mode without an operator list, recent traders of the most-traded feed tokens (smart-money-flow\'s `seed.derivation`)' }),
  attention_window: Nullable(Span),
  scanned: Type.Integer({ description: 'Candidates passing the age and liquidity filters (unknown passes)' }),
  matched: Type.Integer({ description: 'Scanned tokens with at least one signal present' }),
  excluded: Open({ too_old: Type.Integer(), liquidity_below_min: Type.Integer(), no_signal: Type.Integer() }),
  tokens: Type.Array(ScanEntry),
  as_of: Type.String(),
}, { additionalProperties: false });

export const TrenchesCheckSchema = Type.Object({
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  verdict: Type.String({ enum: ['HIGH_CONFLUENCE', 'MODERATE', 'SINGLE_SIGNAL', 'NO_SIGNAL'], description: VERDICT_DESCRIPTION }),
  confluence_count: Type.Integer({ minimum: 0, maximum: 3 }),
  signals: Type.Array(Signal, { description: 'runner: stage RUNNING or IGNITING without wash trading suspected; smart_money: ≥ 1 qualifying seed wallet (a winner) bought in 24 h and still holds it; attention: ≥ 3 paid calls in the window, or ≥ 1 and percentile ≥ 90 among ≥ 10 tokens — only on a sample of ≥ 10 tokens and ≥ 30 calls, else unknown (insufficient_sample)' }),
  reasoning: Type.Array(Type.String()),
  legs_missing: Type.Array(LEG),
  degraded: Type.Boolean({ description: 'A leg failed: the count is a lower bound' }),
  score: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'The trenches-scan composite of this token (runner 0.45, smart money 0.45, attention 0.10)' })),
  factors: Type.Array(CompositeFactor),
  runner: Runner,
  smart_money: Nullable(SmartMoney),
  attention: Nullable(Attention),
  attention_window: Nullable(Span),
  holder_count: Nullable(Type.Integer({ description: 'Holders (owners) per enrich-token-light; null when unknown' })),
  liquidity_usd: Nullable(Type.Number()),
  transfer_tax: TransferTaxSchema,
  prior_reading: Nullable(Open(PriorReadingFields, 'The service\'s earlier reading compared with (the latest ≥ 5 minutes old; a younger one only explains why deltas are locked)')),
  deltas: Nullable(DeltasSchema),
  deltas_unavailable: Nullable(DeltasUnavailableSchema),
  as_of: Type.String(),
}, { additionalProperties: false });
