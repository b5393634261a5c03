/**
 * Endpoint checks of the wallet, token and intelligence families (docs/due-diligence-and-whales.md,
 * docs/copy-trade.md, docs/intelligence.md, docs/protocol-profile.md and the spec's scoring tables).
 */
import { bandOf, HHI_BAND, TOKEN_VERDICT, VOLATILITY_LEVEL, WALLET_RISK_LEVEL } from './boundaries.js';
import type { Answer, AnswerCheck, SetCheck } from './harness.js';
import { whereOf } from './harness.js';
import type { Json } from './generic.js';
import { agree, near, type Tally } from './tally.js';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const r2 = 0.005 + 1e-9;

/** Wallet risk: the score is the capped sum of the triggered increments, and the level its band. */
export function walletRisk(risk: Json, where: string, t: Tally): void {
  if (!risk || typeof risk.risk_score !== 'number') return;
  const triggered = (risk.factors as Json[]).filter((f) => f.triggered).map((f) => f.value as number);
  t.check('sums', near(risk.risk_score, Math.min(1, sum(triggered)), 1e-6), `${where} risk_score.risk_score`,
    () => `${risk.risk_score} ≠ capped sum of triggered factors ${sum(triggered)}`);
  t.check('verdicts', risk.level === bandOf(WALLET_RISK_LEVEL, risk.risk_score), `${where} risk_score.level`,
    () => `level ${risk.level} for score ${risk.risk_score} (documented ${bandOf(WALLET_RISK_LEVEL, risk.risk_score)})`);
  if (typeof risk.max_risk_score === 'number' && risk.max_level !== undefined) {
    t.check('verdicts', risk.max_level === bandOf(WALLET_RISK_LEVEL, risk.max_risk_score), `${where} risk_score.max_level`,
      () => `max_level ${risk.max_level} for max score ${risk.max_risk_score}`);
  }
}

const walletProfile: AnswerCheck = ({ json: d }, where, t) => {
  walletRisk(d.risk_score, where, t);
  const n = d.nft_summary;
  if (n) {
    t.check('sums', n.collected + n.airdropped + n.suspected_spam === d.nft_count, `${where} nft_summary`,
      () => `buckets ${n.collected} + ${n.airdropped} + ${n.suspected_spam} ≠ nft_count ${d.nft_count}`);
  }
  // The list is cut (20 light, 100 full) while the value counts every holding: recompute when it is whole.
  if (typeof d.portfolio_value_usd === 'number' && d.holdings.length === d.holdings_count) {
    const parts = (d.native_balance?.usd ?? 0) + sum((d.holdings as Json[]).map((h) => h.value_usd ?? 0));
    t.check('sums', near(d.portfolio_value_usd, parts, 0.01 * (1 + d.holdings.length)), `${where} portfolio_value_usd`,
      () => `${d.portfolio_value_usd} ≠ native ${d.native_balance?.usd} + holdings ${parts - (d.native_balance?.usd ?? 0)}`);
  }
  for (const [i, h] of (d.holdings as Json[]).entries()) {
    if (typeof h.value_usd === 'number' && typeof h.price_usd === 'number') {
      t.check('sums', near(h.value_usd, h.ui_amount * h.price_usd, r2, 1e-6), `${where} holdings[${i}].value_usd`,
        () => `${h.value_usd} ≠ ${h.ui_amount} × ${h.price_usd}`);
    }
  }
  // nft_collector needs ≥ 10 collected NFTs (spec "Wallet labels").
  if ((d.labels as string[]).includes('nft_collector')) {
    t.check('label_flags', (n?.collected ?? 0) >= 10, `${where} labels`, () => `nft_collector with ${n?.collected} collected NFTs`);
  }
  if (d.behaviour) {
    for (const s of d.behaviour.signals as Json[]) {
      t.check('label_flags', (d.behaviour.labels as string[]).includes(s.label) === s.triggered, `${where} behaviour.${s.label}`,
        () => `signal triggered ${s.triggered} but labels ${JSON.stringify(d.behaviour.labels)}`);
    }
  }
};

