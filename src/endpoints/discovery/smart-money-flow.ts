import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { smartMoneyFlow } from './smart-money-flow/answer.js';
import { smartMoneyFlowBriefing } from './shared/smart-money-briefing.js';
import { SmartMoneyFlowSchema } from './shared/smart-money-schema.js';

export default defineEndpoint({
  key: 'smart-money-flow',
  family: 'discovery',
  price: '0.100',
  summary: 'Winning wallets, the tokens they accumulate, and their clusters',
  description:
    'From up to 30 seed wallets (when omitted: the operator\'s curated list, else up to 20 recent traders of the most-traded ' +
    'tokens on the market-data feeds, derived at call time and described in seed.derivation; the sandbox\'s cast in sandbox mode), ' +
    'each wallet\'s trades over lookback_days ' +
    'as copy-trade-signals measures them (swaps valued at trade time, FIFO): win rate, closed trades, realized PnL. ' +
    'Winners qualify with at least 5 closed trades and a win rate of at least min_win_rate. Then the top_n_tokens ' +
    'the winners accumulate (bought more than they sold, in amount and in USD, over the lookback), ranked by how ' +
    'many winners accumulate each, then net USD, with the last buy. With include_graph (adds latency: cluster ' +
    'detection over every transaction of the winners\' windows), wallet clusters containing winners — synchronized ' +
    'activity or circular flows, with the funder or go-between outside the list — so winners that are one operator ' +
    'show as such. A seed wallet whose history cannot be read is skipped with a caveat; if none can be, the call ' +
    'fails and is not charged.',
  input: Type.Object(
    {
      wallets: Type.Optional(Type.Array(Address(), { maxItems: 30, description: 'Seed wallets (at most 30); when omitted the operator\'s list, else a seed derived from recent trading' })),
      lookback_days: withDefault(Type.Integer({ minimum: 1, maximum: 90, description: 'Lookback window in days' }), 14),
      min_win_rate: withDefault(Type.Number({ minimum: 0, maximum: 1, description: 'Minimum win rate (0 to 1)' }), 0.55),
      top_n_tokens: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Tokens to return' }), 10),
      include_graph: withDefault(Type.Boolean({ description: 'Detect wallet clusters (adds latency)' }), true),
    },
    { additionalProperties: false },
  ),
  output: SmartMoneyFlowSchema,
  cacheTtlSeconds: 600,
  example: { lookback_days: 14, min_win_rate: 0.55, top_n_tokens: 10, include_graph: true },
  // Ajv fills the defaults in before the handler runs; the fallbacks only satisfy the optional static type.
  handler: (input, ctx) => smartMoneyFlow({
    ...(input.wallets ? { wallets: input.wallets } : {}),
    lookback_days: input.lookback_days ?? 14,
    min_win_rate: input.min_win_rate ?? 0.55,
    top_n_tokens: input.top_n_tokens ?? 10,
    include_graph: input.include_graph ?? true,
  }, ctx),
  briefing: smartMoneyFlowBriefing,
});
