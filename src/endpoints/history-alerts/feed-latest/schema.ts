/** feed-latest's output schema and briefing. */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../../lib/typebox.js';
import type { HandlerResult } from '../../../registry/types.js';


const Factor = Type.Object({
  name: Type.String({ enum: ['volume_24h', 'liquidity', 'price_momentum', 'buy_pressure', 'holder_growth', 'attention'] }),
  value: Nullable(Type.Number({ minimum: 0, maximum: 1, description: '0–1, 4 decimals; null when unknown (left out of the score)' })),
  weight: Type.Number(),
}, { additionalProperties: false });

const BriefToken = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Composite trending score: weighted mean of the known factors, 4 decimals; volume and buy pressure count 0 when wash trading is suspected' }),
  factors: Type.Array(Factor),
  data_complete: Type.Boolean(),
  unknown_factors: Type.Array(Type.String()),
  wash_trade_suspected: Type.Boolean({ description: 'The deepest pair\'s wash-trade flag (as runner-scan and trending-signals read it): its volume and buy pressure then count 0' }),
  wash_trade_reason: Nullable(Type.String()),
  wash_penalty: Nullable(Type.Object({
    factors: Type.Array(Type.String({ enum: ['volume_24h', 'buy_pressure'] }), { description: 'The factors counted 0 (the known ones)' }),
    score_without_penalty: Type.Number({ minimum: 0, maximum: 1, description: 'The score with those factors at face value' }),
    reason: Type.String(),
  }, { additionalProperties: false, description: 'Set when wash trading is suspected; null otherwise' })),
  price_usd: Nullable(Type.Number()),
  volume_24h_usd: Nullable(Type.Number({ description: 'Summed over the pairs where the token is the base' })),
  liquidity_usd: Nullable(Type.Number({ description: 'Summed over the pairs where the token is the base' })),
  price_change_24h_pct: Nullable(Type.Number({ description: 'Deepest pair, percent' })),
  buys_24h: Nullable(Type.Integer()),
  sells_24h: Nullable(Type.Integer()),
  holder_growth_pct: Nullable(Type.Number({ description: `Holder-count change over the last 7 days of daily snapshots, percent; null with fewer than two` })),
  attention_calls_24h: Type.Integer({ description: 'Paid calls about the token to this service in the last 24 hours' }),
  boost_total: Type.Number({ description: 'The aggregator\'s active boost total (why it is a candidate; not a factor)' }),
}, { additionalProperties: false });

export const FeedLatestSchema = Type.Object({
  unchanged: Type.Boolean({ description: 'True when the brief is not newer than `since`: `tokens` is then empty' }),
  brief_id: Type.String(),
  generated_at: Type.String({ description: 'When this brief was computed (lazily, on the first call after the previous one expired)' }),
  expires_at: Type.String({ description: 'When the next brief can be computed (generated_at + 24 h)' }),
  candidate_source: Type.String(),
  candidates_considered: Type.Integer(),
  weights: Type.Record(Type.String(), Type.Number(), { description: 'Factor weights (sum 1)' }),
  tokens: Type.Array(BriefToken, { description: 'Best first (score, then mint)' }),
}, { additionalProperties: false });

// Reads the brief builder's own output; loosely typed inside this module only.
type Data = Record<string, any>;

export function feedBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  if (d.unchanged) return `## Daily brief ${d.brief_id}\n- Unchanged: generated ${d.generated_at}, not newer than your \`since\`. Next brief after ${d.expires_at}.`;
  const lines = [`## Daily brief ${d.brief_id} (${d.generated_at})`, `- ${d.tokens.length} trending tokens ranked of ${d.candidates_considered} candidates`];
  for (const t of (d.tokens as Data[]).slice(0, 5)) {
    const strongest = (t.factors as Data[]).filter((f) => f.value !== null).sort((a, b) => b.value * b.weight - a.value * a.weight)[0];
    const wash = t.wash_penalty ? ` (wash trading suspected: volume and buy pressure count 0; ${t.wash_penalty.score_without_penalty} at face value)` : '';
    lines.push(`- ${t.rank}. **${t.symbol ?? t.mint}** score ${t.score}${wash}${strongest ? ` — strongest: ${strongest.name} ${strongest.value}` : ''}; 24h volume ${t.volume_24h_usd ?? 'unknown'} USD, change ${t.price_change_24h_pct ?? 'unknown'} %`);
  }
  return lines.join('\n');
}
