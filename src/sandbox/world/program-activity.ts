/**
 * Program activity: what `getSignaturesForAddress(programId)` lists for the protocols' programs.
 *
 * On the real chain a program's signature list is every transaction that invoked it, whoever made it.
 * Here it is the same, by construction: each active program has a fixed set of users, and its list is
 * the merge of those users' own histories filtered to the transactions that invoke the program, newest
 * first. Nothing is generated for the program itself, so every listed signature is answered by
 * `transaction()`, appears in its maker's history (Helius `getTransactionsByAddress`) and is parsed
 * with that maker as fee payer — exactly what a client walking from a program to its users expects.
 *
 * Users of a program:
 *  - cast wallets that use it in their own designs (cast-activity-patterns.ts): the automated ones are what the
 *    protocol profile's automated_activity_pct finds — WALLET_HIGH_FREQUENCY (≈ 20 swaps/h, half
 *    routed by Jupiter, over Orca and Raydium pools) and WALLET_REGULAR_INTERVALS (every 4 h);
 *  - `PROGRAM_USERS_PER_PROGRAM` dedicated "protocol users" per program: human-paced wallets (on
 *    70 % of days, 1–4 calls at random times 07–23 UTC) whose every transaction invokes the program.
 *    Their addresses are derived from the program id (`programUserAddress`) and answered by
 *    `programUserPlan` (the world's index.ts asks `isProgramUser` before its generic plan).
 *
 * Like a non-archival node, the list is only as deep as the users' kept histories (cast 200, protocol
 * users 60 transactions each): a busy bot is visible for its last hours, a human for weeks.
 */
import { CAST_ADDRESS as A } from './cast.js';
import {
  COMPUTE_BUDGET_PROGRAM,
  DRIFT_PROGRAM,
  JUPITER_V6,
  KAMINO_LEND_PROGRAM,
  MARINADE_PROGRAM,
  ORCA_WHIRLPOOL,
  RAYDIUM_AMM_V4,
  SOLEND_PROGRAM,
  SPL_STAKE_POOL_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  USDC_MINT,
  WSOL_MINT,
} from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import { deriveWallet, keyOf, Rng, rng } from './random.js';
import { DAY, HOUR, WORLD_START } from './time.js';
import { kaminoDepositTx, marinadeStakeTx, marinadeUnstakeTx, solToLamports, swapTx, type Dex, type TxDraft } from './transactions.js';
import type { SandboxWorld, TransactionState } from './types.js';
import type { PlanCtx } from './plan-context.js';

/** Dedicated human-paced users per active program. */
const PROGRAM_USERS_PER_PROGRAM = 10;
/** History kept per protocol user. */
const PROGRAM_USER_HISTORY_LIMIT = 60;

type Action = (ctx: PlanCtx, r: Rng, owner: string, ts: number) => TxDraft;

interface ProgramDesign {
  programId: string;
  /** Cast wallets whose own designs invoke this program. */
  castUsers: string[];
  /** What a protocol user does when it calls the program. */
  action: Action;
}

function solUsdcPool(ctx: PlanCtx, dex: Dex): { address: string; dex: Dex } {
  const pool = ctx.spec(WSOL_MINT)?.pools.find((p) => p.dex === dex);
  if (!pool) throw new Error(`no SOL/USDC pool on ${dex}`);
  return { address: pool.address, dex };
}

function swapAction(dex: Dex, viaJupiter: boolean): Action {
  return (ctx, r, owner, ts) => {
    const pool = solUsdcPool(ctx, dex);
    const buy = r.chance(0.5);
    return swapTx(ctx, { owner, ts, pool: pool.address, dex, viaJupiter, inMint: buy ? USDC_MINT : WSOL_MINT, outMint: buy ? WSOL_MINT : USDC_MINT, usd: r.logRange(20, 3_000) });
  };
}

