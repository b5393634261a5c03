/**
 * check-alerts' reading of one watched subject: observe it now (the same answer enrich-token-full /
 * enrich-wallet-light / perps-trader-profile gives, through the shared cache), append that observation to
 * the log so the next poll has a baseline, pick the baseline (latest observation at or before `since` that
 * is at least 5 minutes older than now) and run the pure alert analytics (src/analytics/alerts.ts, and
 * src/analytics/perps/alerts.ts for a wallet's perps positions).
 */
import {
  REPEAT_SPACING_MS, deltaAlerts, keyedDeltaAlerts, tokenMoves, walletMoves, whaleAlerts,
  type Alert, type AlertCriteria, type KeyedMove, type Observation, type TokenObservationData, type WalletObservationData, type WhaleFlows,
} from '../../../analytics/alerts.js';
import { perpsWalletAlerts, type PerpAlertCriteria } from '../../../analytics/perps/alerts.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { SourceError, toApiError } from '../../../sources/errors.js';
import type { ObservationRecord, SnapshotSubjectType } from '../../../store/types.js';
import { readWhaleActivity, type WhaleBasics } from '../../shared/whale-activity.js';
import { perpsWalletObservation, type PerpsWalletObservation } from '../../shared/perps-wallet-observation.js';
import { VENUE_LABEL } from '../../shared/perps-venues.js';
import type { TopHolder } from '../../shared/top-holders.js';
import { tokenSnapshotData, walletSnapshotData } from '../../shared/snapshots.js';
import { asNumber as num, asObject as obj } from '../../../lib/read.js';
import { HOUR_MS } from '../../../lib/days.js';

/** Observations read after the baseline at most (about 3.5 days of one per minute); later crossings fire at the current one. */
const OBSERVATION_SCAN_LIMIT = 5_000;
/** Who counts as a whale (whale-watch's default threshold); `min_whale_volume_usd` is the flow threshold. */
const WHALE_HOLDING_USD = 10_000;
/** The whale window: since → now, at most whale-watch's longest lookback. */
const MAX_WHALE_WINDOW_HOURS = 168;

/** How a wallet's perps positions were compared (the spot `status` says how its holdings were). */
export interface PerpsStatus {
  status: 'compared' | 'no_baseline' | 'unavailable';
  baseline_at: string | null;
  observed_at: string | null;
  /** The pool venues whose positions this poll read. */
  venues_read: string[];
  alerts: number;
}

export interface SubjectStatus {
  type: 'token' | 'wallet';
  address: string;
  status: 'compared' | 'no_baseline' | 'unavailable';
  baseline_at: string | null;
  observed_at: string | null;
  /** All of the subject's alerts in this answer (a wallet's spot and perps ones). */
  alerts: number;
  /** Wallets only. */
  perps?: PerpsStatus;
}

export interface SubjectReading {
  status: SubjectStatus;
  alerts: Alert[];
  caveats: Caveat[];
  /** The error when the subject could not be observed (every subject failing fails the call). */
  error?: ApiError;
}

type Data = Record<string, unknown>;

const tokenFields = (d: Data): TokenObservationData => ({ price_usd: num(d.price_usd), top5_pct: num(d.top5_pct), risk_score: num(d.risk_score) });

const walletFields = (d: Data): WalletObservationData => ({
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
  perpCriteria: PerpAlertCriteria;
  ctx: HandlerContext;
}

/** A coded error as it is, a source failure as its coded error; anything else is a bug and is thrown on. */
function codedOrRethrow(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof SourceError) return toApiError(err);
  throw err;
}

/**
 * Stores the current observation (a row at this moment that already exists is kept: it may be in an
 * alert id already) and returns the baseline and the observations after it, the current one last.
 * Without a baseline, `later` is the subject's whole log when `logWithoutBaseline` (perps states can fire
 * without a comparison: their first observation wins, so re-polls keep the id), else empty.
 */
