import { Type } from '@sinclair/typebox';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { healthScore } from '../../analytics/launchpad/health.js';
import { indexStaleCaveat, launchpadCoin, withDaily } from './shared/coins.js';
import { RewardRiskSchema } from './launchpad-reward-risk/schema.js';

async function rewardRiskAnswer(input: { mint: string }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const [{ coin: record, source }, caveats] = await Promise.all([launchpadCoin(input.mint, ctx), indexStaleCaveat(ctx)]);
  const coin = withDaily(record);
  const h = healthScore(coin, now.getTime());
  return {
    data: {
      mint: coin.mint,
      symbol: coin.symbol,
      quote_mint: coin.quote_mint,
      quote_symbol: coin.quote_symbol,
      quote_category: coin.quote_category,
      quote_category_raw: coin.quote_category_raw,
      reward_mechanism: coin.reward_mechanism,
      payout_status: h.payout.status,
      payout_reason: h.payout.reason,
      last_payout_at: h.payout.last_payout_at === null ? null : new Date(h.payout.last_payout_at).toISOString(),
      hours_since_last_payout: h.payout.hours_since_last_payout,
      transfer_tax_bps: h.transfer_tax_bps,
      transfer_fee_max: coin.transfer_fee_max,
      tax_round_trip_pct: h.round_trip_pct,
      health_score: h.health_score,
      level: h.level,
      factors: h.factors.map((f) => ({ ...f })),
      hard_failures: h.hard_failures,
      withdraw_authority: coin.withdraw_authority,
      fee_mutable: coin.fee_mutable,
      adopted: coin.adopted,
      top10_pct: coin.top10_pct,
      holders: coin.holders,
      distributed_quote: coin.distributed_quote,
      payout_count: coin.payout_count,
      platform_distributor: coin.platform_distributor,
      llm_brief: h.llm_brief,
      source,
      as_of: now.toISOString(),
    },
    caveats,
  };
}

// Reads the answer it was handed; loosely typed on purpose, inside this function only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function rewardRiskBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Reward risk for ${d.symbol} (${d.mint}): **${d.payout_status}**, health ${d.health_score}/100 **${d.level}**`];
  lines.push(`- Payout: ${d.payout_reason}`);
  lines.push(`- Tax: ${d.transfer_tax_bps ?? 'none'} bps; tax round trip ${d.tax_round_trip_pct} %; pays in ${d.quote_symbol} (${d.quote_category})`);
  for (const f of d.hard_failures as string[]) lines.push(`- Hard failure: ${f}`);
  const lost = (d.factors as Data[]).filter((f) => f.value < f.max);
  lines.push(`- Points lost: ${lost.length > 0 ? lost.map((f) => `${f.name} ${f.value}/${f.max} (${f.detail})`).join('; ') : 'none'}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-reward-risk',
  family: 'launchpad',
  price: '0.005',
  summary: 'Reward coin payout status, tax cost and 0-100 health score',
  description:
    'For a launchpad reward coin: payout status (PAYING: a payout in the last 24 h; STALE: has paid, not in 24 h; ' +
    'NEVER: a live reward coin not paid yet; NOT_REWARD: a standard launch, a 0 bps rate or 0 cap, or a pool the ' +
    'platform never adopted; fee-share reward coins without a transfer tax are reward coins), transfer-tax bps, tax_round_trip_pct (tax taken in and out, price impact excluded — launchpad-quote\'s round_trip_pct adds it; 0 without a collectable transfer fee), a ' +
    '0 to 100 health score with its factor breakdown and level HEALTHY (75 or more), MIXED (50 or more), WEAK (25 ' +
    'or more) or BROKEN (below 25, or forced by a hard failure: NOT_REWARD, or a withdraw authority other than the ' +
    'platform\'s distributor), and an llm_brief. Health reads fee bps and cap, withdraw authority, fee mutability, ' +
    'zero-rate or unadopted detection, distributions and recency, flywheel, holders and top-10 concentration, ' +
    'quote category and age. Authorities, adoption and top-10 share are read on chain; the rest from the platform. Read from the ' +
    '10-minute coin index (caveat index_stale once it is 30 minutes old), or live for a coin not indexed. An unknown mint is a 404, not charged.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
    },
    { additionalProperties: false },
  ),
  output: RewardRiskSchema,
  cacheTtlSeconds: 120,
  example: { mint: 'J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc' },
  handler: (input, ctx) => rewardRiskAnswer(input, ctx),
  briefing: rewardRiskBriefing,
});