/** Token analysis (light and full): price is the median of the sources used; full adds HHI, shares and volatility. */
export function tokenAnalysis(d: Json, where: string, t: Tally): void {
  const used = (d.price?.sources_used ?? []) as Json[];
  if (typeof d.price?.price_usd === 'number' && used.length > 0) {
    const ps = used.map((s) => s.price as number).sort((a, b) => a - b);
    const median = ps.length % 2 ? ps[(ps.length - 1) / 2]! : (ps[ps.length / 2 - 1]! + ps[ps.length / 2]!) / 2;
    t.check('sums', near(d.price.price_usd, median, 0, 1e-6), `${where} price.price_usd`, () => `${d.price.price_usd} ≠ median of ${JSON.stringify(ps)} (${median})`);
  }
  const c = d.concentration;
  for (const basis of ['raw_supply', 'tradeable_float'] as const) {
    const b = c?.[basis];
    if (!b || !Array.isArray(b.top_holders) || b.top_holders.length === 0) continue;
    const pcts = (b.top_holders as Json[]).map((h) => h.pct as number);
    const at = `${where} concentration.${basis}`;
    t.check('sums', near(b.top1_pct, pcts[0]!, r2), `${at}.top1_pct`, () => `${b.top1_pct} ≠ top holder ${pcts[0]}`);
    t.check('sums', near(b.top5_pct, sum(pcts.slice(0, 5)), 5 * r2), `${at}.top5_pct`, () => `${b.top5_pct} ≠ Σ top 5 ${sum(pcts.slice(0, 5))}`);
    if (typeof b.hhi === 'number') {
      const hhi = sum(pcts.slice(0, 20).map((p) => p * p));
      // Each listed pct is rounded to 2 decimals: the squares carry up to 2·p·0.005 each.
      t.check('sums', near(b.hhi, hhi, sum(pcts.slice(0, 20).map((p) => p * 0.01 + 0.0001)) + 0.01), `${at}.hhi`, () => `${b.hhi} ≠ Σ pct² ${hhi.toFixed(2)}`);
      t.check('verdicts', b.band === bandOf(HHI_BAND, b.hhi), `${at}.band`, () => `band ${b.band} for HHI ${b.hhi}`);
    }
  }
  const v = d.volatility;
  if (v && typeof v.daily_std_pct === 'number') {
    t.check('verdicts', v.level === bandOf(VOLATILITY_LEVEL, v.daily_std_pct), `${where} volatility.level`, () => `level ${v.level} for daily std ${v.daily_std_pct} %`);
  }
}

const tokenEnrich: AnswerCheck = ({ json }, where, t) => tokenAnalysis(json, where, t);

/** Token risk score: the capped sum of its factors' increments, its verdict the band. */
export function tokenRisk(r: Json, where: string, t: Tally): void {
  if (!r || typeof r.score !== 'number') return;
  const total = sum((r.factors as Json[]).map((f) => f.value as number));
  t.check('sums', near(r.score, Math.min(1, total), 1e-6), `${where}.score`, () => `${r.score} ≠ capped Σ factors ${total}`);
  t.check('verdicts', r.verdict === bandOf(TOKEN_VERDICT, r.score), `${where}.verdict`, () => `verdict ${r.verdict} for score ${r.score} (documented ${bandOf(TOKEN_VERDICT, r.score)})`);
}

/** Whale activity: counts by trend, the signal's sign = the net flow's, each trend its change's band (±0.5 %). */
export function whaleActivity(d: Json, where: string, t: Tally): void {
  const s = d.summary;
  const hs = (d.holders as Json[]).filter((h) => h.role === 'whale');
  const by = (trend: string) => hs.filter((h) => h.activity?.trend === trend).length;
  t.check('sums', s.accumulating === by('accumulating') && s.distributing === by('distributing') && s.holding === by('holding'), `${where} summary`,
    () => `counts ${s.accumulating}/${s.distributing}/${s.holding} vs rows ${by('accumulating')}/${by('distributing')}/${by('holding')}`);
  const moved = hs.filter((h) => h.activity && h.activity.trend !== 'holding' && typeof h.activity.net_change_usd === 'number');
  if (s.signal === 'accumulation' || s.signal === 'distribution') {
    t.check('label_flags', s.signal === 'accumulation' ? s.net_flow_usd > 0 : s.net_flow_usd < 0, `${where} summary.signal`,
      () => `signal ${s.signal} with net flow ${s.net_flow_usd} USD`);
  }
  if (moved.length > 0 && typeof s.net_flow_usd === 'number') {
    t.check('sums', near(s.net_flow_usd, sum(moved.map((h) => h.activity.net_change_usd)), 0.01 * moved.length + 0.01), `${where} summary.net_flow_usd`,
      () => `${s.net_flow_usd} ≠ Σ moving whales ${sum(moved.map((h) => h.activity.net_change_usd))}`);
  }
  if (typeof s.distribution_detected === 'boolean') {
    t.check('label_flags', s.distribution_detected === (s.distributing > 0), `${where} summary.distribution_detected`,
      () => `distribution_detected ${s.distribution_detected} with ${s.distributing} distributing`);
  }
  for (const [i, h] of (d.holders as Json[]).entries()) {
    const a = h.activity;
    if (!a || typeof a.change_pct !== 'number') continue;
    const expected = a.balance_start_ui === 0 && a.net_change_ui > 0 ? 'accumulating' : a.change_pct >= 0.5 ? 'accumulating' : a.change_pct <= -0.5 ? 'distributing' : 'holding';
    t.check('verdicts', a.trend === expected, `${where} holders[${i}].activity.trend`, () => `trend ${a.trend} for change ${a.change_pct} %`);
  }
}

