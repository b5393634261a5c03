import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Timestamp, withDefault } from '../../registry/fields.js';
import { CheckAlertsSchema, checkAlertsBriefing } from './check-alerts/schema.js';
import { checkAlertsAnswer } from './check-alerts/answer.js';

export default defineEndpoint({
  key: 'check-alerts',
  family: 'history-alerts',
  price: '0.008',
  summary: 'Poll token and wallet watchlists for alerts fired since a timestamp',
  description:
    'Stateless polling of up to 10 tokens and 10 wallets (at least one of the two lists must be non-empty): returns ' +
    'the alerts fired since `since`, oldest first, at most 200 with `truncated`. Token alerts: price_spike, ' +
    'price_drop, whale_inflow, whale_outflow, concentration_shift, risk_score_change. Spot wallet alerts: ' +
    'risk_increase, risk_decrease, portfolio_value_change, new_positions, removed_positions. Perps wallet alerts: ' +
    'perp_position_added, perp_position_closed, perp_at_risk (leverage above perp_max_leverage or PnL at or below ' +
    '-50 percent), liquidation_approaching (collateral buffer below perp_liquidation_buffer_pct), pnl_swing, one per ' +
    'position (pool venues A and B; `data.position_key`). Thresholds come from `criteria`. The caller owns the cursor. ' +
    '`counts` gives the listed alerts by severity and by kind (only kinds that fired), recomputed from `alerts`: each ' +
    'breakdown sums to `counts.total`, the length of `alerts`. A subject\'s baseline is its latest observation at or ' +
    'before `since` and at least 5 minutes old: any enrichment answer about it, an earlier poll, or a daily snapshot ' +
    'written by the sandbox backfill (`no_baseline` otherwise, saying where its observations start when they start ' +
    'after `since`).',
  input: Type.Object(
    {
      tokens: withDefault(Type.Array(Address(), { maxItems: 10, description: 'Token mints to watch (at most 10)' }), []),
      wallets: withDefault(
        Type.Array(Address(), { maxItems: 10, description: 'Wallets to watch, spot and perps positions (at most 10)' }),
        [],
      ),
      since: Timestamp('Return alerts fired since this moment (ISO 8601 UTC ending in Z)'),
      criteria: withDefault(
        Type.Object(
          {
            min_price_change_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'Price move for price_spike / price_drop' })),
            min_risk_score_delta: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Risk score move for risk_score_change' })),
            min_whale_volume_usd: Type.Optional(Type.Number({ minimum: 0, description: 'Whale flow for whale_inflow / whale_outflow' })),
            min_portfolio_change_pct: Type.Optional(
              Type.Number({ minimum: 0, maximum: 10000, description: 'Value move for portfolio_value_change' }),
            ),
            min_concentration_shift_pct: Type.Optional(
              Type.Number({ minimum: 0, maximum: 100, description: 'Holder concentration move for concentration_shift' }),
            ),
            perp_max_leverage: withDefault(
              Type.Number({ minimum: 1, maximum: 100, description: 'Leverage above which perp_at_risk fires' }),
              10,
            ),
            perp_min_pnl_swing_pts: withDefault(
              Type.Number({ minimum: 0, maximum: 1000, description: 'PnL percent points for pnl_swing' }),
              25,
            ),
            perp_liquidation_buffer_pct: withDefault(
              Type.Number({ minimum: 0, maximum: 100, description: 'Collateral buffer below which liquidation_approaching fires' }),
              15,
            ),
          },
          { additionalProperties: false, description: 'Alert thresholds; all optional' },
        ),
        {},
      ),
    },
    { additionalProperties: false },
  ),
  output: CheckAlertsSchema,
  cacheTtlSeconds: 30,
  // Two empty watchlists are a caller mistake, refused before anything is charged (docs/alerts.md, "Answer").
  crossFieldCheck: (input) =>
    (input.tokens ?? []).length === 0 && (input.wallets ?? []).length === 0
      ? [{ path: '/tokens', message: 'tokens and wallets are both empty: watch at least one token or wallet' }]
      : [],
  handler: (input, ctx) => checkAlertsAnswer(input, ctx),
  briefing: checkAlertsBriefing,
  example: {
    tokens: ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'],
    wallets: ['57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz'],
    since: '2026-11-01T00:00Z',
    criteria: { min_price_change_pct: 10, perp_max_leverage: 20 },
  },
});
