/** launchpad-reward-risk's answer (docs/launchpad.md, "Endpoint: launchpad-reward-risk"). */
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import { healthScore } from '../../../analytics/launchpad/health.js';
import { indexStaleCaveat, launchpadCoin, withDaily } from '../shared/coins.js';

export async function rewardRiskAnswer(input: { mint: string }, ctx: HandlerContext): Promise<HandlerResult> {
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
