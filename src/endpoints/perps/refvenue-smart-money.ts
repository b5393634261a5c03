import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { DEFAULT_TOP_TRADERS } from '../../analytics/perps/index.js';
import { RefSmartMoneySchema } from './shared/refvenue-schema.js';
import { smartMoneyAnswer } from './refvenue-smart-money/smart-money.js';
import { refSmartMoneyBriefing } from './shared/refvenue-briefings.js';

export default defineEndpoint({
  key: 'refvenue-smart-money',
  family: 'perps',
  price: '0.05',
  summary: 'Smart-money consensus on the reference venue: long/short counts, net notional, bias, conviction',
  description:
    'Reads reference venue C\'s leaderboard and keeps consistent directional traders: it excludes market-makers and ' +
    'high-frequency accounts (month volume above 50 × account value), dust and mega accounts (account value outside ' +
    '25,000 to 50,000,000 USD, bounds kept) and traders whose week or month PnL is not above 0; the filter counts ' +
    'per reason are reported. The top_traders kept traders by month PnL (default 10, at most 25) have their accounts ' +
    'read; per coin (or only the `market` coin when given — SOL, BTC, ETH, BONK or the venue\'s kBONK, any other coin ' +
    'by the venue\'s name, case-insensitive) the answer gives long and short trader counts and notional, net ' +
    'notional, bias (long share ≥ 60 % long, ≤ 40 % short) and conviction 0–1 (count agreement × notional agreement ' +
    '× breadth, with its factors), plus a drill-down of the traders holding it ranked by month PnL, and the list of ' +
    'scanned traders. A focus no scanned trader holds is a valid empty answer with a caveat; an account that cannot ' +
    'be read skips that trader with a caveat. When the leaderboard cannot be read the call fails and is not charged.',
  input: Type.Object(
    {
      market: Type.Optional(Type.String({ minLength: 1, maxLength: 12, description: 'Coin focus (1 to 12 characters)' })),
      top_traders: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Top traders in the drill-down' }), 10),
    },
    { additionalProperties: false },
  ),
  output: RefSmartMoneySchema,
  cacheTtlSeconds: 300,
  example: { market: 'SOL', top_traders: 10 },
  handler: (input, ctx) => smartMoneyAnswer(ctx.sources.perps.C, {
    market: input.market,
    topTraders: input.top_traders ?? DEFAULT_TOP_TRADERS,
    signal: ctx.signal,
    timers: ctx.timers,
    deadlineMs: ctx.deadlineMs,
  }),
  briefing: refSmartMoneyBriefing,
});
