/**
 * Endpoint checks of the history, alerts and discovery families (docs/history.md, docs/alerts.md,
 * docs/consensus-and-feed.md, docs/discovery.md, docs/gacha.md).
 */
import {
  ATTENTION_MIN_SAMPLE_CALLS, bandOf, CONFLUENCE_VERDICT, CONSENSUS_SAMPLE, EXIT_VERDICT, LEAN_BUY_SHARE, LEAN_SELL_SHARE, PACK_EXIT_VERDICT, TOKEN_VERDICT, TREND_POLARITY,
} from './boundaries.js';
import type { Answer, AnswerCheck, SetCheck } from './harness.js';
import { whereOf } from './harness.js';
import type { Json } from './generic.js';
import { near, type Tally } from './tally.js';
import { bySubject } from './checks-wallet-token.js';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const r2 = 0.005 + 1e-9;

/** The documented lean of a trending row from its votes (docs/discovery.md "Sentiment"). */
function leanOf(row: Json): string | undefined {
  const share = row.market?.buy_share_24h;
  const whale = row.whale?.signal;
  if (typeof share !== 'number') return undefined;
  const votes = (share >= LEAN_BUY_SHARE ? 1 : share <= LEAN_SELL_SHARE ? -1 : 0) + (whale === 'accumulation' ? 1 : whale === 'distribution' ? -1 : 0);
  return votes > 0 ? 'accumulation' : votes < 0 ? 'distribution' : 'neutral';
}

const trendingSignals: AnswerCheck = ({ json: d }, where, t) => {
  const rows = d.tokens as Json[];
  for (const [i, row] of rows.entries()) {
    const at = `${where} tokens[${i}] ${row.symbol}`;
    const r = row.runner ?? {};
    // A buying lean is a claim about real demand: wash trading, a fading runner or a rug make it false.
    t.check('label_flags', !(r.wash_trade_suspected && row.lean === 'accumulation'), `${at}.lean`, () => `"leans ${row.lean}" with wash_trade_suspected`);
    t.check('label_flags', !(r.stage === 'FADING' && row.lean === 'accumulation'), `${at}.lean`, () => `"leans ${row.lean}" at runner stage FADING (sellers in control)`);
    t.check('label_flags', !(r.rug && row.lean === 'accumulation'), `${at}.lean`, () => `"leans ${row.lean}" on a rug`);
    if (!r.wash_trade_suspected && r.stage !== 'FADING' && !r.rug) {
      const expected = leanOf(row);
      if (expected) t.check('verdicts', row.lean === expected, `${at}.lean`, () => `lean ${row.lean}, documented votes give ${expected} (buy share ${row.market?.buy_share_24h}, whales ${row.whale?.signal})`);
    }
    if (row.risk && typeof row.risk.score === 'number') t.check('verdicts', row.risk.verdict === bandOf(TOKEN_VERDICT, row.risk.score), `${at}.risk.verdict`, () => `${row.risk.verdict} for ${row.risk.score}`);
    if (i > 0) t.check('label_flags', rows[i - 1].score >= row.score, `${at}.rank`, () => `ranked below a lower score (${rows[i - 1].score} then ${row.score}) in "${d.order}"`);
  }
  const s = d.sentiment;
  if (s) {
    const n = (lean: string) => rows.filter((x) => x.lean === lean).length;
    t.check('sums', s.accumulation === n('accumulation') && s.distribution === n('distribution') && s.neutral === n('neutral') && s.tokens === rows.length, `${where} sentiment`,
      () => `counts ${s.accumulation}/${s.distribution}/${s.neutral} of ${s.tokens} vs rows ${n('accumulation')}/${n('distribution')}/${n('neutral')} of ${rows.length}`);
    if (s.tokens > 0) {
      t.check('sums', near(s.accumulation_pct, (100 * s.accumulation) / s.tokens, r2) && near(s.distribution_pct, (100 * s.distribution) / s.tokens, r2), `${where} sentiment.*_pct`,
        () => `${s.accumulation_pct} / ${s.distribution_pct} vs ${s.accumulation}/${s.distribution} of ${s.tokens}`);
    }
  }
};

