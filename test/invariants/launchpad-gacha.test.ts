/**
 * Invariants over the launch-platform endpoints on a fresh install (the coin index refreshed once, now:
 * only today's daily point — the state every new deployment is in for up to 30 days) and over the card-pack
 * scan: every launch-platform coin through reward-risk, yield and quote; yield-batch over all coins; the
 * screener under each sort; gems, launch intel, pairs, alerts and the documented launch preflight; every card machine by code and every
 * franchise under each exit strategy.
 */
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { GACHA_CHECKS } from './checks-history-discovery.js';
import { LAUNCHPAD_CHECKS, LAUNCHPAD_SET_CHECKS } from './checks-launchpad.js';
import { invariantsSuite, type Call } from './harness.js';
import { CARD_MACHINES, chunks, LAUNCHPAD_COINS } from './subjects.js';

const NOW = new Date('2026-11-20T12:00:00Z');

invariantsSuite({
  title: 'launch platform and card packs',
  at: NOW,
  concurrency: 12,
  prepare: async (service) => {
    const results = await service.jobs.tick(NOW);
    if (!results.some((r) => (r as { summary?: string }).summary?.includes('index published'))) throw new Error(`the launchpad index did not publish: ${JSON.stringify(results)}`);
  },
  calls: () => {
    const calls: Call[] = [];
    for (const c of LAUNCHPAD_COINS) {
      for (const key of ['launchpad-reward-risk', 'launchpad-yield', 'launchpad-quote']) calls.push({ key, body: { mint: c.address }, subject: c.name });
    }
    for (const group of chunks(LAUNCHPAD_COINS, 25)) calls.push({ key: 'launchpad-yield-batch', body: { mints: group.map((c) => c.address), limit: 25 }, subject: `${group.length} coins` });
    for (const group of chunks(LAUNCHPAD_COINS, 25)) calls.push({ key: 'launchpad-alerts', body: { mints: group.map((c) => c.address), since: '2026-11-19T00:00Z' }, subject: `${group.length} coins` });
    for (const sort of ['volume24h', 'lastPayout', 'holders', 'priceChange24h', 'yield7d', 'yield30d', 'rewardsUsd']) calls.push({ key: 'launchpad-screener', body: { sort, limit: 50 }, subject: sort });
    calls.push({ key: 'launchpad-gems', body: { max_age_days: 60, min_holders: 0, max_market_cap_usd: 100_000_000, limit: 50 }, subject: 'all' });
    for (const sort of ['demand', 'survival', 'volume', 'launches', 'paying']) calls.push({ key: 'launchpad-launch-intel', body: { sort, min_coins: 1 }, subject: sort });
    calls.push({ key: 'launchpad-pairs', body: {}, subject: 'all' });
    // The preflight's own documented example: an unsigned reward-mode launch transaction.
    const preflight = ENDPOINTS.find((e) => e.key === 'launchpad-launch-preflight')!;
    calls.push({ key: preflight.key, body: preflight.example, subject: 'documented example' });
    for (const exit_strategy of ['buyback', 'marketplace', 'both']) {
      calls.push({ key: 'gacha-ev-scan', body: { exit_strategy }, subject: `all ${exit_strategy}` });
      for (const machine of CARD_MACHINES) calls.push({ key: 'gacha-ev-scan', body: { machine, exit_strategy }, subject: `${machine} ${exit_strategy}` });
    }
    return calls;
  },
  checks: { ...LAUNCHPAD_CHECKS, ...GACHA_CHECKS },
  setChecks: LAUNCHPAD_SET_CHECKS,
});