const whaleWatch: AnswerCheck = ({ json }, where, t) => whaleActivity(json, where, t);

const dueDiligence: AnswerCheck = ({ json: d }, where, t) => {
  tokenRisk(d.token_risk_score, `${where} token_risk_score`, t);
  t.check('verdicts', d.verdict === d.token_risk_score.verdict, `${where} verdict`, () => `verdict ${d.verdict} vs token_risk_score.verdict ${d.token_risk_score.verdict}`);
  tokenAnalysis(d.token_analysis, `${where} token_analysis`, t);
  if (d.whale_activity?.summary) {
    whaleActivity(d.whale_activity, `${where} whale_activity`, t);
    const factor = (d.token_risk_score.factors as Json[]).some((f) => f.name === 'whale_distribution');
    if (typeof d.whale_activity.summary.distribution_detected === 'boolean') {
      t.check('label_flags', factor === d.whale_activity.summary.distribution_detected, `${where} token_risk_score.factors`,
        () => `whale_distribution factor ${factor} but whale_activity.distribution_detected ${d.whale_activity.summary.distribution_detected}`);
    }
  }
};

const copyTrade: AnswerCheck = ({ json: d }, where, t) => {
  const p = d.pnl;
  t.check('sums', near(p.realized_pnl_usd, p.gross_profit_usd - p.gross_loss_usd, 0.011), `${where} pnl.realized_pnl_usd`,
    () => `${p.realized_pnl_usd} ≠ gross profit ${p.gross_profit_usd} − gross loss ${p.gross_loss_usd}`);
  t.check('sums', p.wins + p.losses + p.breakeven === p.closed_trades, `${where} pnl.closed_trades`, () => `${p.wins} + ${p.losses} + ${p.breakeven} ≠ ${p.closed_trades}`);
  if (typeof d.win_rate.value_pct === 'number') {
    t.check('sums', near(d.win_rate.value_pct, (100 * d.win_rate.wins) / d.win_rate.n, r2), `${where} win_rate.value_pct`, () => `${d.win_rate.value_pct} ≠ ${d.win_rate.wins} / ${d.win_rate.n}`);
  }
  const m = d.max_drawdown;
  if (typeof m.value_usd === 'number' && typeof m.peak_equity_usd === 'number' && typeof m.trough_equity_usd === 'number') {
    t.check('sums', near(m.value_usd, m.peak_equity_usd - m.trough_equity_usd, 0.011), `${where} max_drawdown.value_usd`,
      () => `${m.value_usd} ≠ peak ${m.peak_equity_usd} − trough ${m.trough_equity_usd}`);
    // The percent shown beside an amount, a peak and a trough must be that same drawdown's.
    if (typeof m.value_pct === 'number' && m.peak_equity_usd > 0) {
      const pct = (100 * m.value_usd) / m.peak_equity_usd;
      t.check('sums', near(m.value_pct, pct, 0.011), `${where} max_drawdown.value_pct`,
        () => `${m.value_pct} % ≠ the shown drawdown ${m.value_usd} ÷ peak ${m.peak_equity_usd} = ${pct.toFixed(3)} %`);
    }
  }
  const pf = d.profit_factor;
  if (typeof pf.value === 'number' && pf.gross_loss_usd > 0) {
    t.check('sums', near(pf.value, pf.gross_profit_usd / pf.gross_loss_usd, 0.0001, 0.001), `${where} profit_factor.value`, () => `${pf.value} ≠ ${pf.gross_profit_usd} ÷ ${pf.gross_loss_usd}`);
  }
  if (typeof d.consistency.value_pct === 'number' && d.consistency.active_days > 0) {
    t.check('sums', near(d.consistency.value_pct, (100 * d.consistency.positive_days) / d.consistency.active_days, r2), `${where} consistency.value_pct`,
      () => `${d.consistency.value_pct} ≠ ${d.consistency.positive_days} / ${d.consistency.active_days}`);
  }
  const expected = p.closed_trades === 0 || !d.sufficient_data ? undefined : p.realized_pnl_usd > 0 ? 'profitable' : p.realized_pnl_usd < 0 ? 'losing' : undefined;
  if (expected) t.check('label_flags', d.performance === expected, `${where} performance`, () => `performance ${d.performance} with realized PnL ${p.realized_pnl_usd}`);
};