/** Trenches confluence (check and scan rows): verdict = count of present signals; smart money present means held now; attention needs a sample. */
function trenchesRow(row: Json, at: string, t: Tally): void {
  const present = (row.signals as Json[] | undefined)?.filter((s) => s.present) ?? [];
  if (row.signals) {
    t.check('sums', row.confluence_count === undefined || row.confluence_count === present.length, `${at}.confluence_count`, () => `${row.confluence_count} vs ${present.length} present signals`);
    t.check('verdicts', row.verdict === CONFLUENCE_VERDICT[present.length], `${at}.verdict`, () => `${row.verdict} with ${present.length} present signals (documented ${CONFLUENCE_VERDICT[present.length]})`);
  }
  const attention = (row.signals as Json[] | undefined)?.find((s) => s.name === 'attention');
  if (attention?.present && row.attention) {
    const a = row.attention;
    t.check('label_flags', a.ranked_entities >= 10 || a.calls >= ATTENTION_MIN_SAMPLE_CALLS, `${at}.signals.attention`,
      () => `attention present from ${a.calls} call(s), percentile ${a.percentile} of ${a.ranked_entities} token(s): a sample under ${ATTENTION_MIN_SAMPLE_CALLS} calls is not a signal`);
  }
}

const trenchesCheck: AnswerCheck = ({ json: d }, where, t) => trenchesRow(d, where, t);
const trenchesScan: AnswerCheck = ({ json: d }, where, t) => {
  for (const [i, row] of (d.tokens as Json[]).entries()) trenchesRow(row, `${where} tokens[${i}] ${row.symbol}`, t);
};

function runnerRow(r: Json, at: string, t: Tally): void {
  if (!r) return;
  // A pulled pool is a rug and reads FADING (spec "Runner stage": liquidity pulls flagged as rugs; FADING = sellers in control or pool pulled).
  if (r.rug === true) t.check('label_flags', r.stage === 'FADING', `${at}.stage`, () => `rug with stage ${r.stage}`);
}

const runnerScan: AnswerCheck = ({ json: d }, where, t) => {
  for (const [i, row] of (d.tokens as Json[]).entries()) runnerRow(row, `${where} tokens[${i}] ${row.symbol}`, t);
};

const exitSignal: AnswerCheck = ({ json: d }, where, t) => {
  if (d.verdict === 'INSUFFICIENT_DATA' || typeof d.exit_score !== 'number') return;
  const hard = typeof d.decided_by === 'string' && d.decided_by !== 'score';
  if (hard) t.check('verdicts', d.verdict === 'EXIT', `${where} verdict`, () => `hard trigger ${d.decided_by} but verdict ${d.verdict}`);
  else t.check('verdicts', d.verdict === bandOf(EXIT_VERDICT, d.exit_score), `${where} verdict`, () => `${d.verdict} for exit score ${d.exit_score} (documented ${bandOf(EXIT_VERDICT, d.exit_score)})`);
  const u = d.unrealized_pnl;
  if (u && typeof u.pnl_pct === 'number' && typeof u.entry_price_usd === 'number' && typeof u.price_usd === 'number' && u.entry_price_usd > 0) {
    const pct = (100 * (u.price_usd - u.entry_price_usd)) / u.entry_price_usd;
    t.check('sums', near(u.pnl_pct, pct, 0.011, 1e-4), `${where} unrealized_pnl.pnl_pct`, () => `${u.pnl_pct} ≠ (${u.price_usd} − ${u.entry_price_usd}) ÷ entry = ${pct}`);
  }
};

const attentionMomentum: AnswerCheck = ({ json: d }, where, t) => {
  for (const [i, row] of (d.tokens as Json[]).entries()) {
    const at = `${where} tokens[${i}]`;
    const calls = sum((row.counts as number[]) ?? []);
    t.check('verdicts', row.sample_quality === (calls < ATTENTION_MIN_SAMPLE_CALLS ? 'low' : 'ok'), `${at}.sample_quality`, () => `${row.sample_quality} for ${calls} calls`);
    if (row.sample_quality === 'low') t.check('label_flags', row.divergence === null, `${at}.divergence`, () => `divergence ${row.divergence} on a low sample (${calls} calls)`);
  }
};