/**
 * A deposit into a protocol's vault, for programs without a dedicated builder. `failureShare` of the
 * calls fail (no transfers, the program's custom error 0x1), e.g. withdrawals refused by a drained pool.
 */
function vaultDeposit(programId: string, source: string, asset: 'SOL' | 'USDC', failureShare = 0): Action {
  const vault = deriveWallet('protocol-vault', programId);
  return (ctx, r, owner, ts) => {
    const failed = r.chance(failureShare);
    const base = {
      timestamp: ts,
      type: asset === 'SOL' ? ('STAKE_SOL' as const) : ('UNKNOWN' as const),
      source,
      feePayer: owner,
      signers: [owner],
      feeLamports: String(5_000 + 1_000 * (ts % 5)),
      error: failed ? 'InstructionError: custom program error: 0x1' : null,
    };
    if (asset === 'SOL') {
      const sol = Math.round(r.logRange(0.2, 40) * 100) / 100;
      return {
        ...base,
        programIds: [COMPUTE_BUDGET_PROGRAM, programId, SYSTEM_PROGRAM, TOKEN_PROGRAM],
        nativeTransfers: failed ? [] : [{ from: owner, to: vault, lamports: solToLamports(sol).toString() }],
        tokenTransfers: [],
        description: failed ? `${owner} failed to deposit ${sol} SOL` : `${owner} deposited ${sol} SOL`,
      };
    }
    const ui = Math.round(r.logRange(50, 20_000));
    const raw = BigInt(ui) * 10n ** BigInt(ctx.decimals(USDC_MINT));
    return {
      ...base,
      programIds: [COMPUTE_BUDGET_PROGRAM, programId, TOKEN_PROGRAM],
      nativeTransfers: [],
      tokenTransfers: failed
        ? []
        : [{ from: owner, to: vault, fromTokenAccount: ctx.tokenAccount(owner, USDC_MINT), toTokenAccount: ctx.tokenAccount(vault, USDC_MINT), mint: USDC_MINT, amountRaw: raw.toString(), decimals: ctx.decimals(USDC_MINT) }],
      description: failed ? `${owner} failed to move ${ui} USDC` : `${owner} deposited ${ui} USDC`,
    };
  };
}

const DESIGNS: readonly ProgramDesign[] = [
  { programId: JUPITER_V6, castUsers: [A.WALLET_HIGH_FREQUENCY, A.WALLET_REGULAR_INTERVALS, A.WALLET_24_7_ACTIVE, A.WALLET_REPETITIVE], action: swapAction('orca', true) },
  { programId: RAYDIUM_AMM_V4, castUsers: [A.WALLET_HIGH_FREQUENCY, A.WALLET_REPETITIVE], action: swapAction('raydium', false) },
  { programId: ORCA_WHIRLPOOL, castUsers: [A.WALLET_HIGH_FREQUENCY, A.WALLET_REGULAR_INTERVALS, A.WALLET_24_7_ACTIVE], action: swapAction('orca', false) },
  {
    programId: MARINADE_PROGRAM,
    castUsers: [A.WALLET_REGULAR_INTERVALS, A.WALLET_24_7_ACTIVE, A.WALLET_DEFI],
    action: (ctx, r, owner, ts) => (r.chance(0.6) ? marinadeStakeTx(ctx, { ts, owner, sol: Math.round(r.logRange(0.5, 50) * 10) / 10 }) : marinadeUnstakeTx(ctx, { ts, owner, msol: Math.round(r.logRange(0.5, 30) * 10) / 10 })),
  },
  { programId: KAMINO_LEND_PROGRAM, castUsers: [A.WALLET_DEFI], action: (ctx, r, owner, ts) => kaminoDepositTx(ctx, { ts, owner, mint: USDC_MINT, ui: Math.round(r.logRange(50, 20_000)) }) },
  { programId: DRIFT_PROGRAM, castUsers: [], action: vaultDeposit(DRIFT_PROGRAM, 'DRIFT', 'USDC') },
  { programId: SPL_STAKE_POOL_PROGRAM, castUsers: [], action: vaultDeposit(SPL_STAKE_POOL_PROGRAM, 'STAKE_POOL', 'SOL') },
  // Solend's reserves are draining (its TVL bleeds, protocols.ts): 30 % of its users' calls fail.
  { programId: SOLEND_PROGRAM, castUsers: [], action: vaultDeposit(SOLEND_PROGRAM, 'SOLEND', 'USDC', 0.3) },
];

