/** Headlines of the launch-platform reward-coin endpoints `query` routes to (the free `launchpad-pairs` comes back whole). */
import { spec, type HeadlineSpec } from './types.js';
import { pct, subject, text, usd, yesNo } from './format.js';

export const LAUNCHPAD_HEADLINES: Record<string, HeadlineSpec> = {
  'launchpad-yield': spec({
    pick: (r) => {
      // The figures of the basis window (the shortest with enough history), which the endpoint itself leads with.
      const basis = r.str('basis');
      const path = (field: string) => `yields.${basis ?? ''}.${field}`;
      return {
        mint: r.str('mint'),
        symbol: r.str('symbol'),
        as_of: r.str('as_of'),
        basis_window: basis,
        history_days: basis === null ? null : r.num(path('history_days')),
        partial_window: basis === null ? null : r.bool(path('partial')),
        caution: basis === null ? null : r.bool(path('caution')),
      };
    },
    brief: (h) =>
      `Reward-coin yield of ${subject(h.symbol, h.mint)} as of ${text(h.as_of)}: basis window ${text(h.basis_window)} over ${text(h.history_days)} day(s) of history` +
      `${h.partial_window ? ' (partial window)' : ''}; caution flag: ${yesNo(h.caution)}.`,
    full: 'the 7d, 30d and lifetime rewards in the quote asset and USD, the yield and annualized yield of each window, and the quote exposure',
  }),
  'launchpad-quote': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      symbol: r.str('symbol'),
      as_of: r.str('as_of'),
      size_usd: r.num('size_usd'),
      hold_days: r.num('hold_days'),
      payout_status: r.str('payout_status'),
      verdict: r.str('verdict'),
    }),
    brief: (h) =>
      `Quote for ${usd(h.size_usd)} of ${subject(h.symbol, h.mint)} held ${text(h.hold_days)} day(s), as of ${text(h.as_of)}: ${text(h.verdict)}; payout status ${text(h.payout_status)}.`,
    full: 'the entry, exit and round-trip costs, transfer tax, breakeven move and hold, and the expected payout in total and per day',
  }),
  'launchpad-reward-risk': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      symbol: r.str('symbol'),
      as_of: r.str('as_of'),
      level: r.str('level'),
      health_score: r.num('health_score'),
      payout_status: r.str('payout_status'),
      hours_since_last_payout: r.num('hours_since_last_payout'),
      hard_failures: r.count('hard_failures'),
    }),
    brief: (h) =>
      `Reward risk of ${subject(h.symbol, h.mint)} as of ${text(h.as_of)}: ${text(h.level)} (health ${text(h.health_score)}/100, ${text(h.hard_failures)} hard failure(s)); ` +
      `payout ${text(h.payout_status)}, last ${text(h.hours_since_last_payout)} h ago.`,
    full: 'the health factors, hard failures, transfer tax and round trip, the quote asset and the authorities',
  }),
  'launchpad-gems': spec({
    pick: (r) => ({
      as_of: r.str('as_of'),
      indexed: r.num('indexed'),
      matched: r.num('matched'),
      listed: r.count('rows'),
      gems: r.countWhere('rows', 'stage', 'GEM'),
    }),
    brief: (h) =>
      `Launchpad gems as of ${text(h.as_of)}: ${text(h.matched)} of ${text(h.indexed)} indexed coin(s) match, ${text(h.listed)} listed (${text(h.gems)} at stage GEM).`,
    full: 'the coins with gem score, stage, factors, payout status, round trip and market figures',
  }),
  'launchpad-launch-intel': spec({
    pick: (r) => ({
      as_of: r.str('as_of'),
      quotes: r.num('quotes'),
      coins: r.num('overview.coins'),
      survival_pct: r.num('overview.survival_pct'),
      sort: r.str('sort'),
    }),
    brief: (h) =>
      `Launch intel as of ${text(h.as_of)}: ${text(h.quotes)} quote asset(s) ranked by ${text(h.sort)} over ${text(h.coins)} reward coin(s); survival ${pct(h.survival_pct)}.`,
    full: 'each quote asset\'s launches, survival, paying share, volume, crowding and demand score, tax mix and the recommendations',
  }),
  'launchpad-screener': spec({
    pick: (r) => ({
      as_of: r.str('as_of'),
      indexed: r.num('indexed'),
      matched: r.num('matched'),
      sort: r.str('sort'),
    }),
    brief: (h) => `Launchpad screener as of ${text(h.as_of)}: ${text(h.matched)} of ${text(h.indexed)} indexed coin(s) match, sorted by ${text(h.sort)}.`,
    full: 'the coins with payout status, last payout, rewards, 7d and 30d yield, round trip and market figures',
  }),
};
