/**
 * Endpoint checks of the perps family (docs/perps.md: every number, threshold and classification). The
 * thresholds a classification is read against are the documented ones each answer echoes in `thresholds`.
 */
import type { AnswerCheck, SetCheck } from './harness.js';
import type { Json } from './generic.js';
import { agree, near, type Tally } from './tally.js';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const r2 = 0.005 + 1e-9;
const usd = (n: number) => 0.01 * n + 0.005;

/** Directional bias on the long share (docs/perps.md): long ≥ 60 %, short ≤ 40 %, else neutral. */
function bias(longPct: number, th: Json): string {
  const lo = th?.bias_short_max_pct ?? 40;
  const hi = th?.bias_long_min_pct ?? 60;
  return longPct >= hi ? 'long' : longPct <= lo ? 'short' : 'neutral';
}

const marketStructure: AnswerCheck = ({ json: d }, where, t) => {
  const th = d.thresholds ?? {};
  for (const m of d.markets as Json[]) {
    const at = `${where} ${m.venue}:${m.asset}`;
    const oi = m.open_interest;
    t.check('sums', near(oi.total_usd, oi.long_usd + oi.short_usd, 0.011), `${at}.open_interest.total_usd`, () => `${oi.total_usd} ≠ ${oi.long_usd} + ${oi.short_usd}`);
    if (oi.total_usd > 0) {
      t.check('sums', near(m.skew.long_pct, (100 * oi.long_usd) / oi.total_usd, r2) && near(m.skew.long_pct + m.skew.short_pct, 100, 0.011), `${at}.skew`,
        () => `long ${m.skew.long_pct} / short ${m.skew.short_pct} vs OI ${oi.long_usd} of ${oi.total_usd}`);
    }
    for (const side of ['long', 'short'] as const) {
      const cap = m.oi_caps?.[`${side}_usd`];
      if (typeof cap !== 'number' || cap <= 0 || typeof m.headroom_usd?.[side] !== 'number') continue;
      t.check('sums', near(m.headroom_usd[side], Math.max(0, cap - oi[`${side}_usd`]), 0.011), `${at}.headroom_usd.${side}`, () => `${m.headroom_usd[side]} ≠ cap ${cap} − OI ${oi[`${side}_usd`]}`);
      t.check('sums', near(m.headroom_pct_of_cap[side], (100 * m.headroom_usd[side]) / cap, r2), `${at}.headroom_pct_of_cap.${side}`, () => `${m.headroom_pct_of_cap[side]} ≠ ${m.headroom_usd[side]} ÷ ${cap}`);
    }
    const util = Math.max(m.utilization_pct.long ?? 0, m.utilization_pct.short ?? 0);
    const headroomPct = Math.min(m.headroom_pct_of_cap?.long ?? Infinity, m.headroom_pct_of_cap?.short ?? Infinity);
    if (typeof th.stressed_utilization_pct === 'number') {
      const stressed = util >= th.stressed_utilization_pct || headroomPct < th.stressed_headroom_pct_of_cap;
      const tilted = Math.max(m.skew.long_pct, m.skew.short_pct) >= th.tilted_side_share_pct;
      const expected = stressed ? 'stressed' : tilted ? 'tilted' : 'healthy';
      t.check('verdicts', m.health === expected, `${at}.health`, () => `${m.health}: utilization ${util} %, headroom ${headroomPct} % of cap, skew ${m.skew.long_pct}/${m.skew.short_pct} (documented ${expected})`);
    }
  }
  const s = d.summary;
  if (s) {
    const ms = d.markets as Json[];
    t.check('sums', near(s.total_oi_usd, sum(ms.map((m) => m.open_interest.total_usd)), usd(ms.length)) && near(s.long_oi_usd, sum(ms.map((m) => m.open_interest.long_usd)), usd(ms.length)), `${where} summary`,
      () => `total ${s.total_oi_usd} / long ${s.long_oi_usd} vs Σ markets`);
    if (s.total_oi_usd > 0) t.check('sums', near(s.long_pct, (100 * s.long_oi_usd) / s.total_oi_usd, r2), `${where} summary.long_pct`, () => `${s.long_pct} ≠ ${s.long_oi_usd} ÷ ${s.total_oi_usd}`);
  }
};

