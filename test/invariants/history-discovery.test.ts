/**
 * Invariants over the history, alerts and discovery endpoints, at 06:00 UTC (the runner RUNR is 6 h into its
 * 8 h life: FADING, its smart buyers sold at +3 h 30 – 3 h 50; WASH is 6 h old with its wash-trade flag)
 * after a 3-day sandbox backfill (docs/history.md): token-trend (every cast token), wallet-history and
 * portfolio-history (every cast wallet), perps-market-trend over the backfilled markets, check-alerts over the whole cast with `since` inside the
 * backfilled days; then the discovery scans, trenches-check and exit-signal over the launch cast, the
 * attention and consensus rankings and the daily brief. Card packs are in launchpad-gacha.test.ts.
 */
import { backfillSandbox } from '../../src/cli/sandbox-backfill.js';
import { PERPS_CHECKS } from './checks-perps.js';
import { HISTORY_DISCOVERY_CHECKS, HISTORY_DISCOVERY_SET_CHECKS } from './checks-history-discovery.js';
import { invariantsSuite, type Call } from './harness.js';
import { CAST_TOKENS, CAST_WALLETS, chunks, LAUNCH_TOKENS } from './subjects.js';

const AT = new Date('2026-11-20T06:00:00Z');
/** Two days back: inside the backfilled week, so every cast subject has a baseline by then. */
const SINCE = '2026-11-18T00:00Z';

invariantsSuite({
  title: 'history, alerts and discovery',
  at: AT,
  concurrency: 16,
  prepare: async (service) => {
    const report = await backfillSandbox({ store: service.store, seed: 'onchain-enrichment-sandbox', days: 3, now: AT, timers: service.timers });
    if (report.failed > 0) throw new Error(`backfill failed: ${report.errors.join('; ')}`);
  },
  calls: () => {
    const calls: Call[] = [];
    // Phase 0: the series (these paid calls are also the attention stream the discovery phase reads).
    for (const tok of CAST_TOKENS) calls.push({ key: 'token-trend', body: { mint: tok.address, format: 'both' }, subject: tok.name });
    for (const w of CAST_WALLETS) {
      calls.push({ key: 'wallet-history', body: { address: w.address, format: 'both' }, subject: w.name });
      calls.push({ key: 'portfolio-history', body: { address: w.address }, subject: w.name });
    }
    // A few more paid calls about the launch cast: a caller's own handful of calls (issue: not a signal).
    for (const tok of LAUNCH_TOKENS) for (const lookback of ['14d', '30d']) calls.push({ key: 'token-trend', body: { mint: tok.address, lookback }, subject: `${tok.name} ${lookback}` });
    // The backfill also seeded pool venue A's markets: the perps trend has a series here.
    for (const lookback of ['7d', '30d']) calls.push({ key: 'perps-market-trend', body: { lookback }, subject: lookback });
    for (const group of chunks(CAST_TOKENS, 10)) calls.push({ key: 'check-alerts', body: { tokens: group.map((x) => x.address), since: SINCE }, subject: `tokens ${group[0]!.name}…` });
    for (const group of chunks(CAST_WALLETS, 10)) calls.push({ key: 'check-alerts', body: { wallets: group.map((x) => x.address), since: SINCE }, subject: `wallets ${group[0]!.name}…` });
    // Phase 1: discovery over the stream phase 0 left.
    const later = (c: Omit<Call, 'phase'>): Call => ({ ...c, phase: 1 });
    for (const tok of LAUNCH_TOKENS) {
      calls.push(later({ key: 'trenches-check', body: { mint: tok.address }, subject: tok.name }));
      calls.push(later({ key: 'exit-signal', body: { mint: tok.address }, subject: tok.name }));
    }
    for (const w of CAST_WALLETS.filter((x) => x.name.startsWith('WALLET_SMART'))) calls.push(later({ key: 'copy-trade-signals', body: { address: w.address }, subject: w.name }));
    for (const key of ['new-tokens', 'trending-signals', 'smart-money-flow', 'smart-money-trenches', 'runner-scan', 'trenches-scan', 'feed-latest']) calls.push(later({ key, body: {}, subject: 'default' }));
    for (const window of ['1h', '6h', '24h']) {
      calls.push(later({ key: 'attention-momentum', body: { window }, subject: window }));
      for (const type of ['token', 'wallet']) calls.push(later({ key: 'consensus-signal', body: { type, window }, subject: `${type} ${window}` }));
    }
    return calls;
  },
  checks: { ...HISTORY_DISCOVERY_CHECKS, 'perps-market-trend': PERPS_CHECKS['perps-market-trend']! },
  setChecks: HISTORY_DISCOVERY_SET_CHECKS,
});