const consensusSignal: AnswerCheck = ({ json: d }, where, t) => {
  if (typeof d.total_calls === 'number') {
    t.check('verdicts', d.sample_quality === bandOf(CONSENSUS_SAMPLE, d.total_calls), `${where} sample_quality`, () => `${d.sample_quality} for ${d.total_calls} calls`);
    for (const [i, row] of ((d.top ?? []) as Json[]).entries()) {
      if (typeof row.calls === 'number' && d.total_calls > 0) {
        t.check('sums', near(row.share_pct, (100 * row.calls) / d.total_calls, r2), `${where} top[${i}].share_pct`, () => `${row.share_pct} ≠ ${row.calls} / ${d.total_calls}`);
      }
    }
  }
};

/** Card packs: each exit's verdict its edge's band; under `both` the machine's verdict rests on the certain exit. */
const gachaEvScan: AnswerCheck = ({ json: d, body }, where, t) => {
  for (const m of d.machines as Json[]) {
    const at = `${where} ${m.code}`;
    for (const [name, x] of Object.entries((m.exits ?? {}) as Record<string, Json>)) {
      if (typeof x.edge_pct !== 'number') continue;
      t.check('verdicts', x.verdict === bandOf(PACK_EXIT_VERDICT, x.edge_pct), `${at}.exits.${name}.verdict`, () => `${x.verdict} for edge ${x.edge_pct} %`);
      if (typeof x.value_usd === 'number' && m.price_usd > 0) {
        const edge = (100 * (x.value_usd - m.price_usd)) / m.price_usd;
        t.check('sums', near(x.edge_pct, edge, 0.011), `${at}.exits.${name}.edge_pct`, () => `${x.edge_pct} ≠ (${x.value_usd} − ${m.price_usd}) ÷ price = ${edge.toFixed(3)}`);
      }
    }
    const buyback = m.exits?.buyback;
    if ((body.exit_strategy ?? 'both') === 'both' && buyback && typeof buyback.edge_pct === 'number' && m.verdict !== undefined) {
      t.check('label_flags', m.verdict === buyback.verdict, `${at}.verdict`,
        () => `verdict ${m.verdict} (via ${m.verdict_exit}) while the certain exit, the instant buyback, is ${buyback.verdict} (${buyback.edge_pct} %); the marketplace "may not fill"`);
    }
    if (m.verdict_exit && m.exits?.[m.verdict_exit] && typeof m.edge_pct === 'number') {
      t.check('sums', m.edge_pct === m.exits[m.verdict_exit].edge_pct && m.verdict === m.exits[m.verdict_exit].verdict, `${at}.edge_pct`,
        () => `machine edge ${m.edge_pct} / ${m.verdict} vs its verdict exit ${m.verdict_exit}'s ${m.exits[m.verdict_exit].edge_pct} / ${m.exits[m.verdict_exit].verdict}`);
    }
  }
};

const smartMoneyFlow: AnswerCheck = ({ json: d }, where, t) => {
  for (const [i, w] of (d.wallets as Json[]).entries()) {
    if (typeof w.win_rate_pct !== 'number' || !w.closed_trades) continue;
    t.check('sums', near(w.win_rate_pct, (100 * w.wins) / w.closed_trades, r2), `${where} wallets[${i}].win_rate_pct`, () => `${w.win_rate_pct} ≠ ${w.wins} / ${w.closed_trades}`);
    if (typeof d.criteria?.min_win_rate === 'number' && w.closed_trades >= (d.criteria.min_closed_trades ?? 0)) {
      t.check('verdicts', w.qualifies === w.win_rate >= d.criteria.min_win_rate, `${where} wallets[${i}].qualifies`, () => `qualifies ${w.qualifies} at win rate ${w.win_rate} (min ${d.criteria.min_win_rate})`);
    }
  }
};

const newTokens: AnswerCheck = ({ json: d }, where, t) => {
  for (const [i, x] of (d.tokens as Json[]).entries()) {
    const r = x.risk ?? { score: x.risk_score, verdict: x.verdict };
    if (typeof r.score === 'number') t.check('verdicts', r.verdict === bandOf(TOKEN_VERDICT, r.score), `${where} tokens[${i}].risk`, () => `${r.verdict} for ${r.score}`);
  }
};