const traderProfile: AnswerCheck = ({ json: d }, where, t) => {
  const ps = d.positions as Json[];
  for (const p of ps) {
    const at = `${where} ${p.venue}:${p.asset}:${p.side}`;
    if (p.collateral_usd > 0) t.check('sums', near(p.leverage, p.size_usd / p.collateral_usd, 0.051), `${at}.leverage`, () => `${p.leverage} ≠ ${p.size_usd} ÷ ${p.collateral_usd}`);
    if (typeof p.unrealized_pnl_usd === 'number') {
      if (p.collateral_usd > 0) t.check('sums', near(p.pnl_pct, (100 * p.unrealized_pnl_usd) / p.collateral_usd, r2), `${at}.pnl_pct`, () => `${p.pnl_pct} ≠ ${p.unrealized_pnl_usd} ÷ collateral ${p.collateral_usd}`);
      t.check('label_flags', (p.risk_flags as string[]).includes('losing') === p.unrealized_pnl_usd < 0, `${at}.risk_flags`, () => `flags ${JSON.stringify(p.risk_flags)} with unrealized PnL ${p.unrealized_pnl_usd}`);
    }
  }
  const tot = d.totals;
  if (tot && ps.length > 0) {
    t.check('sums', tot.positions === ps.length && near(tot.notional_usd, sum(ps.map((p) => p.size_usd)), usd(ps.length)) && near(tot.collateral_usd, sum(ps.map((p) => p.collateral_usd)), usd(ps.length)), `${where} totals`,
      () => `totals ${tot.positions} / ${tot.notional_usd} / ${tot.collateral_usd} vs Σ positions`);
    const longs = sum(ps.filter((p) => p.side === 'long').map((p) => p.size_usd));
    t.check('sums', near(tot.long_notional_usd, longs, usd(ps.length)) && near(tot.long_pct, (100 * longs) / tot.notional_usd, r2), `${where} totals.long_pct`, () => `${tot.long_pct} / ${tot.long_notional_usd} vs longs ${longs} of ${tot.notional_usd}`);
    const priced = ps.filter((p) => typeof p.unrealized_pnl_usd === 'number');
    if (priced.length === ps.length && typeof tot.unrealized_pnl_usd === 'number') {
      t.check('sums', near(tot.unrealized_pnl_usd, sum(priced.map((p) => p.unrealized_pnl_usd)), usd(ps.length)), `${where} totals.unrealized_pnl_usd`, () => `${tot.unrealized_pnl_usd} ≠ Σ ${sum(priced.map((p) => p.unrealized_pnl_usd))}`);
      if (tot.collateral_usd > 0 && typeof tot.pnl_pct === 'number') t.check('sums', near(tot.pnl_pct, (100 * tot.unrealized_pnl_usd) / tot.collateral_usd, r2), `${where} totals.pnl_pct`, () => `${tot.pnl_pct} ≠ ${tot.unrealized_pnl_usd} ÷ ${tot.collateral_usd}`);
    }
    for (const [venue, v] of Object.entries((d.by_venue ?? {}) as Record<string, Json>)) {
      const mine = ps.filter((p) => p.venue === venue);
      if (v.status !== 'ok') continue;
      t.check('sums', v.positions === mine.length && near(v.notional_usd ?? 0, sum(mine.map((p) => p.size_usd)), usd(mine.length)), `${where} by_venue.${venue}`, () => `${v.positions} / ${v.notional_usd} vs Σ its positions`);
    }
    if (typeof d.directional_bias === 'string' && typeof tot.long_pct === 'number') {
      t.check('verdicts', d.directional_bias === bias(tot.long_pct, d.thresholds), `${where} directional_bias`, () => `${d.directional_bias} at long share ${tot.long_pct} %`);
    }
    const venues = new Set(ps.map((p) => p.venue)).size;
    if (typeof d.multi_venue === 'boolean') t.check('label_flags', d.multi_venue === venues >= 2, `${where} multi_venue`, () => `multi_venue ${d.multi_venue} with positions on ${venues} venue(s)`);
  }
};

