/**
 * The token risk score of a discovery candidate (new-tokens, trending-signals): the spec's token risk
 * score (src/analytics/token-risk-score.ts, as due-diligence and compare-tokens compute it) over
 * enrich-token-light's answer WITH the top holders, read through `ctx.call` (validated, cached and
 * shared with every other caller of the same input).
 *
 * Why with holders: the light analysis without them cannot check the two holder factors (top holder
 * > 50 %, top 5 > 80 %: up to +0.25), and a "safest first" list should not rank a token whose dev holds
 * 60 % of supply as safe. With them only whale distribution (+0.05) stays unread — due-diligence reads
 * whales — so every score here is a lower bound by at most 0.05, equally for every token, and
 * `whale_distribution` is listed under `unknown_factors`. A holder leg that failed inside the light
 * analysis leaves its factors unknown too (never "safe"): the score says `is_lower_bound`.
 *
 * Reads run under a concurrency bound and a time budget (src/lib/bounded-run.ts): a read that fails or does not
 * finish is an outcome (its token's risk is unknown), not a failed call.
 */
import { holderConcentration } from '../../../analytics/concentration.js';
import type { TokenRiskFlag } from '../../../analytics/token-risk-flags.js';
import { tokenRiskScore, type TokenRiskScore } from '../../../analytics/token-risk-score.js';
import type { HolderKind, HolderRow } from '../../../analytics/types.js';
import { asNumber, asObject, asString, type JsonObject } from '../../../lib/read.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { runBounded } from '../../../lib/bounded-run.js';
import { errorOfOutcome, type MemberError } from '../../shared/member-errors.js';

/** Risk reads at once: one light analysis is ≈ 10 upstream requests, so 8 keep a burst near 80. */
const RISK_READ_CONCURRENCY = 8;

/** The token risk score (0–1, 4 decimals) and the risk flags it counted. */
export interface LaunchRisk extends TokenRiskScore {
  /** The risk flags (kind `risk`) the light analysis raised, by name. */
  flags: string[];
}

export type LaunchRiskRead =
  | { ok: true; risk: LaunchRisk; caveats: Caveat[] }
  | { ok: false; error: MemberError };

const HOLDER_KINDS: ReadonlySet<string> = new Set(['pool', 'bonding_curve', 'burn', 'exchange', 'other']);

/** The top holders of the answer as concentration rows; null when the holders were not read. */
function holderRows(data: JsonObject): HolderRow[] | null {
  if (!Array.isArray(data.top_holders)) return null;
  return (data.top_holders as unknown[]).flatMap((h): HolderRow[] => {
    const o = asObject(h);
    const owner = asString(o?.owner);
    const ui = asNumber(o?.ui_amount);
    if (!o || !owner || ui === null) return [];
    const kind = asString(o.kind);
    return [{ owner, tokenAccount: asString(o.token_account) ?? owner, amountRaw: asString(o.amount_raw) ?? '0', uiAmount: ui, ...(kind && HOLDER_KINDS.has(kind) ? { kind: kind as HolderKind } : {}) }];
  });
}

/** The token risk score of one enrich-token-light answer (`include_holders: true`). Pure. */
export function riskOfLightAnswer(data: JsonObject): LaunchRisk {
  const flags = Array.isArray(data.risk_flags) ? (data.risk_flags as TokenRiskFlag[]) : [];
  const authorities = asObject(data.authorities);
  const verified = asObject(data.verification)?.verified;
  const rows = holderRows(data);
  const supplyUi = asNumber(asObject(data.supply)?.ui);
  const concentration = rows !== null && supplyUi !== null ? holderConcentration(rows, supplyUi).raw_supply : null;
  const score = tokenRiskScore({
    flags,
    verified: typeof verified === 'boolean' ? verified : null,
    mintAuthorityActive: authorities ? authorities.mint_authority !== null : null,
    freezeAuthorityActive: authorities ? authorities.freeze_authority !== null : null,
    top1Pct: concentration?.top1_pct ?? null,
    top5Pct: concentration?.top5_pct ?? null,
    whaleDistribution: null,
  });
  return { ...score, flags: flags.filter((f) => f.kind === 'risk').map((f) => f.flag) };
}

/** One token's risk read; never throws for an upstream failure (that is an outcome). */
async function readOne(ctx: HandlerContext, mint: string): Promise<{ risk: LaunchRisk; caveats: Caveat[] }> {
  const light = await ctx.call('enrich-token-light', { mint, include_holders: true });
  return { risk: riskOfLightAnswer(light.data), caveats: light.caveats ?? [] };
}

/** Risk reads of `mints` (bounded, within `budgetMs`), by mint. */
export async function readLaunchRisks(ctx: HandlerContext, mints: readonly string[], budgetMs: number): Promise<Map<string, LaunchRiskRead>> {
  const outcomes = await runBounded(mints, (mint) => readOne(ctx, mint), { concurrency: RISK_READ_CONCURRENCY, budgetMs, signal: ctx.signal, timers: ctx.timers });
  return new Map(mints.map((mint, i): [string, LaunchRiskRead] => {
    const o = outcomes[i]!;
    return [mint, o.status === 'done' ? { ok: true, risk: o.value.risk, caveats: o.value.caveats } : { ok: false, error: errorOfOutcome(o) }];
  }));
}

/**
 * The caveats a set of risk reads leaves: one per source that degraded inside the light analyses (kept
 * as `leg_degraded`, so the answer is cached briefly), one for the reads that failed, one saying what the
 * score does not read.
 */
export function riskCaveats(reads: ReadonlyMap<string, LaunchRiskRead>, failedEffect: string): Caveat[] {
  const caveats: Caveat[] = [];
  const degraded = new Map<string, number>();
  const failed: string[] = [];
  for (const [mint, read] of reads) {
    if (!read.ok) {
      failed.push(`${mint} (${read.error.code})`);
      continue;
    }
    const legs = new Set(read.caveats.filter((c) => c.code === 'leg_degraded' && c.leg).map((c) => c.leg!));
    for (const leg of legs) degraded.set(leg, (degraded.get(leg) ?? 0) + 1);
  }
  for (const [leg, n] of [...degraded].sort(([a], [b]) => (a < b ? -1 : 1))) {
    caveats.push({ code: 'leg_degraded', leg, message: `The ${leg} source failed inside the risk reads of ${n} token(s): factors it feeds are unknown there, and those scores are lower bounds (see each token's risk.unknown_factors).` });
  }
  if (failed.length > 0) {
    caveats.push({ code: 'risk_unread', message: `The risk of ${failed.length} token(s) could not be read (enrich-token-light): ${failed.join(', ')}. ${failedEffect}` });
  }
  if (reads.size > 0) {
    caveats.push({ code: 'risk_score_scope', message: 'Risk scores are the token risk score of due-diligence over the light analysis with top holders; whale distribution is not read here (due-diligence does), so each score is a lower bound by at most 0.05.' });
  }
  return caveats;
}