const portfolioHistory: AnswerCheck = ({ json: d }, where, t) => {
  const vals = (d.points as Json[]).filter((p) => typeof p.portfolio_value_usd === 'number');
  const s = d.summary;
  if (vals.length === 0 || !s) return;
  const v = vals.map((p) => p.portfolio_value_usd as number);
  t.check('sums', s.peak.value_usd === Math.max(...v) && s.trough.value_usd === Math.min(...v), `${where} summary.peak/trough`, () => `peak ${s.peak.value_usd}, trough ${s.trough.value_usd} vs points ${Math.max(...v)} / ${Math.min(...v)}`);
  t.check('sums', near(s.average_value_usd, sum(v) / v.length, 0.011), `${where} summary.average_value_usd`, () => `${s.average_value_usd} ≠ mean ${sum(v) / v.length}`);
  const first = v[0]!;
  const last = v[v.length - 1]!;
  t.check('sums', near(s.change_usd, last - first, 0.011), `${where} summary.change_usd`, () => `${s.change_usd} ≠ ${last} − ${first}`);
  if (first > 0 && typeof s.change_pct === 'number') t.check('sums', near(s.change_pct, (100 * (last - first)) / first, r2), `${where} summary.change_pct`, () => `${s.change_pct} ≠ (${last} − ${first}) ÷ ${first}`);
  const dd = s.max_drawdown;
  if (dd && typeof dd.usd === 'number') {
    let peak = -Infinity;
    let best = { usd: 0, pct: 0 };
    for (const x of v) {
      peak = Math.max(peak, x);
      if (peak - x > best.usd) best = { usd: peak - x, pct: peak > 0 ? (100 * (peak - x)) / peak : 0 };
    }
    t.check('sums', near(dd.usd, best.usd, 0.011), `${where} summary.max_drawdown.usd`, () => `${dd.usd} ≠ largest fall from a running peak ${best.usd}`);
    if (typeof dd.pct === 'number' && dd.usd > 0) {
      const peakValue = vals.find((p) => p.day === dd.peak_day)?.portfolio_value_usd as number | undefined;
      const pct = peakValue ? (100 * dd.usd) / peakValue : best.pct;
      t.check('sums', near(dd.pct, pct, r2), `${where} summary.max_drawdown.pct`, () => `${dd.pct} % ≠ the shown drawdown ${dd.usd} ÷ its peak = ${pct.toFixed(3)} %`);
    }
  }
};

/** Briefing words (format both): a line saying how a metric moved uses words true in their plain meaning. */
const ARITHMETIC_UP = /\b(rose|rising|up|increas\w*|higher)\b/i;
const ARITHMETIC_DOWN = /\b(fell|falling|down|declin\w*|decreas\w*|lower|dropp\w*)\b/i;
const METRIC_WORDS: Readonly<Record<string, RegExp>> = {
  risk_score: /risk score/i,
  holder_concentration: /concentration|hhi/i,
  price: /\bprice\b/i,
  liquidity: /liquidity/i,
  portfolio_value_usd: /portfolio value/i,
  native_sol: /native sol|\bsol balance/i,
};

const trendBriefing: AnswerCheck = ({ json: d }, where, t) => {
  if (typeof d.llm_summary !== 'string') return;
  for (const line of (d.llm_summary as string).split('\n')) {
    const m = /(-?[\d.,]+)\s*(?:→|->)\s*(-?[\d.,]+)/.exec(line);
    if (!m) continue;
    const metric = Object.entries(METRIC_WORDS).find(([, re]) => re.test(line))?.[0];
    if (!metric) continue;
    const from = Number(m[1]!.replace(/,/g, ''));
    const to = Number(m[2]!.replace(/,/g, ''));
    if (!Number.isFinite(from) || !Number.isFinite(to) || from === to) continue;
    const rose = to > from;
    const polarity = TREND_POLARITY[metric]!;
    const better = polarity.better === 'higher' ? rose : !rose;
    const text = line.replace(/\*\*/g, '');
    t.check('direction_words', !(rose ? ARITHMETIC_DOWN : ARITHMETIC_UP).test(text.replace(/\bimproving|worsening\b/gi, '')), `${where} llm_summary`,
      () => `"${line.trim()}": the number ${rose ? 'rose' : 'fell'} but the words say otherwise`);
    t.check('direction_words', !(better ? /\bworsening|worse\b/i : /\bimproving|better\b/i).test(text), `${where} llm_summary`,
      () => `"${line.trim()}": a ${rose ? 'rise' : 'fall'} of a ${polarity.better}-is-better metric is ${better ? 'better' : 'worse'}`);
  }
};