const refTraderProfile: AnswerCheck = ({ json: d }, where, t) => {
  const ps = d.positions as Json[];
  const th = d.thresholds ?? {};
  for (const p of ps) {
    const at = `${where} ${p.coin}:${p.side}`;
    const flags = p.risk_flags as string[];
    if (typeof p.unrealized_pnl_usd === 'number') t.check('label_flags', flags.includes('losing') === p.unrealized_pnl_usd < 0, `${at}.risk_flags`, () => `${JSON.stringify(flags)} with PnL ${p.unrealized_pnl_usd}`);
    if (typeof p.leverage === 'number' && typeof th.high_leverage === 'number') {
      t.check('label_flags', flags.includes('extreme_leverage') === p.leverage >= th.extreme_leverage, `${at}.risk_flags`, () => `${JSON.stringify(flags)} at leverage ${p.leverage} (extreme ≥ ${th.extreme_leverage})`);
      t.check('label_flags', flags.includes('high_leverage') === p.leverage >= th.high_leverage, `${at}.risk_flags`, () => `${JSON.stringify(flags)} at leverage ${p.leverage} (high ≥ ${th.high_leverage})`);
    }
    if (typeof p.distance_to_liquidation_pct === 'number' && typeof th.approaching_liquidation_distance_pct === 'number') {
      t.check('label_flags', flags.includes('approaching_liquidation') === p.distance_to_liquidation_pct <= th.approaching_liquidation_distance_pct, `${at}.risk_flags`,
        () => `${JSON.stringify(flags)} at ${p.distance_to_liquidation_pct} % from liquidation`);
    }
  }
  if (ps.length > 0 && typeof d.long_pct === 'number') {
    const longs = sum(ps.filter((p) => p.side === 'long').map((p) => p.notional_usd));
    const gross = sum(ps.map((p) => p.notional_usd));
    t.check('sums', near(d.total_notional_usd, gross, usd(ps.length)) && near(d.long_notional_usd, longs, usd(ps.length)), `${where} notional`, () => `${d.total_notional_usd} / ${d.long_notional_usd} vs Σ ${gross} / ${longs}`);
    t.check('sums', near(d.long_pct, (100 * longs) / gross, r2), `${where} long_pct`, () => `${d.long_pct} ≠ ${longs} ÷ ${gross}`);
    t.check('verdicts', d.directional_bias === bias(d.long_pct, th), `${where} directional_bias`, () => `${d.directional_bias} at ${d.long_pct} %`);
    const f = d.profile_factors;
    if (f && typeof th.directional_min_side_pct === 'number') {
      const expected = f.largest_side_pct >= th.directional_min_side_pct ? 'directional' : Math.abs(f.net_pct_of_gross) <= th.market_neutral_max_net_pct ? 'market-neutral' : 'diversified';
      t.check('verdicts', d.profile === expected, `${where} profile`, () => `${d.profile}: largest side ${f.largest_side_pct} %, net ${f.net_pct_of_gross} % (documented ${expected})`);
      t.check('sums', near(Math.abs(f.net_pct_of_gross), (100 * Math.abs(2 * longs - gross)) / gross, r2), `${where} profile_factors.net_pct_of_gross`, () => `${f.net_pct_of_gross} vs |long − short| ÷ gross`);
    }
  }
};

const refSmartMoney: AnswerCheck = ({ json: d }, where, t) => {
  for (const c of d.coins as Json[]) {
    const at = `${where} ${c.coin}`;
    const gross = c.long_notional_usd + c.short_notional_usd;
    t.check('sums', near(c.net_notional_usd, c.long_notional_usd - c.short_notional_usd, 0.011), `${at}.net_notional_usd`, () => `${c.net_notional_usd} ≠ ${c.long_notional_usd} − ${c.short_notional_usd}`);
    if (gross > 0) {
      t.check('sums', near(c.long_pct, (100 * c.long_notional_usd) / gross, r2), `${at}.long_pct`, () => `${c.long_pct} ≠ long ÷ gross`);
      t.check('verdicts', c.bias === bias(c.long_pct, d.thresholds), `${at}.bias`, () => `${c.bias} at ${c.long_pct} %`);
    }
  }
};

