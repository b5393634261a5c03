/**
 * Invariants over the eight perps endpoints and check-alerts' perps kinds, at 12:05 UTC (inside pool venue
 * B's BONK oracle gap, minutes 00–09, so B's BONK PnL is null): the market structure and trends, every
 * pool-venue trader of the cast plus background traders of both venues, every reference-venue cast account,
 * smart money per market, funding, basis and venue comparison per asset, side and two sizes.
 */
import { backgroundTrader } from '../../src/sandbox/world/perps/index.js';
import { PERPS_CHECKS, PERPS_SET_CHECKS } from './checks-perps.js';
import { invariantsSuite, type Call } from './harness.js';
import { PERPS_ASSETS, POOL_TRADERS, REF_TRADERS } from './subjects.js';

const SEED = 'onchain-enrichment-sandbox';

invariantsSuite({
  title: 'perps',
  at: new Date('2026-11-20T12:05:00Z'),
  concurrency: 12,
  calls: () => {
    const calls: Call[] = [{ key: 'perps-market-structure', body: {}, subject: 'A' }];
    for (const lookback of ['7d', '14d', '30d']) calls.push({ key: 'perps-market-trend', body: { lookback }, subject: lookback });
    const background = (['A', 'B'] as const).flatMap((venue) => [0, 1].map((i) => ({ name: `background ${venue}${i}`, address: backgroundTrader(SEED, venue, i) })));
    for (const w of [...POOL_TRADERS, ...background]) calls.push({ key: 'perps-trader-profile', body: { address: w.address }, subject: w.name });
    for (const w of REF_TRADERS) calls.push({ key: 'refvenue-trader-profile', body: { address: w.address }, subject: w.name });
    calls.push({ key: 'refvenue-smart-money', body: {}, subject: 'all' });
    for (const asset of PERPS_ASSETS) {
      calls.push({ key: 'refvenue-smart-money', body: { market: asset }, subject: asset });
      calls.push({ key: 'perps-cross-venue-funding', body: { market: asset }, subject: asset });
      calls.push({ key: 'perps-basis-signal', body: { asset }, subject: asset });
      for (const side of ['long', 'short']) {
        for (const size of [25_000, 5_000_000]) calls.push({ key: 'perps-venue-comparison', body: { market: asset, size_usd: size, side }, subject: `${asset} ${side} ${size}` });
      }
    }
    calls.push({ key: 'check-alerts', body: { wallets: POOL_TRADERS.map((w) => w.address), since: '2026-11-19T00:00Z' }, subject: 'pool traders' });
    return calls;
  },
  checks: PERPS_CHECKS,
  setChecks: PERPS_SET_CHECKS,
});
