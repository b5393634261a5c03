/**
 * Exit verdict for a held token (exit-signal; docs/discovery.md "Exit signal").
 *
 * Exit score (0–1, 4 decimals) = Σ weight × factor:
 *   sellers_in_control   0.25  clamp((mean known sell share of m5, h1 − 0.5) ÷ (0.7 − 0.5), 0, 1)
 *   momentum             0.20  clamp(−(worst known price change of m5, h1) ÷ 30, 0, 1)
 *   liquidity_delta      0.10  clamp(−liquidity change % vs the spaced prior reading ÷ 25, 0, 1)
 *   holder_delta         0.10  clamp(−holder change % vs the spaced prior reading ÷ 10, 0, 1)
 *   stage_fading         0.25  1 when the runner stage is FADING
 *   parabolic_exhaustion 0.10  1 when the runner stage is PARABOLIC_LATE
 * An unknown input adds 0 and is listed in `unknown_factors`.
 *
 * Verdict: EXIT ≥ 0.7, DERISK ≥ 0.4, HOLD below — unless a HARD TRIGGER fires, which forces EXIT over
 * everything (the score is still reported as computed, so the caller sees the trigger did it):
 *   - liquidity_pull: pool liquidity −25 % or worse vs a prior reading ≥ 5 minutes old;
 *   - rug: a drained pool per the stage rules (liquidity < $1,000 with h1 price change ≤ −50 %);
 *   - active_dump: m5 price change ≤ −15 % with m5 sells ≥ 2 × m5 buys (at least one sell).
 * INSUFFICIENT_DATA without a market, or when neither buy/sell counts nor price changes are known and no
 * hard trigger fired. Unrealized PnL from `entryPriceUsd`: pnl_pct = (price − entry) ÷ entry × 100,
 * multiple = price ÷ entry.
 */
import { clamp, round2, round4, roundSig } from '../round.js';
import { readingDeltas, type ReadingDeltas } from './deltas.js';
import { runnerStage, usd, type RunnerStage } from './runner-stage.js';
import {
  DUMP_M5_PRICE_CHANGE_PCT,
  DUMP_SELL_BUY_RATIO,
  EXIT_HOLDER_FULL_DROP_PCT,
  EXIT_MOMENTUM_FULL_DROP_PCT,
  EXIT_SCORE_DERISK,
  EXIT_SCORE_EXIT,
  EXIT_SELL_SHARE_FLOOR,
  EXIT_SELL_SHARE_FULL,
  EXIT_WEIGHTS,
  LIQUIDITY_PULL_PCT,
  RUG_MAX_H1_PRICE_CHANGE_PCT,
  RUG_MAX_LIQUIDITY_USD,
} from './thresholds.js';
import type { LaunchMarket, PriorReading } from './types.js';
import type { ScoreFactor } from './velocity.js';
import { windowMetrics } from './windows.js';

export type ExitVerdict = 'EXIT' | 'DERISK' | 'HOLD' | 'INSUFFICIENT_DATA';
export type ExitFactorName = keyof typeof EXIT_WEIGHTS;
export type HardTriggerCode = 'liquidity_pull' | 'rug' | 'active_dump';

export interface ExitInput {
  market: LaunchMarket | null;
  prior?: PriorReading | null;
  holderCount: number | null;
  entryPriceUsd?: number | null;
  nowMs: number;
}

export interface UnrealizedPnl {
  entry_price_usd: number;
  price_usd: number | null;
  /** 0-based percent: +50 = up 50 %. Null when the current price is unknown. */
  pnl_pct: number | null;
  multiple: number | null;
}

export interface ExitResult {
  verdict: ExitVerdict;
  /** Null with INSUFFICIENT_DATA. */
  exit_score: number | null;
  factors: ScoreFactor<ExitFactorName>[];
  unknown_factors: ExitFactorName[];
  hard_triggers: { code: HardTriggerCode; detail: string }[];
  reasoning: string[];
  stage: RunnerStage | null;
  deltas: ReadingDeltas | null;
  deltas_unavailable: { code: string; message: string } | null;
  pnl: UnrealizedPnl | null;
}

export function exitVerdictOf(score: number): Exclude<ExitVerdict, 'INSUFFICIENT_DATA'> {
  const s = round4(score);
  if (s >= EXIT_SCORE_EXIT) return 'EXIT';
  if (s >= EXIT_SCORE_DERISK) return 'DERISK';
  return 'HOLD';
}

function unrealizedPnl(entry: number | null | undefined, price: number | null): UnrealizedPnl | null {
  if (entry === null || entry === undefined || !(entry > 0)) return null;
  if (price === null || !Number.isFinite(price)) return { entry_price_usd: entry, price_usd: null, pnl_pct: null, multiple: null };
  return { entry_price_usd: entry, price_usd: price, pnl_pct: round2(((price - entry) / entry) * 100), multiple: roundSig(price / entry, 6) };
}

