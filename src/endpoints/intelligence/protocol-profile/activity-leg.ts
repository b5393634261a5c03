/**
 * The on-chain leg of `protocol-profile`, three dependent steps:
 *  1. the chain RPC's `getSignaturesForAddress` for each program id (SIGNATURES_PER_PROGRAM each, in
 *     parallel) — the leg itself: if this fails the leg fails;
 *  2. Helius parses the PARSE_SAMPLE most recent of them in one batch (its documented cap) → fee payers;
 *  3. the TOP_SIGNERS busiest fee payers' own histories (Helius, SIGNER_HISTORY_LIMIT each, all in
 *     parallel: at most TOP_SIGNERS requests at once) → behaviour classification.
 * Steps 2 and 3 degrade: their part becomes null (or a signer "unclassified") with a caveat.
 */
import { behaviouralSignals } from '../../../analytics/behaviour.js';
import { knownProgram } from '../../../analytics/known-programs.js';
import { classifySigner, rankSigners, type SignatureSample, type SignerClassification, type SignerRanking } from '../../../analytics/protocol-activity.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { SourceError } from '../../../sources/errors.js';
import { ENHANCED_MAX_SIGNATURES } from '../../../sources/wire/helius.js';
import { toActivity } from '../../shared/wallet-mapping.js';
import { degradedCaveat } from '../../shared/legs.js';

/** Recent signatures read per program id (the node allows 1000; 200 keep the call fast and the window recent). */
export const SIGNATURES_PER_PROGRAM = 200;
/** Most recent signatures parsed for their signers: one Helius batch. */
const PARSE_SAMPLE = ENHANCED_MAX_SIGNATURES;
/** Busiest signers whose own histories are classified. */
const TOP_SIGNERS = 10;
/** Transactions of each signer's history read for its behaviour (the provider's page maximum). */
const SIGNER_HISTORY_LIMIT = 100;

export interface ProgramSample {
  program_id: string;
  name: string | null;
  sample_size: number;
  /** True when the node returned the full page: the program is busier than the sample shows. */
  truncated: boolean;
  last_activity: number | null;
}

export interface OnChainActivity {
  /** Merged over the programs, newest first, each signature once. */
  sample: SignatureSample[];
  programs: ProgramSample[];
  /** null when the parse step failed. */
  signers: SignerRanking | null;
  /** One per top signer (null when the parse step failed). */
  classifications: SignerClassification[] | null;
  caveats: Caveat[];
}

export async function onChainActivity(programIds: readonly string[], ctx: HandlerContext): Promise<OnChainActivity> {
  const { rpc, helius } = ctx.sources;
  const lists = await Promise.all(programIds.map((id) => rpc.getSignaturesForAddress(id, { limit: SIGNATURES_PER_PROGRAM }, ctx.signal)));
  const programs = programIds.map((id, i): ProgramSample => {
    const list = lists[i]!;
    const times = list.map((s) => s.blockTime).filter((t): t is number => typeof t === 'number');
    return { program_id: id, name: knownProgram(id)?.name ?? null, sample_size: list.length, truncated: list.length >= SIGNATURES_PER_PROGRAM, last_activity: times.length ? Math.max(...times) : null };
  });
  const bySignature = new Map<string, SignatureSample>();
  for (const s of lists.flat()) if (!bySignature.has(s.signature)) bySignature.set(s.signature, { signature: s.signature, blockTime: s.blockTime ?? null, failed: s.err !== null && s.err !== undefined });
  const sample = [...bySignature.values()].sort((a, b) => (b.blockTime ?? -Infinity) - (a.blockTime ?? -Infinity));
  const caveats: Caveat[] = [];
  if (sample.length === 0) return { sample, programs, signers: null, classifications: null, caveats };

  let signers: SignerRanking;
  try {
    const parsed = await helius.parseTransactions(sample.slice(0, PARSE_SAMPLE).map((s) => s.signature), ctx.signal);
    signers = rankSigners(parsed.map((tx) => tx.feePayer));
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    caveats.push(degradedCaveat(err, 'Top signers and automated_activity_pct'));
    return { sample, programs, signers: null, classifications: null, caveats };
  }

  const top = signers.ranked.slice(0, TOP_SIGNERS);
  let failures: SourceError | null = null;
  const classifications = await Promise.all(top.map(async ({ address }) => {
    try {
      const history = await helius.getTransactionsByAddress(address, { limit: SIGNER_HISTORY_LIMIT, signal: ctx.signal });
      return classifySigner(address, behaviouralSignals(history.map((tx) => toActivity(tx, address))));
    } catch (err) {
      if (!(err instanceof SourceError)) throw err;
      failures ??= err;
      return classifySigner(address, null);
    }
  }));
  if (failures) caveats.push(degradedCaveat(failures, 'Some top signers\' histories (left unclassified in automated_activity_pct)'));
  return { sample, programs, signers, classifications, caveats };
}
