/**
 * The upstream side of wallet-graph: reading enhanced transaction histories with a bounded fan-out,
 * mapping them into the graph analytics' provider-neutral transactions, and classifying their addresses
 * (also for smart-money-flow's winner clusters).
 *
 * Upstream-call budget (healthy upstream; each retry of a failing request is one more request):
 *  - depth 1: the root's history, at most ROOT_PAGES (2) pages of 100 → ≤ 2 requests (the second page
 *    only when the first was full);
 *  - depth 2: plus one page (100 transactions) for each of at most EXPAND_LIMIT (8) neighbours, at most
 *    EXPAND_CONCURRENCY (4) at a time → ≤ 2 + 8 = 10 requests, ≈ 4 sequential round trips.
 */
import { knownProgram } from '../../analytics/known-programs.js';
import type { AddressClass, FetchedHistory, GraphTransaction, GraphTransfer } from '../../analytics/wallet-graph.js';
import { NATIVE_SOL } from '../../analytics/wallet-graph.js';
import type { HandlerContext } from '../../registry/types.js';
import { servedCount, SourceError } from '../../sources/errors.js';
import type { EnhancedTransaction } from '../../sources/wire/helius.js';
import { ENHANCED_MAX_LIMIT } from '../../sources/wire/helius.js';
import { runBounded } from '../../lib/bounded-run.js';

export const ROOT_PAGES = 2;
const NEIGHBOUR_PAGES = 1;
export const EXPAND_LIMIT = 8;
const EXPAND_CONCURRENCY = 4;
/** Time allowed for the depth-2 expansion, so the call answers within its 15 s deadline. */
const EXPAND_BUDGET_MS = 6_000;
const LAMPORTS_PER_SOL = 1e9;

/** How the graph classes an address: a known or risky program, a labelled entity, else a wallet. */
export function addressClassifier(ctx: HandlerContext): (address: string) => AddressClass {
  return (address) => {
    if (knownProgram(address) || ctx.riskyPrograms.has(address)) return { kind: 'program' };
    const label = ctx.entities.labelFor(address);
    return label ? { kind: 'entity', label } : { kind: 'wallet' };
  };
}

export function toGraphTransaction(tx: EnhancedTransaction): GraphTransaction {
  const programIds = new Set<string>();
  for (const ix of tx.instructions ?? []) {
    programIds.add(ix.programId);
    for (const inner of ix.innerInstructions ?? []) programIds.add(inner.programId);
  }
  const transfers: GraphTransfer[] = [];
  for (const t of tx.nativeTransfers ?? []) {
    if (t.fromUserAccount && t.toUserAccount && t.amount > 0) transfers.push({ from: t.fromUserAccount, to: t.toUserAccount, asset: NATIVE_SOL, amount: t.amount / LAMPORTS_PER_SOL });
  }
  for (const t of tx.tokenTransfers ?? []) {
    if (t.fromUserAccount && t.toUserAccount && t.tokenAmount > 0) transfers.push({ from: t.fromUserAccount, to: t.toUserAccount, asset: t.mint, amount: t.tokenAmount });
  }
  return { signature: tx.signature, timestamp: tx.timestamp, feePayer: tx.feePayer, programIds: [...programIds], success: !tx.transactionError, transfers };
}

/** Up to `pages` pages of a wallet's history, newest first; `complete` when the last page was short. */
export async function readHistory(address: string, pages: number, ctx: HandlerContext): Promise<FetchedHistory> {
  const transactions: GraphTransaction[] = [];
  let before: string | undefined;
  for (let page = 1; page <= pages; page++) {
    const list = await ctx.sources.helius.getTransactionsByAddress(address, { limit: ENHANCED_MAX_LIMIT, beforeSignature: before, signal: ctx.signal });
    transactions.push(...list.map(toGraphTransaction));
    // The page as served (skipped malformed entries included) tells a full page from the last one.
    const last = list.at(-1);
    if (servedCount(list) < ENHANCED_MAX_LIMIT || !last) return { address, transactions, complete: true };
    before = last.signature;
  }
  return { address, transactions, complete: false };
}

export interface Expansion {
  histories: FetchedHistory[];
  /** Neighbours whose history could not be read, with why. */
  failed: { address: string; reason: string }[];
}

/** The histories of `neighbours` (one page each), concurrency-bounded; a failing neighbour is reported, not thrown. */
export async function expandNeighbours(neighbours: readonly string[], ctx: HandlerContext): Promise<Expansion> {
  const outcomes = await runBounded(neighbours, (address) => readHistory(address, NEIGHBOUR_PAGES, ctx), {
    concurrency: EXPAND_CONCURRENCY, budgetMs: EXPAND_BUDGET_MS, signal: ctx.signal, timers: ctx.timers,
  });
  const histories: FetchedHistory[] = [];
  const failed: Expansion['failed'] = [];
  outcomes.forEach((o, i) => {
    const address = neighbours[i]!;
    if (o.status === 'done') histories.push(o.value);
    else if (o.status === 'timed_out') failed.push({ address, reason: 'not read within the expansion time budget' });
    else if (o.error instanceof SourceError) failed.push({ address, reason: `the ${o.error.leg} source failed (${o.error.kind})` });
    else throw o.error;
  });
  return { histories, failed };
}
