/**
 * check-alerts' reading of one watched subject: observe it now (the same answer enrich-token-full /
 * enrich-wallet-light gives, through the shared cache), append that observation to the log so the next
 * poll has a baseline, pick the baseline (latest observation at or before `since` that is at least 5
 * minutes older than now) and run the pure alert analytics (src/analytics/alerts.ts).
 */
import {
  REPEAT_SPACING_MS, deltaAlerts, tokenMoves, walletMoves, whaleAlerts,
  type Alert, type AlertCriteria, type Observation, type TokenObservationData, type WalletObservationData, type WhaleFlows,
} from '../../../analytics/alerts.js';
import { ApiError } from '../../../app/errors.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { SourceError, toApiError } from '../../../sources/errors.js';
import type { ObservationRecord } from '../../../store/types.js';
import { readWhaleActivity, type WhaleBasics } from '../../intelligence/shared/whales.js';
import type { TopHolder } from '../../wallet-token/shared/holders.js';
import { tokenSnapshotData, walletSnapshotData } from '../../wallet-token/shared/snapshots.js';
import { asNumber as num, asObject as obj } from '../../../lib/read.js';

/** Observations read after the baseline at most (about 3.5 days of one per minute); later crossings fire at the current one. */
export const OBSERVATION_SCAN_LIMIT = 5_000;
/** Who counts as a whale (whale-watch's default threshold); `min_whale_volume_usd` is the flow threshold. */
export const WHALE_HOLDING_USD = 10_000;
/** The whale window: since → now, at most whale-watch's longest lookback. */
export const MAX_WHALE_WINDOW_HOURS = 168;

export interface SubjectStatus {
  type: 'token' | 'wallet';
  address: string;
  status: 'compared' | 'no_baseline' | 'unavailable';
  baseline_at: string | null;
  observed_at: string | null;
  alerts: number;
}

export interface SubjectReading {
  status: SubjectStatus;
  alerts: Alert[];
  caveats: Caveat[];
  /** The error when the subject could not be observed (every subject failing fails the call). */
  error?: ApiError;
}

type Data = Record<string, unknown>;

export const tokenFields = (d: Data): TokenObservationData => ({ price_usd: num(d.price_usd), top5_pct: num(d.top5_pct), risk_score: num(d.risk_score) });

export const walletFields = (d: Data): WalletObservationData => ({
  portfolio_value_usd: num(d.portfolio_value_usd),
  risk_score: num(d.risk_score),
  positions: Array.isArray(d.positions)
    ? (d.positions as unknown[]).flatMap((p) => {
      const o = p && typeof p === 'object' ? (p as Data) : null;
      return o && typeof o.mint === 'string' ? [{ mint: o.mint, value_usd: num(o.value_usd) }] : [];
    })
    : [],
});

export interface WatchArgs {
  sinceMs: number;
  nowMs: number;
  criteria: AlertCriteria;
  ctx: HandlerContext;
}

function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof SourceError) return toApiError(err);
  throw err;
}

/**
 * Stores the current observation (a row at this moment that already exists is kept: it may be in an
 * alert id already) and returns the baseline and the observations after it, the current one last.
 */
async function observationWindow(type: 'token' | 'wallet', address: string, data: Data, a: WatchArgs) {
  const now = new Date(a.nowMs);
  await a.ctx.store.putObservation({ subjectType: type, subject: address, observedAt: now, data });
  const cutoff = new Date(Math.min(a.sinceMs, a.nowMs - REPEAT_SPACING_MS));
  const baseline = await a.ctx.store.observationAtOrBefore(type, address, cutoff);
  if (!baseline) return { baseline: undefined, later: [] as ObservationRecord[] };
  const later = await a.ctx.store.observationsBetween(type, address, baseline.observedAt, now, OBSERVATION_SCAN_LIMIT);
  if (later[later.length - 1]?.observedAt.getTime() !== a.nowMs) {
    const current = await a.ctx.store.observationAtOrBefore(type, address, now);
    if (current) later.push(current);
  }
  return { baseline, later };
}

const toObservation = <D>(r: ObservationRecord, fields: (d: Data) => D): Observation<D> => ({ at: r.observedAt.getTime(), data: fields(r.data) });

function noBaselineCaveat(type: string, address: string, a: WatchArgs): Caveat {
  return {
    code: 'no_baseline',
    message: `No observation of ${type} ${address} at or before ${new Date(Math.min(a.sinceMs, a.nowMs - REPEAT_SPACING_MS)).toISOString()} (since, and at least 5 minutes ago): no delta alerts for it this time. This poll recorded one; poll again in 5 minutes or more with since = checked_at.`,
  };
}

async function readDeltas<D>(type: 'token' | 'wallet', address: string, data: Data, fields: (d: Data) => D, moves: (b: D, c: D) => ReturnType<typeof tokenMoves>, a: WatchArgs) {
  const { baseline, later } = await observationWindow(type, address, data, a);
  if (!baseline) return { baselineAt: null, alerts: [] as Alert[], caveats: [noBaselineCaveat(type, address, a)] };
  const alerts = deltaAlerts({
    subject: { type, address },
    baseline: toObservation(baseline, fields),
    later: later.map((r) => toObservation(r, fields)),
    sinceMs: a.sinceMs,
    moves,
  });
  return { baselineAt: baseline.observedAt.toISOString(), alerts, caveats: [] as Caveat[] };
}