const DESIGN_BY_PROGRAM: ReadonlyMap<string, ProgramDesign> = new Map(DESIGNS.map((d) => [d.programId, d]));

/** The i-th protocol user of a program (seed-independent, like the cast). */
export function programUserAddress(programId: string, i: number): string {
  return deriveWallet('program-user', programId, i);
}

const USER_INDEX: ReadonlyMap<string, { design: ProgramDesign; index: number }> = new Map(
  DESIGNS.flatMap((design) => Array.from({ length: PROGRAM_USERS_PER_PROGRAM }, (_, index) => [programUserAddress(design.programId, index), { design, index }] as const)),
);

/** The programs that have activity of their own (every other address lists only its own history). */
export const ACTIVE_PROGRAMS: readonly string[] = DESIGNS.map((d) => d.programId);

export function isProgramUser(address: string): boolean {
  return USER_INDEX.has(address);
}

/** Every user of an active program (cast users first), or null for any other address. */
export function programUsers(programId: string): string[] | null {
  const design = DESIGN_BY_PROGRAM.get(programId);
  if (!design) return null;
  return [...design.castUsers, ...Array.from({ length: PROGRAM_USERS_PER_PROGRAM }, (_, i) => programUserAddress(programId, i))];
}

/** The plan of a protocol user: human-paced calls into its program (null for any other address). */
export function programUserPlan(ctx: PlanCtx, address: string): WalletPlan | null {
  const entry = USER_INDEX.get(address);
  if (!entry) return null;
  const r0 = rng(ctx.seed, 'program-user', address);
  const key = keyOf(ctx.seed, 'program-user-day', address);
  const sol = r0.logRange(0.5, 200);
  const born = WORLD_START - (60 + r0.int(300)) * DAY;
  return {
    address,
    limit: PROGRAM_USER_HISTORY_LIMIT,
    bornAt: () => born,
    lamports: () => solToLamports(sol),
    holdings: [{ mint: USDC_MINT, ui: Math.round(sol * 40) }],
    nfts: [],
    rollingNftLimit: 0,
    bucketSeconds: DAY,
    generate: (d): Draft[] => {
      const r = Rng.fromKey(key, d);
      if (!r.chance(0.7)) return [];
      const times = Array.from({ length: 1 + r.int(4) }, () => d * DAY + 7 * HOUR + r.int(16 * HOUR)).sort((a, b) => a - b);
      return times.map((ts) => ({ tx: entry.design.action(ctx, r, address, ts) }));
    },
  };
}

/**
 * The signatures an RPC node lists for `programId` at `at`: its users' transactions that invoke it,
 * newest first (ties: the later signature first, as within a wallet's own history). Null when the
 * address is not an active program.
 */
export function programTransactions(world: SandboxWorld, programId: string, at: Date): TransactionState[] | null {
  const users = programUsers(programId);
  if (!users) return null;
  const seen = new Set<string>();
  const out: TransactionState[] = [];
  for (const user of users) {
    for (const tx of world.wallet(user, at)?.transactions ?? []) {
      if (!tx.programIds.includes(programId) || seen.has(tx.signature)) continue;
      seen.add(tx.signature);
      out.push(tx);
    }
  }
  return out.sort((a, b) => b.timestamp - a.timestamp || b.slot - a.slot || (a.signature < b.signature ? 1 : a.signature > b.signature ? -1 : 0));
}