const crossVenueFunding: AnswerCheck = ({ json: d }, where, t) => {
  const qs = (d.quotes as Json[]).filter((q) => typeof q.long_cost_apr_pct === 'number');
  if (qs.length === 0) return;
  const bestLong = qs.reduce((a, b) => (b.long_cost_apr_pct < a.long_cost_apr_pct ? b : a));
  const bestShort = qs.reduce((a, b) => (b.short_cost_apr_pct < a.short_cost_apr_pct ? b : a));
  t.check('verdicts', d.best_entry.long.cost_apr_pct === bestLong.long_cost_apr_pct && d.best_entry.short.cost_apr_pct === bestShort.short_cost_apr_pct, `${where} best_entry`,
    () => `best long ${d.best_entry.long.venue} ${d.best_entry.long.cost_apr_pct} / short ${d.best_entry.short.venue} ${d.best_entry.short.cost_apr_pct} vs cheapest ${bestLong.venue} ${bestLong.long_cost_apr_pct} / ${bestShort.venue} ${bestShort.short_cost_apr_pct}`);
  const c = qs.find((q) => q.venue === 'C');
  for (const q of qs) {
    if (c && typeof q.basis_vs_c_apr_pts === 'number') t.check('sums', near(q.basis_vs_c_apr_pts, q.long_cost_apr_pct - c.long_cost_apr_pct, 0.0011), `${where} ${q.venue}.basis_vs_c_apr_pts`, () => `${q.basis_vs_c_apr_pts} ≠ ${q.long_cost_apr_pct} − ${c.long_cost_apr_pct}`);
  }
  for (const a of d.arbitrage as Json[]) {
    t.check('sums', near(a.net_apr_pct, -(a.long_cost_apr_pct + a.short_cost_apr_pct), 0.0011), `${where} arbitrage ${a.long_venue}/${a.short_venue}`, () => `${a.net_apr_pct} ≠ −(${a.long_cost_apr_pct} + ${a.short_cost_apr_pct})`);
    if (typeof d.thresholds?.arbitrage_min_net_apr_pts === 'number') t.check('verdicts', a.net_apr_pct >= d.thresholds.arbitrage_min_net_apr_pts, `${where} arbitrage ${a.long_venue}/${a.short_venue}`, () => `listed at ${a.net_apr_pct} pts < ${d.thresholds.arbitrage_min_net_apr_pts}`);
  }
};

const basisSignal: AnswerCheck = ({ json: d }, where, t) => {
  for (const v of d.venues as Json[]) {
    const at = `${where} ${v.venue}`;
    if (v.kind === 'funding' && typeof v.funding_apr_pct === 'number' && typeof v.fee_drag_apr_pct === 'number') {
      t.check('sums', near(v.net_yield_apr_pct, v.funding_apr_pct - v.fee_drag_apr_pct, 0.011), `${at}.net_yield_apr_pct`, () => `${v.net_yield_apr_pct} ≠ ${v.funding_apr_pct} − ${v.fee_drag_apr_pct}`);
    }
    if (v.kind === 'pool') t.check('label_flags', v.viable === false, `${at}.viable`, () => 'a pool venue (borrow on both sides) marked viable');
  }
  const opps = d.opportunities as Json[];
  for (const o of opps) t.check('verdicts', o.net_yield_apr_pct >= d.min_yield_apr_pct, `${where} opportunities ${o.venue}`, () => `${o.net_yield_apr_pct} < min ${d.min_yield_apr_pct}`);
  if (opps.length > 0 && d.best_trade) {
    const best = Math.max(...opps.map((o) => o.net_yield_apr_pct));
    t.check('verdicts', d.best_trade.net_yield_apr_pct === best, `${where} best_trade`, () => `${d.best_trade.venue} ${d.best_trade.net_yield_apr_pct} vs best ${best}`);
  }
};