export const HISTORY_DISCOVERY_CHECKS: Readonly<Record<string, AnswerCheck[]>> = {
  'trending-signals': [trendingSignals],
  'trenches-check': [trenchesCheck],
  'trenches-scan': [trenchesScan],
  'runner-scan': [runnerScan],
  'exit-signal': [exitSignal],
  'attention-momentum': [attentionMomentum],
  'consensus-signal': [consensusSignal],
  'smart-money-flow': [smartMoneyFlow],
  'new-tokens': [newTokens],
  'portfolio-history': [portfolioHistory],
  'token-trend': [trendBriefing],
  'wallet-history': [trendBriefing],
};

/** Card-pack checks, run by the launch-platform and card-pack suite. */
export const GACHA_CHECKS: Readonly<Record<string, AnswerCheck[]>> = { 'gacha-ev-scan': [gachaEvScan] };

export const HISTORY_DISCOVERY_SET_CHECKS: SetCheck[] = [
  // Smart money "present" on a token means a listed buyer holds it now (or the row says it exited):
  // checked against each buyer's open positions in copy-trade-signals at the same moment (unsold lots).
  (answers, t) => {
    const ledgers = bySubject(answers, 'copy-trade-signals', 'address');
    const rows: Array<[Answer, Json, string]> = [];
    for (const a of answers) {
      if (a.key === 'trenches-check') rows.push([a, a.json, a.json.mint]);
      if (a.key === 'trenches-scan') for (const r of a.json.tokens as Json[]) rows.push([a, r, r.mint]);
    }
    for (const [a, row, mint] of rows) {
      const sm = (row.signals as Json[] | undefined)?.find((s) => s.name === 'smart_money');
      if (!sm?.present) continue;
      const buyers = (row.smart_money?.buyers ?? []) as Json[];
      if (!buyers.every((b) => ledgers.has(b.wallet))) continue;
      const holding = buyers.filter((b) => b.exited_at === undefined || b.exited_at === null)
        .filter((b) => (ledgers.get(b.wallet)!.json.open_positions as Json[]).some((p) => p.mint === mint && p.amount_ui > 0));
      t.check('label_flags', holding.length > 0, `${whereOf(a)} ${row.symbol} signals.smart_money`,
        () => `smart money "present" but none of its ${buyers.length} buyer(s) still holds ${row.symbol} (no open lot in their copy-trade-signals ledgers) and none is marked exited`);
    }
  },
  // check-alerts against the stored history: a subject with a snapshot at or before `since` has a baseline.
  (answers, t) => {
    const trends = bySubject(answers, 'token-trend', 'mint');
    for (const a of answers.filter((x) => x.key === 'check-alerts')) {
      const since = String(a.body.since);
      for (const s of a.json.subjects as Json[]) {
        if (s.type !== 'token') continue;
        const tt = trends.get(s.address);
        const before = ((tt?.json.points ?? []) as Json[]).filter((p) => `${p.day}T12:00:00.000Z` <= new Date(since).toISOString());
        if (before.length === 0) continue;
        t.check('cross_endpoint', s.status !== 'no_baseline', `${whereOf(a)} subjects ${s.address}`,
          () => `status no_baseline although token-trend shows ${before.length} stored day(s) at or before since ${since} (first ${before[0].day})`);
      }
    }
  },
  // Runner stage of a launch token: runner-scan, trenches-check and exit-signal read the same market at the same moment.
  (answers, t) => {
    const exits = bySubject(answers, 'exit-signal', 'mint');
    const checks = bySubject(answers, 'trenches-check', 'mint');
    for (const [mint, e] of exits) {
      const c = checks.get(mint);
      if (c?.json.runner?.stage && e.json.stage) {
        t.check('cross_endpoint', c.json.runner.stage === e.json.stage, `exit-signal/trenches-check ${e.subject} stage`, () => `${e.json.stage} vs ${c.json.runner.stage}`);
      }
    }
  },
];
