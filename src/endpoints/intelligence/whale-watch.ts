import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { tokenBasics } from './whale-watch/token-basics.js';
import { readWhaleActivity } from '../shared/whale-activity.js';
import { WhaleWatchSchema } from './shared/whale-schemas.js';
import { whaleWatchBriefing } from './shared/intelligence-briefings.js';

export default defineEndpoint({
  key: 'whale-watch',
  family: 'intelligence',
  price: '0.008',
  summary: 'Top holders of a token with accumulation / distribution tracking over a lookback window',
  description:
    'The token\'s top 20 holders with balance, USD value and supply percentage. Ordinary wallets worth at least ' +
    'threshold_usd (minimum 100 USD) are whales: for each, its transfers of the token over the last lookback_hours ' +
    '(1 to 168) give the balance at the window start, bought, sold and net change, and a trend (accumulating at +0.5 % ' +
    'of its start balance or more, distributing at −0.5 % or less, else holding) with the transactions as evidence. ' +
    'Pools, bonding curves, burn addresses and exchanges are marked with their role and never counted as whales. ' +
    'Summary: whale counts per trend, net whale flow and a signal (accumulation, distribution, neutral), and the ' +
    'whales\' USD buy and sell volume over the window: each listed transfer is valued at the current price (the ' +
    'median of the wallet-asset, market-data and price-aggregator readings, as in the token analysis) ' +
    '(delta_usd, cents), each whale\'s bought_usd / sold_usd sum its transfers, and buy_volume_usd / ' +
    'sell_volume_usd sum those over every whale whose history was read, so every total recomputes from its parts.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      threshold_usd: withDefault(Type.Number({ minimum: 100, description: 'A holder worth at least this much USD is a whale' }), 10000),
      lookback_hours: withDefault(Type.Number({ minimum: 1, maximum: 168, description: 'Lookback window in hours' }), 24),
    },
    { additionalProperties: false },
  ),
  output: WhaleWatchSchema,
  cacheTtlSeconds: 120,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', threshold_usd: 10000, lookback_hours: 24 },
  handler: async (input, ctx) => {
    const basics = await tokenBasics(input.mint, ctx);
    const window = { thresholdUsd: input.threshold_usd ?? 10000, lookbackHours: input.lookback_hours ?? 24 };
    const { report, caveats } = await readWhaleActivity(input.mint, { topHolders: basics.holders.top, priceUsd: basics.priceUsd, supplyUi: basics.supplyUi }, window, ctx);
    const mover = report.holders.find((h) => h.activity && h.activity.trend !== 'holding');
    return {
      data: { mint: input.mint, symbol: basics.symbol, price_usd: basics.priceUsd, supply_ui: basics.supplyUi, ...report },
      caveats: [...basics.caveats, ...caveats],
      next_steps: [
        { endpoint: 'due-diligence', input: { mint: input.mint }, reason: 'Token risk score and verdict, with whale distribution as one factor' },
        ...(mover ? [{ endpoint: 'enrich-wallet-full', input: { address: mover.owner }, reason: `Profile the ${mover.activity!.trend} whale` }] : []),
      ],
      timings: basics.timings,
    };
  },
  briefing: whaleWatchBriefing,
});