const venueComparison: AnswerCheck = ({ json: d, body }, where, t) => {
  for (const v of d.venues as Json[]) {
    const at = `${where} ${v.venue}`;
    if (typeof v.total_entry_cost_usd === 'number' && typeof v.slippage_usd === 'number') {
      t.check('sums', near(v.total_entry_cost_usd, v.slippage_usd + v.fee_usd + (v.first_hour_borrow_usd ?? 0), 0.021), `${at}.total_entry_cost_usd`,
        () => `${v.total_entry_cost_usd} ≠ slippage ${v.slippage_usd} + fee ${v.fee_usd} + first-hour borrow ${v.first_hour_borrow_usd}`);
      t.check('sums', near(v.total_entry_cost_pct, (100 * v.total_entry_cost_usd) / Number(body.size_usd), 0.0011), `${at}.total_entry_cost_pct`, () => `${v.total_entry_cost_pct} ≠ ${v.total_entry_cost_usd} ÷ ${body.size_usd}`);
    }
    const th = d.thresholds ?? {};
    if (typeof v.borrow_apr_pct === 'number' && typeof th.elevated_borrow_apr_pct === 'number') {
      t.check('label_flags', (v.warnings as Json[]).some((w) => (w.code ?? w) === 'elevated_borrow_rate') === v.borrow_apr_pct >= th.elevated_borrow_apr_pct, `${at}.warnings`,
        () => `warnings ${JSON.stringify(v.warnings)} at borrow ${v.borrow_apr_pct} % (elevated ≥ ${th.elevated_borrow_apr_pct})`);
    }
    if (typeof v.headroom_usd === 'number') {
      t.check('label_flags', (v.warnings as Json[]).some((w) => (w.code ?? w) === 'insufficient_headroom') === v.headroom_usd < Number(body.size_usd), `${at}.warnings`,
        () => `warnings ${JSON.stringify(v.warnings)} with headroom ${v.headroom_usd} for size ${body.size_usd}`);
    }
  }
  const ranked = (d.rankings?.by_total_entry_cost ?? []) as string[];
  if (ranked.length > 0 && d.recommended_venue) {
    const costs = new Map((d.venues as Json[]).map((v) => [v.venue, v.total_entry_cost_usd]));
    for (let i = 1; i < ranked.length; i++) t.check('verdicts', costs.get(ranked[i - 1]!) <= costs.get(ranked[i]!), `${where} rankings.by_total_entry_cost`, () => `${ranked.join(' < ')} with costs ${JSON.stringify([...costs])}`);
  }
};

/**
 * perps-market-trend (docs/perps.md "Market trend"): each metric's rising / falling / stable is the sign of its
 * change past the documented threshold (relative 2 % for price and OI, 1 point for the shares and APR), and a
 * market's heating / cooling / mixed / stable follows its OI and utilization directions.
 */
const TREND_MOVE: Readonly<Record<string, { relative: boolean; by: number }>> = {
  mark_price_usd: { relative: true, by: 2 }, total_oi_usd: { relative: true, by: 2 },
  long_pct: { relative: false, by: 1 }, utilization_pct: { relative: false, by: 1 }, borrow_apr_pct: { relative: false, by: 1 },
};

const marketTrend: AnswerCheck = ({ json: d }, where, t) => {
  for (const m of (d.markets ?? []) as Json[]) {
    const at = `${where} ${m.venue ?? ''}:${m.asset}`;
    for (const [name, x] of Object.entries((m.metrics ?? {}) as Record<string, Json>)) {
      const rule = TREND_MOVE[name];
      if (!rule || x.direction === null || typeof x.change !== 'number') continue;
      const size = rule.relative ? (x.from === 0 ? (x.change === 0 ? 0 : Infinity) : Math.abs(x.change_pct ?? 0)) : Math.abs(x.change);
      const expected = size >= rule.by - 1e-9 && x.change !== 0 ? (x.change > 0 ? 'rising' : 'falling') : 'stable';
      t.check('direction_words', x.direction === expected, `${at}.metrics.${name}.direction`, () => `${x.from} → ${x.to} (change ${x.change}, ${x.change_pct} %) reads ${x.direction}, documented ${expected}`);
    }
    const oi = m.metrics?.total_oi_usd?.direction;
    const util = m.metrics?.utilization_pct?.direction;
    if (m.direction !== null && m.direction !== undefined && oi && util) {
      const dirs = [oi, util];
      const expected = dirs.includes('rising') && dirs.includes('falling') ? 'mixed' : dirs.includes('rising') ? 'heating' : dirs.includes('falling') ? 'cooling' : 'stable';
      t.check('direction_words', m.direction === expected, `${at}.direction`, () => `OI ${oi}, utilization ${util} reads ${m.direction}, documented ${expected}`);
    }
  }
};

export const PERPS_CHECKS: Readonly<Record<string, AnswerCheck[]>> = {
  'perps-market-trend': [marketTrend],
  'perps-market-structure': [marketStructure],
  'perps-trader-profile': [traderProfile],
  'refvenue-trader-profile': [refTraderProfile],
  'refvenue-smart-money': [refSmartMoney],
  'perps-cross-venue-funding': [crossVenueFunding],
  'perps-basis-signal': [basisSignal],
  'perps-venue-comparison': [venueComparison],
};