const compareTokens: AnswerCheck = ({ json: d }, where, t) => {
  for (const [i, x] of (d.tokens as Json[]).entries()) {
    if (!x.ok) continue;
    tokenRisk(x.risk, `${where} tokens[${i}].risk`, t);
    if (x.volatility && typeof x.volatility.daily_std_pct === 'number') {
      t.check('verdicts', x.volatility.level === bandOf(VOLATILITY_LEVEL, x.volatility.daily_std_pct), `${where} tokens[${i}].volatility`, () => JSON.stringify(x.volatility));
    }
    for (const b of ['raw_supply', 'tradeable_float']) {
      const h = x.concentration?.[`hhi_${b}`];
      if (typeof h === 'number') t.check('verdicts', x.concentration[`band_${b}`] === bandOf(HHI_BAND, h), `${where} tokens[${i}].concentration.band_${b}`, () => `${x.concentration[`band_${b}`]} for HHI ${h}`);
    }
  }
};

const compareWallets: AnswerCheck = ({ json: d }, where, t) => {
  for (const [i, w] of (d.wallets as Json[]).entries()) if (w.ok !== false && w.risk) walletRisk(w.risk, `${where} wallets[${i}]`, t);
};

const batchEnrich: AnswerCheck = ({ json: d, body }, where, t) => {
  for (const [i, item] of (d.items as Json[]).entries()) {
    if (!item.ok || !item.data) continue;
    if (body.type === 'token') tokenAnalysis(item.data, `${where} items[${i}]`, t);
    else walletProfile({ json: item.data } as Answer, `${where} items[${i}]`, t);
  }
};

const protocolProfile: AnswerCheck = ({ json: d }, where, t) => {
  const s = d.top_signers;
  if (s && Array.isArray(s.signers) && s.signers.length > 0) {
    const top3 = sum((s.signers as Json[]).slice(0, 3).map((x) => x.share_pct));
    t.check('sums', near(s.top3_share_pct, top3, 0.015), `${where} top_signers.top3_share_pct`, () => `${s.top3_share_pct} ≠ Σ top 3 ${top3}`);
    for (const [i, x] of (s.signers as Json[]).entries()) {
      t.check('sums', near(x.share_pct, (100 * x.tx_count) / s.parsed_transactions, r2), `${where} top_signers.signers[${i}].share_pct`,
        () => `${x.share_pct} ≠ ${x.tx_count} / ${s.parsed_transactions}`);
    }
  }
  const h = d.health;
  if (h && Array.isArray(h.factors)) {
    for (const f of h.factors as Json[]) {
      if (typeof f.value !== 'number' || typeof f.threshold !== 'number') continue;
      // A negative threshold is a floor (a fall at least that deep triggers); otherwise a ceiling.
      const crossed = f.threshold < 0 ? f.value <= f.threshold : f.value >= f.threshold;
      t.check('label_flags', crossed === f.triggered, `${where} health.factors.${f.name}`, () => `value ${f.value} vs threshold ${f.threshold}, triggered ${f.triggered}`);
    }
  }
};

export const WALLET_TOKEN_CHECKS: Readonly<Record<string, AnswerCheck[]>> = {
  'enrich-wallet-light': [walletProfile],
  'enrich-wallet-full': [walletProfile],
  'enrich-token-light': [tokenEnrich],
  'enrich-token-full': [tokenEnrich],
  'whale-watch': [whaleWatch],
  'due-diligence': [dueDiligence],
  'copy-trade-signals': [copyTrade],
  'compare-tokens': [compareTokens],
  'compare-wallets': [compareWallets],
  'batch-enrich': [batchEnrich],
  'protocol-profile': [protocolProfile],
};

/** Answers by endpoint and subject address (the first input field naming one). */
export function bySubject(answers: readonly Answer[], key: string, field: string): Map<string, Answer> {
  return new Map(answers.filter((a) => a.key === key).map((a) => [a.body[field] as string, a]));
}

/** `agree` with the quantity named apart from the subject. */
function agreeOn(t: Tally, where: string, what: string, a: unknown, b: unknown, tol = 0): void {
  agree(t, `${where} ${what}`, a, b, tol);
}