async function observationWindow(type: SnapshotSubjectType, address: string, data: Data, a: WatchArgs, logWithoutBaseline = false) {
  const now = new Date(a.nowMs);
  await a.ctx.store.putObservation({ subjectType: type, subject: address, observedAt: now, data });
  const cutoff = new Date(Math.min(a.sinceMs, a.nowMs - REPEAT_SPACING_MS));
  const baseline = await a.ctx.store.observationAtOrBefore(type, address, cutoff);
  const logStart = baseline ? undefined : await earliestUsableAfter(type, address, cutoff, a);
  if (!baseline && !logWithoutBaseline) return { baseline: undefined, later: [] as ObservationRecord[], logStart };
  const later = await a.ctx.store.observationsBetween(type, address, baseline?.observedAt ?? new Date(0), now, OBSERVATION_SCAN_LIMIT);
  if (later[later.length - 1]?.observedAt.getTime() !== a.nowMs) {
    const current = await a.ctx.store.observationAtOrBefore(type, address, now);
    if (current) later.push(current);
  }
  return { baseline, later, logStart };
}

/**
 * Without a baseline: the subject's earliest observation after the cutoff that a poll could use as one (at
 * least 5 minutes old), i.e. a log that starts after `since` — e.g. backfilled days later than a `since`
 * far back. The caveat names it, so the caller is not told there is no history when there is.
 */
async function earliestUsableAfter(type: SnapshotSubjectType, address: string, cutoff: Date, a: WatchArgs): Promise<Date | undefined> {
  const [first] = await a.ctx.store.observationsBetween(type, address, cutoff, new Date(a.nowMs), 1);
  return first && first.observedAt.getTime() <= a.nowMs - REPEAT_SPACING_MS ? first.observedAt : undefined;
}

const toObservation = <D>(r: ObservationRecord, fields: (d: Data) => D): Observation<D> => ({ at: r.observedAt.getTime(), data: fields(r.data) });

function noBaselineCaveat(type: string, address: string, a: WatchArgs, logStart: Date | undefined): Caveat {
  const cutoff = new Date(Math.min(a.sinceMs, a.nowMs - REPEAT_SPACING_MS)).toISOString();
  const later = logStart
    ? ` The earliest observation of it is at ${logStart.toISOString()}, after since: a poll with since at or after it compares from it.`
    : ' This poll recorded one; poll again in 5 minutes or more with since = checked_at.';
  if (type === 'perps_wallet') {
    return {
      code: 'no_baseline',
      message: `No observation of the perps positions of wallet ${address} at or before ${cutoff} (since, and at least 5 minutes ago): no perp_position_added, perp_position_closed or pnl_swing for it this time (perp_at_risk and liquidation_approaching report positions in that state now).${later}`,
    };
  }
  return {
    code: 'no_baseline',
    message: `No observation of ${type} ${address} at or before ${cutoff} (since, and at least 5 minutes ago): no delta alerts for it this time.${later}`,
  };
}

async function readDeltas<D>(type: 'token' | 'wallet', address: string, data: Data, fields: (d: Data) => D, moves: (b: D, c: D) => ReturnType<typeof tokenMoves>, a: WatchArgs) {
  const { baseline, later, logStart } = await observationWindow(type, address, data, a);
  if (!baseline) return { baselineAt: null, alerts: [] as Alert[], caveats: [noBaselineCaveat(type, address, a, logStart)] };
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
  const windowMs = Math.min(a.nowMs - a.sinceMs, MAX_WHALE_WINDOW_HOURS * HOUR_MS);
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
    const e = codedOrRethrow(err);
    caveats.push({ code: 'leg_degraded', leg: 'whale_flows', message: `Whale flows of ${mint} unavailable (${e.code}): no whale alert was evaluated for it.` });
    return { alerts: [], caveats };
  }
}

function unavailable(type: 'token' | 'wallet', address: string, err: unknown): SubjectReading {
  const error = codedOrRethrow(err);
  return {
    status: { type, address, status: 'unavailable', baseline_at: null, observed_at: null, alerts: 0 },
    alerts: [],
    caveats: [{ code: 'subject_unavailable', message: `${type} ${address} could not be observed (${error.code}): ${error.message}` }],
    error,
  };
}

/** Whale basics from an enrich-token-full answer (its own output schema: `top_holders` as listed by src/endpoints/shared/top-holders.ts). */
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