/** Pool-venue borrow APRs and prices agree across the perps endpoints at the same moment. */
export const PERPS_SET_CHECKS: SetCheck[] = [
  (answers, t) => {
    const markets = new Map<string, Json>();
    for (const a of answers.filter((x) => x.key === 'perps-market-structure')) for (const m of a.json.markets as Json[]) markets.set(`${m.venue}:${m.asset}`, m);
    for (const a of answers.filter((x) => x.key === 'perps-cross-venue-funding')) {
      for (const q of a.json.quotes as Json[]) {
        const m = markets.get(`${q.venue}:${a.body.market}`);
        if (!m || q.kind !== 'pool') continue;
        agree(t, `perps-cross-venue-funding/market-structure ${q.venue}:${a.body.market} long borrow APR`, q.long_cost_apr_pct, m.borrow_apr_pct.long);
        agree(t, `perps-cross-venue-funding/market-structure ${q.venue}:${a.body.market} short borrow APR`, q.short_cost_apr_pct, m.borrow_apr_pct.short);
        agree(t, `perps-cross-venue-funding/market-structure ${q.venue}:${a.body.market} open interest`, q.open_interest_usd, m.open_interest.total_usd, 0.011);
      }
    }
    for (const a of answers.filter((x) => x.key === 'perps-venue-comparison')) {
      for (const v of a.json.venues as Json[]) {
        const m = markets.get(`${v.venue}:${a.body.market}`);
        if (!m || typeof v.borrow_apr_pct !== 'number') continue;
        agree(t, `perps-venue-comparison/market-structure ${v.venue}:${a.body.market} ${a.body.side} borrow APR`, v.borrow_apr_pct, m.borrow_apr_pct[String(a.body.side)]);
        agree(t, `perps-venue-comparison/market-structure ${v.venue}:${a.body.market} ${a.body.side} headroom`, v.headroom_usd, m.headroom_usd?.[String(a.body.side)], 0.011);
        agree(t, `perps-venue-comparison/market-structure ${v.venue}:${a.body.market} health`, v.health, m.health);
      }
    }
    for (const a of answers.filter((x) => x.key === 'perps-basis-signal')) {
      const f = answers.find((x) => x.key === 'perps-cross-venue-funding' && x.body.market === a.body.asset);
      for (const v of a.json.venues as Json[]) {
        const q = (f?.json.quotes as Json[] | undefined)?.find((x) => x.venue === v.venue);
        if (!q) continue;
        if (v.kind === 'pool') agree(t, `perps-basis-signal/cross-venue-funding ${v.venue}:${a.body.asset} short borrow APR`, v.short_borrow_apr_pct, q.short_cost_apr_pct);
        else agree(t, `perps-basis-signal/cross-venue-funding ${v.venue}:${a.body.asset} funding APR`, v.funding_apr_pct, -q.short_cost_apr_pct);
      }
    }
    // The trend's latest point is today's market structure.
    for (const a of answers.filter((x) => x.key === 'perps-market-trend')) {
      const last = ((a.json.points ?? []) as Json[]).at(-1);
      for (const m of (last?.markets ?? []) as Json[]) {
        const s = markets.get(`${m.venue ?? 'A'}:${m.asset}`);
        if (!s) continue;
        agree(t, `perps-market-trend/market-structure ${m.asset} long_pct (latest point)`, m.long_pct, s.skew.long_pct);
      }
    }
    // A position's figures from the trader profile and from check-alerts' perps alerts.
    const profiles = answers.filter((x) => x.key === 'perps-trader-profile');
    for (const a of answers.filter((x) => x.key === 'check-alerts')) {
      for (const al of a.json.alerts as Json[]) {
        const p = profiles.flatMap((x) => x.json.positions as Json[]).find((x) => x.position_key === al.data?.position_key);
        if (!p) continue;
        if (typeof al.data.collateral_buffer_pct === 'number') agree(t, `check-alerts/perps-trader-profile ${al.data.position_key} collateral_buffer_pct`, al.data.collateral_buffer_pct, p.collateral_buffer_pct);
        if (typeof al.data.leverage === 'number') agree(t, `check-alerts/perps-trader-profile ${al.data.position_key} leverage`, al.data.leverage, p.leverage);
        if (typeof al.data.pnl_pct === 'number') agree(t, `check-alerts/perps-trader-profile ${al.data.position_key} pnl_pct`, al.data.pnl_pct, p.pnl_pct);
      }
    }
  },
];