/**
 * Whale flows since `since` (window capped at 168 h): optional, a failure is a caveat. The holders, price
 * and supply come from the enrich-token-full answer the poll already has (no second read of them).
 */
async function readWhales(mint: string, basics: WhaleBasics, a: WatchArgs): Promise<{ alerts: Alert[]; caveats: Caveat[] }> {
  const caveats: Caveat[] = [];
  const windowMs = Math.min(a.nowMs - a.sinceMs, MAX_WHALE_WINDOW_HOURS * 3_600_000);
  if (windowMs <= 0) return { alerts: [], caveats };
  if (a.nowMs - a.sinceMs > windowMs) {
    caveats.push({ code: 'whale_window_capped', message: `Whale flows of ${mint} cover the last ${MAX_WHALE_WINDOW_HOURS} h only (since is older).` });
  }
  try {
    if (basics.topHolders.length === 0) {
      caveats.push({ code: 'whale_flows_unavailable', message: `Top holders of ${mint} unavailable: no whale alert was evaluated for it.` });
      return { alerts: [], caveats };
    }
    if (basics.priceUsd === null) {
      caveats.push({ code: 'whale_flows_unpriced', message: `No price for ${mint}: whale flows cannot be valued in USD, so no whale alert was evaluated.` });
      return { alerts: [], caveats };
    }
    const { report, caveats: whaleCaveats } = await readWhaleActivity(mint, basics, { thresholdUsd: WHALE_HOLDING_USD, lookbackHours: windowMs / 3_600_000 }, a.ctx);
    caveats.push(...whaleCaveats);
    const whales: WhaleFlows[] = report.holders.flatMap((h) =>
      h.activity ? [{ owner: h.owner, flows: h.activity.evidence.map((e) => ({ signature: e.signature, at: Date.parse(e.at), delta_ui: e.delta_ui })) }] : []);
    return { alerts: whaleAlerts({ mint, whales, priceUsd: basics.priceUsd, sinceMs: a.sinceMs, minVolumeUsd: a.criteria.min_whale_volume_usd }), caveats };
  } catch (err) {
    const e = asApiError(err);
    caveats.push({ code: 'leg_degraded', leg: 'whale_flows', message: `Whale flows of ${mint} unavailable (${e.code}): no whale alert was evaluated for it.` });
    return { alerts: [], caveats };
  }
}

function unavailable(type: 'token' | 'wallet', address: string, err: unknown): SubjectReading {
  const error = asApiError(err);
  return {
    status: { type, address, status: 'unavailable', baseline_at: null, observed_at: null, alerts: 0 },
    alerts: [],
    caveats: [{ code: 'subject_unavailable', message: `${type} ${address} could not be observed (${error.code}): ${error.message}` }],
    error,
  };
}

/** Whale basics from an enrich-token-full answer (its own output schema: `top_holders` as listed by holders.ts). */
function whaleBasicsOf(analysis: Data): WhaleBasics {
  const holders = Array.isArray(analysis.top_holders) ? (analysis.top_holders as TopHolder[]) : [];
  return { topHolders: holders, priceUsd: num(obj(analysis.price)?.price_usd), supplyUi: num(obj(analysis.supply)?.ui) };
}

export async function watchToken(mint: string, a: WatchArgs): Promise<SubjectReading> {
  let data: Data;
  let basics: WhaleBasics;
  try {
    const analysis = (await a.ctx.call('enrich-token-full', { mint })).data;
    data = { ...tokenSnapshotData(analysis) };
    basics = whaleBasicsOf(analysis);
  } catch (err) {
    return unavailable('token', mint, err);
  }
  const [deltas, whales] = await Promise.all([readDeltas('token', mint, data, tokenFields, (b, c) => tokenMoves(b, c, a.criteria), a), readWhales(mint, basics, a)]);
  const alerts = [...deltas.alerts, ...whales.alerts];
  return {
    status: { type: 'token', address: mint, status: deltas.baselineAt ? 'compared' : 'no_baseline', baseline_at: deltas.baselineAt, observed_at: new Date(a.nowMs).toISOString(), alerts: alerts.length },
    alerts,
    caveats: [...deltas.caveats, ...whales.caveats],
  };
}

export async function watchWallet(address: string, a: WatchArgs): Promise<SubjectReading> {
  let data: Data;
  try {
    data = { ...walletSnapshotData((await a.ctx.call('enrich-wallet-light', { address })).data) };
  } catch (err) {
    return unavailable('wallet', address, err);
  }
  const deltas = await readDeltas('wallet', address, data, walletFields, (b, c) => walletMoves(b, c, a.criteria), a);
  return {
    status: { type: 'wallet', address, status: deltas.baselineAt ? 'compared' : 'no_baseline', baseline_at: deltas.baselineAt, observed_at: new Date(a.nowMs).toISOString(), alerts: deltas.alerts.length },
    alerts: deltas.alerts,
    caveats: deltas.caveats,
  };
}