/** The same quantity for the same subject from two endpoints (same moment: the suite's fixed clock). */
export const WALLET_TOKEN_SET_CHECKS: SetCheck[] = [
  (answers, t) => {
    const light = bySubject(answers, 'enrich-token-light', 'mint');
    const full = bySubject(answers, 'enrich-token-full', 'mint');
    const dd = bySubject(answers, 'due-diligence', 'mint');
    const whales = bySubject(answers, 'whale-watch', 'mint');
    for (const [mint, f] of full) {
      const l = light.get(mint);
      const w = `enrich-token-light/full ${f.subject}`;
      if (l) {
        for (const k of ['market_cap_usd', 'fdv_usd', 'volume_24h_usd', 'liquidity_usd']) agreeOn(t, w, k, l.json[k], f.json[k]);
        agreeOn(t, w, 'price.price_usd', l.json.price?.price_usd, f.json.price?.price_usd);
        agreeOn(t, w, 'price_change', l.json.price_change, f.json.price_change);
        // Light reads no holders unless asked: compare the flags that do not depend on them.
        const holderFree = (flags: Json[] | undefined) => (flags ?? []).map((x) => x.flag).filter((x) => !/holder|top5|top_holder/.test(x)).sort();
        agreeOn(t, w, 'risk_flags (holder-independent)', holderFree(l.json.risk_flags), holderFree(f.json.risk_flags));
      }
      const d = dd.get(mint);
      if (d) {
        const w2 = `enrich-token-full/due-diligence ${f.subject}`;
        agreeOn(t, w2, 'price_usd', f.json.price?.price_usd, d.json.token_analysis.price?.price_usd);
        agreeOn(t, w2, 'liquidity_usd', f.json.liquidity_usd, d.json.token_analysis.liquidity_usd);
        agreeOn(t, w2, 'concentration.raw_supply.hhi', f.json.concentration?.raw_supply?.hhi, d.json.holder_concentration?.raw_supply?.hhi);
        agreeOn(t, w2, 'concentration.raw_supply.top1_pct', f.json.concentration?.raw_supply?.top1_pct, d.json.holder_concentration?.raw_supply?.top1_pct);
      }
      const ww = whales.get(mint);
      if (d && ww && d.json.whale_activity?.summary) {
        const w3 = `whale-watch/due-diligence ${f.subject}`;
        const a = ww.json.summary;
        const b = d.json.whale_activity.summary;
        for (const k of ['whales', 'accumulating', 'distributing', 'signal', 'net_flow_usd']) agreeOn(t, w3, `summary.${k}`, a[k], b[k]);
      }
    }
    // A wallet's risk score and holdings value from the light and full profiles and from compare-wallets.
    const wl = bySubject(answers, 'enrich-wallet-light', 'address');
    const wf = bySubject(answers, 'enrich-wallet-full', 'address');
    for (const [address, f] of wf) {
      const l = wl.get(address);
      if (!l) continue;
      const w = `enrich-wallet-light/full ${f.subject}`;
      agreeOn(t, w, 'risk_score.risk_score', l.json.risk_score?.risk_score, f.json.risk_score?.risk_score);
      agreeOn(t, w, 'portfolio_value_usd', l.json.portfolio_value_usd, f.json.portfolio_value_usd);
      agreeOn(t, w, 'nft_count', l.json.nft_count, f.json.nft_count);
    }
    for (const a of answers.filter((x) => x.key === 'compare-wallets')) {
      for (const w of a.json.wallets as Json[]) {
        const l = wl.get(w.address);
        if (l && w.risk) agreeOn(t, `${whereOf(a)}/enrich-wallet-light ${l.subject}`, 'risk_score', w.risk.risk_score, l.json.risk_score?.risk_score);
      }
    }
    for (const a of answers.filter((x) => x.key === 'compare-tokens')) {
      for (const x of a.json.tokens as Json[]) {
        const f = full.get(x.address);
        if (f && x.ok) {
          agreeOn(t, `${whereOf(a)}/enrich-token-full ${f.subject}`, 'price_usd', x.price_usd, f.json.price?.price_usd);
          agreeOn(t, `${whereOf(a)}/enrich-token-full ${f.subject}`, 'liquidity_usd', x.liquidity_usd, f.json.liquidity_usd);
          agreeOn(t, `${whereOf(a)}/enrich-token-full ${f.subject}`, 'volatility.daily_std_pct', x.volatility?.daily_std_pct, f.json.volatility?.daily_std_pct);
        }
      }
    }
    for (const a of answers.filter((x) => x.key === 'batch-enrich' && x.body.type === 'token')) {
      for (const item of a.json.items as Json[]) {
        const l = light.get(item.address);
        if (l && item.ok) agreeOn(t, `${whereOf(a)}/enrich-token-light ${l.subject}`, 'price.price_usd', item.data.price?.price_usd, l.json.price?.price_usd);
      }
    }
  },
];
