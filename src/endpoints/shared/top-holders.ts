/**
 * The top holders of a mint, by owner: the chain lists the 20 largest token accounts; their owners are
 * read in one batch, and each owner is classified so concentration can be computed on tradeable float
 * as well as raw supply. A holder is
 * - `burn` when it is the incinerator;
 * - `exchange` when it is a known centralized-exchange address;
 * - `pool` / `bonding_curve` when the owner account belongs to an AMM or a launch-curve program
 *   (read in a second batch: one request for all owners);
 * - `other` otherwise (a wallet, or something we cannot name — it stays in the float).
 */
import type { EntityDirectory } from '../../analytics/entities.js';
import type { HolderKind, HolderRow } from '../../analytics/types.js';
import type { Sources } from '../../sources/index.js';
import { readTokenAccount } from '../../sources/solana-rpc.js';
import { knownProgram } from '../../analytics/known-programs.js';

const INCINERATOR = '1nc1nerator11111111111111111111111111111111';

export interface TopHolder {
  rank: number;
  owner: string;
  token_account: string;
  amount_raw: string;
  ui_amount: number;
  kind: HolderKind;
  entity: ReturnType<EntityDirectory['labelFor']>;
}

export interface TopHolders {
  rows: HolderRow[];
  top: TopHolder[];
}

function kindOfProgram(programId: string | undefined): HolderKind | null {
  if (!programId) return null;
  const program = knownProgram(programId);
  if (!program) return null;
  if (program.category === 'launchpad') return 'bonding_curve';
  if (program.category === 'dex') return 'pool';
  return null;
}

export async function fetchTopHolders(mint: string, sources: Sources, entities: EntityDirectory, signal: AbortSignal): Promise<TopHolders> {
  const largest = (await sources.rpc.getTokenLargestAccounts(mint, signal)).value;
  const accounts = largest.length > 0 ? (await sources.rpc.getMultipleAccounts(largest.map((a) => a.address), signal)).value : [];
  const owners = accounts.map((acc, i) => readTokenAccount(acc)?.owner ?? largest[i]!.address);
  // Which program owns each owner account tells pools and curves apart from wallets.
  const ownerAccounts = owners.length > 0 ? (await sources.rpc.getMultipleAccounts([...new Set(owners)], signal)).value : [];
  const programOf = new Map([...new Set(owners)].map((owner, i) => [owner, ownerAccounts[i]?.owner]));
  const top = largest.map((a, i): TopHolder => {
    const owner = owners[i]!;
    const entity = entities.labelFor(owner);
    const kind: HolderKind = owner === INCINERATOR ? 'burn' : entity?.kind === 'cex' ? 'exchange' : (kindOfProgram(programOf.get(owner)) ?? 'other');
    return { rank: i + 1, owner, token_account: a.address, amount_raw: a.amount, ui_amount: Number(a.uiAmountString ?? a.uiAmount ?? 0), kind, entity };
  });
  return {
    top,
    rows: top.map((h) => ({ owner: h.owner, tokenAccount: h.token_account, amountRaw: h.amount_raw, uiAmount: h.ui_amount, kind: h.kind })),
  };
}