export function exitSignal(i: ExitInput): ExitResult {
  const d = readingDeltas({ liquidityUsd: i.market?.liquidityUsd ?? null, holderCount: i.holderCount }, i.prior, i.nowMs);
  const pnl = unrealizedPnl(i.entryPriceUsd, i.market?.priceUsd ?? null);
  if (i.market === null) {
    return {
      verdict: 'INSUFFICIENT_DATA',
      exit_score: null,
      factors: [],
      unknown_factors: Object.keys(EXIT_WEIGHTS) as ExitFactorName[],
      hard_triggers: [],
      reasoning: ['no DEX market found for this token: nothing to judge an exit on'],
      stage: null,
      deltas: d.deltas,
      deltas_unavailable: d.unavailable,
      pnl,
    };
  }
  const m = i.market;
  const metrics = windowMetrics(m);
  const w = metrics.windows;
  const stage = runnerStage(m, i.prior, i.nowMs, metrics);

  const values = {} as Record<ExitFactorName, number>;
  const details = {} as Record<ExitFactorName, string>;
  const unknown: ExitFactorName[] = [];

  const sellShares = [w.m5.buy_share, w.h1.buy_share].filter((s): s is number => s !== null).map((s) => round4(1 - s));
  const sellShare = sellShares.length > 0 ? round4(sellShares.reduce((a, b) => a + b, 0) / sellShares.length) : null;
  values.sellers_in_control = sellShare === null ? 0 : clamp((sellShare - EXIT_SELL_SHARE_FLOOR) / (EXIT_SELL_SHARE_FULL - EXIT_SELL_SHARE_FLOOR), 0, 1);
  details.sellers_in_control = sellShare === null ? 'buy/sell counts unknown' : `mean sell share (m5, h1) ${sellShare}`;
  if (sellShare === null) unknown.push('sellers_in_control');

  const changes = [w.m5.price_change_pct, w.h1.price_change_pct].filter((c): c is number => c !== null);
  const worst = changes.length > 0 ? Math.min(...changes) : null;
  values.momentum = worst === null ? 0 : clamp(-worst / EXIT_MOMENTUM_FULL_DROP_PCT, 0, 1);
  details.momentum = worst === null ? 'price changes unknown' : `worst price change (m5, h1) ${worst} %`;
  if (worst === null) unknown.push('momentum');

  const liq = d.deltas?.liquidity_change_pct ?? null;
  values.liquidity_delta = liq === null ? 0 : clamp(-liq / LIQUIDITY_PULL_PCT, 0, 1);
  details.liquidity_delta = liq === null ? (d.unavailable?.message ?? 'liquidity unknown') : `liquidity ${liq} % since the prior reading`;
  if (liq === null) unknown.push('liquidity_delta');

  const holders = d.deltas?.holder_change_pct ?? null;
  values.holder_delta = holders === null ? 0 : clamp(-holders / EXIT_HOLDER_FULL_DROP_PCT, 0, 1);
  details.holder_delta = holders === null ? (d.unavailable?.message ?? 'holder count unknown') : `holders ${holders} % since the prior reading`;
  if (holders === null) unknown.push('holder_delta');

  values.stage_fading = stage.stage === 'FADING' ? 1 : 0;
  details.stage_fading = `runner stage ${stage.stage}`;
  values.parabolic_exhaustion = stage.stage === 'PARABOLIC_LATE' ? 1 : 0;
  details.parabolic_exhaustion = `runner stage ${stage.stage}`;

  const names = Object.keys(EXIT_WEIGHTS) as ExitFactorName[];
  const factors = names.map((name) => ({ name, value: round4(values[name]), weight: EXIT_WEIGHTS[name], detail: details[name] }));
  const score = round4(clamp(factors.reduce((s, f) => s + f.weight * f.value, 0), 0, 1));

  const triggers: { code: HardTriggerCode; detail: string }[] = [];
  if (liq !== null && liq <= -LIQUIDITY_PULL_PCT) {
    triggers.push({ code: 'liquidity_pull', detail: `pool liquidity ${liq} % since the prior reading (−${LIQUIDITY_PULL_PCT} % or worse)` });
  }
  const h1Change = w.h1.price_change_pct;
  if (m.liquidityUsd !== null && m.liquidityUsd < RUG_MAX_LIQUIDITY_USD && h1Change !== null && h1Change <= RUG_MAX_H1_PRICE_CHANGE_PCT) {
    triggers.push({ code: 'rug', detail: `pool drained: liquidity ${usd(m.liquidityUsd)} (< ${usd(RUG_MAX_LIQUIDITY_USD)}) with the price ${h1Change} % over 1 h` });
  }
  const { buys, sells, price_change_pct: m5Change } = w.m5;
  if (m5Change !== null && m5Change <= DUMP_M5_PRICE_CHANGE_PCT && buys !== null && sells !== null && sells > 0 && sells >= DUMP_SELL_BUY_RATIO * buys) {
    triggers.push({ code: 'active_dump', detail: `active dump: price ${m5Change} % over 5 min (≤ ${DUMP_M5_PRICE_CHANGE_PCT} %) with ${sells} sells vs ${buys} buys (≥ ${DUMP_SELL_BUY_RATIO}×)` });
  }

  const base = { factors, unknown_factors: unknown, hard_triggers: triggers, stage: stage.stage, deltas: d.deltas, deltas_unavailable: d.unavailable, pnl };
  if (triggers.length === 0 && sellShare === null && worst === null) {
    return { ...base, verdict: 'INSUFFICIENT_DATA', exit_score: null, reasoning: ['the market reports neither buy/sell counts nor price changes for m5 and h1: no exit reading'] };
  }
  const byScore = exitVerdictOf(score);
  const verdict: ExitVerdict = triggers.length > 0 ? 'EXIT' : byScore;
  const reasoning = triggers.length > 0 ? [`hard trigger → EXIT regardless of the score (${score}):`, ...triggers.map((t) => t.detail)] : [];
  reasoning.push(`exit score ${score} → ${byScore} (EXIT ≥ ${EXIT_SCORE_EXIT}, DERISK ≥ ${EXIT_SCORE_DERISK})`);
  reasoning.push(...factors.filter((f) => f.value > 0).map((f) => `${f.name} ${f.value} × ${f.weight}: ${f.detail}`));
  reasoning.push(`runner stage ${stage.stage}: ${stage.reasons.join('; ')}`);
  if (pnl !== null && pnl.pnl_pct !== null) reasoning.push(`unrealized PnL ${pnl.pnl_pct} % (${pnl.multiple}× the entry price)`);
  return { ...base, verdict, exit_score: score, reasoning };
}