async function watchSpotWallet(address: string, a: WatchArgs): Promise<SubjectReading> {
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

/**
 * Perps alerts between two observations of a wallet, on the venues read at both (a position missing
 * because its venue was down is not closed); without a baseline, on the venues read now.
 */
export function perpsMoves(criteria: PerpAlertCriteria) {
  return (base: PerpsWalletObservation | null, cur: PerpsWalletObservation): KeyedMove[] => {
    const venues = new Set(base === null ? cur.venues_read : cur.venues_read.filter((v) => base.venues_read.includes(v)));
    const on = (o: PerpsWalletObservation) => o.positions.filter((p) => venues.has(p.venue));
    return perpsWalletAlerts(base === null ? null : on(base), on(cur), criteria).map((alert) => ({
      kind: alert.kind,
      key: alert.position_key,
      severity: alert.severity,
      message: alert.message,
      data: { position_key: alert.position_key, ...alert.data },
    }));
  };
}

interface PerpsReading {
  status: PerpsStatus;
  alerts: Alert[];
  caveats: Caveat[];
  error?: ApiError;
}

/** A wallet's perps positions (perps-trader-profile through the shared cache), observed and compared. */
async function watchPerpsWallet(address: string, a: WatchArgs): Promise<PerpsReading> {
  const observedAt = new Date(a.nowMs).toISOString();
  let profile: Awaited<ReturnType<HandlerContext['call']>>;
  try {
    profile = await a.ctx.call('perps-trader-profile', { address });
  } catch (err) {
    const error = codedOrRethrow(err);
    return {
      status: { status: 'unavailable', baseline_at: null, observed_at: null, venues_read: [], alerts: 0 },
      alerts: [],
      caveats: [{ code: 'leg_degraded', leg: 'perps_positions', message: `Perps positions of wallet ${address} unavailable (${error.code}): no perps alert was evaluated for it; its spot alerts were.` }],
      error,
    };
  }
  const current = perpsWalletObservation(profile.data);
  const caveats: Caveat[] = (profile.caveats ?? []).filter((c) => c.code === 'leg_degraded').map((c) => ({
    ...c,
    message: `Wallet ${address}: ${c.message} Its perps alerts cover the venues read (${current.venues_read.map((v) => VENUE_LABEL[v]).join(', ')}).`,
  }));
  const { baseline, later, logStart } = await observationWindow('perps_wallet', address, { ...current }, a, true);
  const toObs = (r: ObservationRecord): Observation<PerpsWalletObservation> => ({ at: r.observedAt.getTime(), data: perpsWalletObservation(r.data) });
  const base = baseline ? toObs(baseline) : null;
  if (!base) caveats.push(noBaselineCaveat('perps_wallet', address, a, logStart));
  else {
    const skipped = current.venues_read.filter((v) => !base.data.venues_read.includes(v));
    if (skipped.length > 0) {
      caveats.push({
        code: 'perps_venue_not_compared',
        message: `Wallet ${address}: the baseline observation (${baseline!.observedAt.toISOString()}) did not read ${skipped.map((v) => VENUE_LABEL[v]).join(', ')}, so its positions there were not compared (no added, closed or swing alert for them this time).`,
      });
    }
  }
  const alerts = keyedDeltaAlerts({ subject: { type: 'wallet', address }, baseline: base, later: later.map(toObs), sinceMs: a.sinceMs, moves: perpsMoves(a.perpCriteria) });
  return {
    status: { status: base ? 'compared' : 'no_baseline', baseline_at: baseline ? baseline.observedAt.toISOString() : null, observed_at: observedAt, venues_read: current.venues_read, alerts: alerts.length },
    alerts,
    caveats,
  };
}

/**
 * A wallet: its spot holdings (enrich-wallet-light) and its perps positions (perps-trader-profile), in
 * parallel. Either part failing leaves the other's alerts; the wallet fails only when both do.
 */
export async function watchWallet(address: string, a: WatchArgs): Promise<SubjectReading> {
  const [spot, perps] = await Promise.all([watchSpotWallet(address, a), watchPerpsWallet(address, a)]);
  return {
    status: { ...spot.status, alerts: spot.alerts.length + perps.alerts.length, perps: perps.status },
    alerts: [...spot.alerts, ...perps.alerts],
    caveats: [...spot.caveats, ...perps.caveats],
    ...(spot.error && perps.error ? { error: spot.error } : {}),
  };
}
