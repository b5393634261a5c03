import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { gatherLegs, legTimings, required } from '../shared/legs.js';
import { MarketStructureSchema } from './shared/market-schema.js';
import { MARKET_STRUCTURE_VENUE, marketStructureAnswer, perpsMarketSnapshotData } from './shared/market-structure.js';
import { marketStructureBriefing } from './shared/market-briefing.js';

export default defineEndpoint({
  key: 'perps-market-structure',
  family: 'perps',
  price: '0.012',
  summary: 'Pool venue A perps markets: open interest, utilization, borrow APR, skew, OI caps, health',
  description:
    'Per market on pool venue A (SOL, BTC, ETH; BONK is not tradable there, listed under `unavailable`), read directly ' +
    'from the venue\'s on-chain program accounts: oracle price, long/short/total open interest and the long/short skew, ' +
    'utilization and borrow APR per side (a long borrows the asset custody, a short the stable custody) with each ' +
    'side\'s borrow curve, the hourly borrow rate per side (the shown APR ÷ 8,760, percent of size per hour), OI ' +
    'caps, headroom (USD and percent of cap), fees, max leverage, the venue\'s size limit for one position ' +
    '(max_position_size_usd; null with its reason when none is set) and per side the largest position that fits ' +
    'now (the lower of that limit and the side\'s headroom), and a health verdict ' +
    '(stressed: a side ≥ 90 % utilized or < 10 % headroom; tilted: one side ≥ 75 % of OI; else healthy) with ' +
    'health flags and their reasons. A venue summary gives total open interest, the most utilized side and the ' +
    'markets by health. Pool venue B is not read (see perps-venue-comparison). No inputs. If pool venue A cannot be ' +
    'read the call fails 502/504 and is not charged. Each answer records the day\'s snapshot for perps-market-trend.',
  input: Type.Object({}, { additionalProperties: false }),
  output: MarketStructureSchema,
  cacheTtlSeconds: 30,
  example: {},
  handler: async (_input, ctx) => {
    const legs = await gatherLegs({ [MARKET_STRUCTURE_VENUE]: () => ctx.sources.perps[MARKET_STRUCTURE_VENUE].markets(ctx.signal) });
    const { data, caveats, next_steps } = marketStructureAnswer(required(legs[MARKET_STRUCTURE_VENUE]), ctx.now());
    return { data: { ...data }, caveats, next_steps, timings: legTimings(legs) };
  },
  briefing: marketStructureBriefing,
  snapshot: (_input, result) => {
    const data = perpsMarketSnapshotData(result.data);
    return data.markets.length > 0 ? [{ subjectType: 'perps_market', subject: MARKET_STRUCTURE_VENUE, data: { ...data } }] : [];
  },
});
