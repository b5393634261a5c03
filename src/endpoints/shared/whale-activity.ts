/**
 * Whale activity of a token, shared by `whale-watch` and `due-diligence`: the top holders (already read),
 * then the transaction history of each whale candidate, in parallel, reduced to its transfers of this
 * mint inside the window. The pure classification is src/analytics/whale-activity.ts.
 *
 * Upstream budget: at most MAX_WHALE_HISTORIES whales get a history, each at most HISTORY_PAGE_CAP pages
 * of 100 transactions (a whale more active than that inside the window is reported `coverage: partial`).
 */
import { whaleActivity, isWhaleCandidate, type HolderFlow, type WhaleHolderInput, type WhaleRow, type WhaleSummary } from '../../analytics/whale-activity.js';
import type { Caveat, HandlerContext } from '../../registry/types.js';
import { servedCount, SourceError } from '../../sources/errors.js';
import type { EnhancedTransaction } from '../../sources/wire/helius.js';
import { degradedCaveat } from './legs.js';
import type { TopHolder } from './top-holders.js';

const MAX_WHALE_HISTORIES = 10;
const HISTORY_PAGE_CAP = 3;
const PAGE = 100;

/** What whale tracking needs to know of the token: its top 20 holders (as the token analysis lists them), price and supply. */
export interface WhaleBasics {
  topHolders: readonly TopHolder[];
  priceUsd: number | null;
  supplyUi: number | null;
}

export interface WhaleWindow {
  thresholdUsd: number;
  lookbackHours: number;
}

export interface WhaleReport {
  window: { from_at: string; to_at: string; lookback_hours: number };
  threshold_usd: number;
  holders: ReturnType<typeof presentRow>[];
  summary: WhaleSummary;
}

/** This mint's transfers in/out of `owner`, from successful transactions at or after `fromS`. */
export function flowsOf(history: readonly EnhancedTransaction[], owner: string, mint: string, fromS: number): HolderFlow[] {
  const flows: HolderFlow[] = [];
  for (const tx of history) {
    if (tx.timestamp < fromS || tx.transactionError) continue;
    let delta = 0;
    for (const t of tx.tokenTransfers ?? []) {
      if (t.mint !== mint || t.fromUserAccount === t.toUserAccount) continue;
      if (t.toUserAccount === owner) delta += t.tokenAmount;
      if (t.fromUserAccount === owner) delta -= t.tokenAmount;
    }
    if (delta !== 0) flows.push({ signature: tx.signature, timestamp: tx.timestamp, delta });
  }
  return flows;
}

/** Newest-first history back to `fromS` (or the page cap). `complete` = the window is fully covered. */
async function historySince(owner: string, fromS: number, ctx: HandlerContext): Promise<{ txs: EnhancedTransaction[]; complete: boolean }> {
  const txs: EnhancedTransaction[] = [];
  let before: string | undefined;
  for (let page = 0; page < HISTORY_PAGE_CAP; page++) {
    const batch = await ctx.sources.helius.getTransactionsByAddress(owner, { limit: PAGE, beforeSignature: before, signal: ctx.signal });
    txs.push(...batch);
    const oldest = batch[batch.length - 1];
    // The page as served (skipped malformed entries included) tells a full page from the last one.
    if (servedCount(batch) < PAGE || !oldest || oldest.timestamp < fromS) return { txs, complete: true };
    before = oldest.signature;
  }
  return { txs, complete: false };
}

export async function readWhaleActivity(
  mint: string,
  basics: WhaleBasics,
  window: WhaleWindow,
  ctx: HandlerContext,
): Promise<{ report: WhaleReport; caveats: Caveat[] }> {
  const nowS = Math.floor(ctx.now().getTime() / 1000);
  const fromS = nowS - Math.round(window.lookbackHours * 3600);
  const caveats: Caveat[] = [];
  const candidates = basics.topHolders.filter((h) => isWhaleCandidate(h.kind, h.ui_amount, basics.priceUsd, window.thresholdUsd));
  const read = candidates.slice(0, MAX_WHALE_HISTORIES);
  if (candidates.length > read.length) {
    caveats.push({ code: 'whales_capped', message: `${candidates.length} whales qualify; the histories of the ${read.length} largest were read.` });
  }
  type HistoryRead = { ok: true; txs: EnhancedTransaction[]; complete: boolean } | { ok: false; error: SourceError };
  const histories = new Map<string, HistoryRead>(
    await Promise.all(
      read.map(async (h): Promise<[string, HistoryRead]> => {
        try {
          return [h.owner, { ok: true, ...(await historySince(h.owner, fromS, ctx)) }];
        } catch (err) {
          if (err instanceof SourceError) return [h.owner, { ok: false, error: err }];
          throw err;
        }
      }),
    ),
  );
  const failed = [...histories.values()].find((h) => !h.ok);
  if (failed && !failed.ok) {
    const count = [...histories.values()].filter((h) => !h.ok).length;
    caveats.push(degradedCaveat(failed.error, `Transaction history of ${count} whale(s)`));
  }

  const inputs: WhaleHolderInput[] = basics.topHolders.map((h) => {
    const history = histories.get(h.owner);
    return {
      rank: h.rank,
      owner: h.owner,
      kind: h.kind,
      entityName: h.entity?.name ?? null,
      uiAmount: h.ui_amount,
      flows: history?.ok ? flowsOf(history.txs, h.owner, mint, fromS) : null,
      historyFailed: history !== undefined && !history.ok,
      coverageComplete: history?.ok ? history.complete : false,
    };
  });
  if (inputs.some((h) => h.flows !== null && !h.coverageComplete)) {
    caveats.push({ code: 'partial_history', message: `Some whales made more than ${HISTORY_PAGE_CAP * PAGE} transactions inside the window; their flows cover the most recent ones (coverage: partial).` });
  }
  const { rows, summary } = whaleActivity({ holders: inputs, priceUsd: basics.priceUsd, supplyUi: basics.supplyUi, thresholdUsd: window.thresholdUsd });
  return {
    report: {
      window: { from_at: iso(fromS), to_at: iso(nowS), lookback_hours: window.lookbackHours },
      threshold_usd: window.thresholdUsd,
      holders: rows.map(presentRow),
      summary,
    },
    caveats,
  };
}

const iso = (s: number) => new Date(s * 1000).toISOString();

/** Unix seconds → ISO `*_at` fields for the answer. */
function presentRow(row: WhaleRow) {
  const { activity, ...rest } = row;
  if (!activity) return { ...rest, activity: null };
  const { last_move_at, evidence, ...a } = activity;
  return {
    ...rest,
    activity: {
      ...a,
      last_move_at: last_move_at === null ? null : iso(last_move_at),
      evidence: evidence.map((f) => ({ signature: f.signature, at: iso(f.timestamp), delta_ui: f.delta, delta_usd: f.delta_usd })),
    },
  };
}
