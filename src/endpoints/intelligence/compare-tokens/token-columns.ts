/**
 * compare-tokens: the full token analysis of each mint (exactly enrich-token-full's code) side by side,
 * its token risk score (src/analytics/token-risk-score.ts), rankings per metric and summary picks.
 *
 * Whale activity is not read here (due-diligence does that): whale_distribution is an unknown factor of
 * every score, so every score is a lower bound by at most 0.05 — equally for all members, which keeps
 * them comparable. A score with any OTHER unknown factor (e.g. holders unavailable) is not comparable:
 * it ranks as unknown, last, rather than looking safer than it is.
 *
 * Directions: lower risk, HHI and volatility rank first; higher liquidity, volume and market cap rank
 * first. Price is shown but not ranked (a unit price says nothing about better or worse).
 * Picks: safest (risk), most_liquid, least_concentrated (HHI on the tradeable float: pools, curves,
 * burn and exchange wallets cannot dump on holders), least_volatile, and overall = best verdict first,
 * then the best mean rank over risk, liquidity, float HHI and volatility (unknown = last place).
 */
import type { VolatilityResult } from '../../../analytics/volatility.js';
import { overallPick } from '../../../analytics/rankings.js';
import { round2 } from '../../../analytics/round.js';
import { tokenRiskScore, type TokenVerdict } from '../../../analytics/token-risk-score.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { analyzeTokenWithFacts, type TokenFacts } from '../../shared/token-analysis.js';
import { compareMembers, degradedMembersCaveat, pickOut, ranking, requireComparable, type PickOut } from '../shared/comparison.js';
import type { MemberError } from '../../shared/member-errors.js';
import { asNumber as num } from '../../../lib/read.js';

const VERDICT_TIER: Record<TokenVerdict, number> = { SAFE: 0, CAUTION: 1, RISKY: 2 };
/** The one factor compare-tokens never reads (whale activity): shared by every member's score. */
const NOT_READ_HERE = 'whale_distribution';


interface TokenColumn {
  address: string;
  ok: true;
  name: string | null;
  symbol: string | null;
  verified: boolean | null;
  price_usd: number | null;
  liquidity_usd: number | null;
  volume_24h_usd: number | null;
  market_cap_usd: number | null;
  volatility: { level: string; daily_std_pct: number | null };
  concentration: { hhi_raw_supply: number | null; band_raw_supply: string; hhi_tradeable_float: number | null; band_tradeable_float: string; top1_pct: number | null; top5_pct: number | null } | null;
  risk: ReturnType<typeof tokenRiskScore> & { comparable: boolean };
  risk_flags: string[];
  caveats: Caveat[];
}

function column(mint: string, result: HandlerResult, facts: TokenFacts): TokenColumn {
  const d = result.data;
  // The full analysis always carries its volatility (analyzeToken with full: true builds it).
  const volatility = d.volatility as VolatilityResult;
  const c = facts.concentration;
  const score = tokenRiskScore({
    flags: facts.riskFlags,
    verified: facts.verified,
    mintAuthorityActive: facts.mintAuthorityActive,
    freezeAuthorityActive: facts.freezeAuthorityActive,
    top1Pct: c?.raw_supply.top1_pct ?? null,
    top5Pct: c?.raw_supply.top5_pct ?? null,
    whaleDistribution: null,
  });
  return {
    address: mint,
    ok: true,
    name: (d.name as string | null) ?? null,
    symbol: (d.symbol as string | null) ?? null,
    verified: facts.verified,
    price_usd: facts.priceUsd,
    liquidity_usd: num(d.liquidity_usd),
    volume_24h_usd: num(d.volume_24h_usd),
    market_cap_usd: num(d.market_cap_usd),
    volatility: { level: volatility.level, daily_std_pct: volatility.daily_std_pct },
    concentration: c
      ? { hhi_raw_supply: c.raw_supply.hhi, band_raw_supply: c.raw_supply.band, hhi_tradeable_float: c.tradeable_float.hhi, band_tradeable_float: c.tradeable_float.band, top1_pct: c.raw_supply.top1_pct, top5_pct: c.raw_supply.top5_pct }
      : null,
    risk: { ...score, comparable: score.unknown_factors.every((f) => f === NOT_READ_HERE) },
    risk_flags: facts.riskFlags.filter((f) => f.kind === 'risk').map((f) => f.flag),
    caveats: result.caveats ?? [],
  };
}

export async function compareTokens(mints: string[], ctx: HandlerContext): Promise<HandlerResult> {
  const started = performance.now();
  const members = await compareMembers(mints, (mint) => analyzeTokenWithFacts(mint, { includeHolders: false, full: true }, ctx), ctx);
  const caveats = requireComparable(members, 'tokens');
  const columns: (TokenColumn | { address: string; ok: false; error: MemberError })[] = members.map((m) => (m.ok ? column(m.address, m.value.result, m.value.facts) : m));
  const ok = columns.filter((c): c is TokenColumn => c.ok);
  const byAddress = new Map(ok.map((c) => [c.address, c]));
  const label = (a: string) => byAddress.get(a)?.symbol ?? a;

  const risk = ranking(ok.map((c) => ({ address: c.address, value: c.risk.comparable ? c.risk.score : null })), 'lowest', 'Token risk score (0 safe … 1); lower ranks first. A score with unknown factors besides whale_distribution is unknown here.');
  const liquidity = ranking(ok.map((c) => ({ address: c.address, value: c.liquidity_usd })), 'highest', 'Pool liquidity in USD; higher ranks first');
  const volume = ranking(ok.map((c) => ({ address: c.address, value: c.volume_24h_usd })), 'highest', '24 h trading volume in USD; higher ranks first');
  const marketCap = ranking(ok.map((c) => ({ address: c.address, value: c.market_cap_usd })), 'highest', 'Market cap in USD; higher ranks first');
  const volatility = ranking(ok.map((c) => ({ address: c.address, value: c.volatility.daily_std_pct })), 'lowest', 'Daily standard deviation of price in percent; lower ranks first');
  const hhiRaw = ranking(ok.map((c) => ({ address: c.address, value: c.concentration?.hhi_raw_supply ?? null })), 'lowest', 'HHI of the top 20 holders on total supply (0–10000); lower ranks first');
  const hhiFloat = ranking(ok.map((c) => ({ address: c.address, value: c.concentration?.hhi_tradeable_float ?? null })), 'lowest', 'HHI on the tradeable float (pools, curves, burn, exchanges excluded); lower ranks first');

  const usd = (v: number) => `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
  const overall = overallPick(ok.map((c) => c.address), [risk.ranking, liquidity.ranking, hhiFloat.ranking, volatility.ranking], (a) => {
    const col = byAddress.get(a)!;
    return col.risk.comparable ? VERDICT_TIER[col.risk.verdict] : null;
  });
  const picks: Record<string, PickOut> = {
    safest: pickOut(risk.ranking, label, 'risk score', (v) => `${v} (${ok.find((c) => c.risk.score === v)?.risk.verdict ?? ''})`),
    most_liquid: pickOut(liquidity.ranking, label, 'liquidity', usd),
    least_concentrated: pickOut(hhiFloat.ranking, label, 'float HHI', (v) => String(v)),
    least_volatile: pickOut(volatility.ranking, label, 'daily volatility', (v) => `${v} %`),
    overall: {
      address: overall.id,
      tied_with: overall.tied,
      value: overall.value,
      reason: overallReason(overall.id, overall.tied, overall.candidates, byAddress, label),
    },
  };

  caveats.push(...degradedMembersCaveat(ok));
  caveats.push({ code: 'whale_activity_not_read', message: 'Whale distribution is not checked here (due-diligence does): each risk score is a lower bound by at most 0.05, equally for every token.' });
  return {
    data: {
      mints,
      tokens: columns,
      rankings: {
        risk_score: risk.out, liquidity_usd: liquidity.out, volume_24h_usd: volume.out, market_cap_usd: marketCap.out,
        volatility_daily_std_pct: volatility.out, hhi_raw_supply: hhiRaw.out, hhi_tradeable_float: hhiFloat.out,
      },
      picks,
    },
    caveats,
    next_steps: nextSteps(ok, overall.id),
    timings: { compare: Math.round(performance.now() - started) },
  };
}

function overallReason(
  id: string | null, tied: string[], candidates: { id: string; tier: number | null; mean_rank: number }[],
  byAddress: Map<string, TokenColumn>, label: (a: string) => string,
): string {
  const verdict = (a: string) => (byAddress.get(a)!.risk.comparable ? byAddress.get(a)!.risk.verdict : 'verdict unknown');
  const list = candidates.map((c) => `${label(c.id)} (${verdict(c.id)}, mean rank ${round2(c.mean_rank)})`).join(', ');
  const basis = 'best verdict first, then the best mean rank over risk, liquidity, float HHI and volatility';
  if (id === null) return tied.length > 0 ? `No single pick: ${tied.map(label).join(' and ')} tie (${basis}): ${list}.` : 'No pick.';
  return `${label(id)} (${basis}): ${list}.`;
}

function nextSteps(ok: TokenColumn[], overall: string | null): NextStep[] {
  const steps: NextStep[] = [];
  if (overall) steps.push({ endpoint: 'due-diligence', input: { mint: overall }, reason: 'Full due diligence of the overall pick, whale activity included' });
  const riskiest = [...ok].sort((a, b) => b.risk.score - a.risk.score)[0];
  if (riskiest && riskiest.address !== overall && riskiest.risk.verdict !== 'SAFE') {
    steps.push({ endpoint: 'whale-watch', input: { mint: riskiest.address }, reason: `Whether the whales of the riskiest token (${riskiest.symbol ?? riskiest.address}) are selling` });
  }
  return steps;
}
