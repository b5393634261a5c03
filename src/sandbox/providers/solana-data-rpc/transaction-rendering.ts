/**
 * World transactions as a node renders them for getTransaction (jsonParsed, v0): account keys in message
 * order, parsed transfers and partially decoded program instructions, logs, compute units, balances
 * before and after (only the deltas are facts), and `meta.err` for failed ones.
 */
import { createHash } from 'node:crypto';
import { bytesToAddress, uiAmount } from '../../solana/accounts.js';
import { BUILTIN_PROGRAMS, COMPUTE_BUDGET_PROGRAM, MINT_SIZE, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_ACCOUNT_SIZE, TOKEN_PROGRAM, rentExemptMinimum } from '../../solana/constants.js';
import type { TokenState, TransactionState } from '../../world/types.js';
import type { Json } from '../json-rpc-node.js';
import { mintAccount, tokenAccountSpace, tokenProgramId } from './account-encoding.js';
import { base58, digest, hashInt } from './wire-basics.js';

const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);

/** The node's TransactionError for the world's error text (e.g. "InstructionError: custom program error: 0x1771"). */
export function transactionError(error: string, instructionIndex: number): unknown {
  const custom = /custom program error: 0x([0-9a-f]+)/i.exec(error);
  if (custom) return { InstructionError: [instructionIndex, { Custom: parseInt(custom[1]!, 16) }] };
  const unit = /^\s*([A-Z][A-Za-z]+)\s*$/.exec(error);
  if (unit) return unit[1];
  const kind = /InstructionError:\s*([A-Z][A-Za-z]+)/.exec(error);
  return { InstructionError: [instructionIndex, kind ? kind[1] : 'GenericError'] };
}

/** Failed transactions fail in their first instruction after the compute-budget ones. */
export function failingInstructionIndex(tx: TransactionState): number {
  return tx.programIds.includes(COMPUTE_BUDGET_PROGRAM) ? 2 : 0;
}

function describeError(error: string): string {
  const custom = /custom program error: 0x[0-9a-f]+/i.exec(error);
  return custom ? custom[0] : error.replace(/^InstructionError:\s*/, '');
}

interface KeyEntry {
  pubkey: string;
  signer: boolean;
  writable: boolean;
}

export interface TransactionContext {
  tokenOf: (mint: string) => TokenState | null;
  learn: (tokenAccount: string, mint: string, owner: string) => void;
}

export function renderTransaction(tx: TransactionState, ctx: TransactionContext): Json {
  const failed = tx.error !== null;
  const programOfMint = (mint: string) => {
    const token = ctx.tokenOf(mint);
    return token ? tokenProgramId(token) : TOKEN_PROGRAM;
  };

  // Account keys in message order: writable signers, readonly signers, writable others, readonly others.
  const keys = new Map<string, KeyEntry>();
  const add = (pubkey: string, signer: boolean, writable: boolean) => {
    const seen = keys.get(pubkey);
    if (seen) {
      seen.signer ||= signer;
      seen.writable ||= writable;
    } else keys.set(pubkey, { pubkey, signer, writable });
  };
  add(tx.feePayer, true, true);
  for (const s of tx.signers) add(s, true, true);
  for (const t of tx.nativeTransfers) {
    add(t.from, false, true);
    add(t.to, false, true);
  }
  for (const t of tx.tokenTransfers) {
    add(t.fromTokenAccount, false, true);
    add(t.toTokenAccount, false, true);
    ctx.learn(t.fromTokenAccount, t.mint, t.from);
    ctx.learn(t.toTokenAccount, t.mint, t.to);
  }
  const programs = [...tx.programIds];
  if (tx.nativeTransfers.length && !programs.includes(SYSTEM_PROGRAM)) programs.push(SYSTEM_PROGRAM);
  for (const t of tx.tokenTransfers) if (!programs.includes(programOfMint(t.mint))) programs.push(programOfMint(t.mint));
  for (const p of programs) add(p, false, false);
  for (const t of tx.tokenTransfers) add(t.mint, false, false);
  const ordered = [...keys.values()].sort((a, b) => rank(a) - rank(b));
  function rank(k: KeyEntry): number {
    return (k.signer ? 0 : 2) + (k.writable ? 0 : 1);
  }

  // Instructions: transfers are parsed (system / spl-token); other programs are partially decoded. The
  // first non-transfer program is the outer instruction, later ones and the transfers run inside it.
  const transferIxs = (stackHeight: number | null): Json[] => [
    ...tx.nativeTransfers.map((t) => ({
      parsed: { info: { destination: t.to, lamports: Number(t.lamports), source: t.from }, type: 'transfer' },
      program: 'system',
      programId: SYSTEM_PROGRAM,
      stackHeight,
    })),
    ...tx.tokenTransfers.map((t) => ({
      parsed: {
        info: { authority: t.from, destination: t.toTokenAccount, mint: t.mint, source: t.fromTokenAccount, tokenAmount: uiAmount(BigInt(t.amountRaw), t.decimals) },
        type: 'transferChecked',
      },
      program: 'spl-token',
      programId: programOfMint(t.mint),
      stackHeight,
    })),
  ];
  const opaque = (programId: string, stackHeight: number | null): Json => ({
    accounts: ordered.filter((k) => k.writable).map((k) => k.pubkey),
    data: base58.decode(digest('ix', tx.signature, programId).subarray(0, 18)),
    programId,
    stackHeight,
  });
  const budget = tx.programIds.includes(COMPUTE_BUDGET_PROGRAM)
    ? [
        { accounts: [], data: '3DdGGhkhJbjm', programId: COMPUTE_BUDGET_PROGRAM, stackHeight: null },
        { accounts: [], data: 'JC3gyu', programId: COMPUTE_BUDGET_PROGRAM, stackHeight: null },
      ]
    : [];
  const custom = tx.programIds.filter((p) => p !== SYSTEM_PROGRAM && p !== COMPUTE_BUDGET_PROGRAM && !TOKEN_PROGRAMS.has(p));
  const instructions: Json[] = [...budget];
  const innerInstructions: Json[] = [];
  const logs: string[] = budget.flatMap((ix) => [`Program ${ix.programId} invoke [1]`, `Program ${ix.programId} success`]);
  const failingIndex = failingInstructionIndex(tx);
  let units = budget.length * 150;
  if (custom.length === 0) {
    instructions.push(...transferIxs(null));
    for (const [i, ix] of instructions.slice(budget.length).entries()) {
      const id = String(ix.programId);
      logs.push(`Program ${id} invoke [1]`);
      if (failed && i === 0) {
        logs.push(`Program ${id} failed: ${describeError(tx.error!)}`);
        break;
      }
      logs.push(`Program ${id} success`);
      units += id === SYSTEM_PROGRAM ? 150 : 6_200;
    }
  } else {
    const [outer, ...nested] = custom as [string, ...string[]];
    instructions.push(opaque(outer, null));
    logs.push(`Program ${outer} invoke [1]`);
    if (failed) {
      units += 41_000;
      logs.push(`Program ${outer} consumed ${units} of 200000 compute units`, `Program ${outer} failed: ${describeError(tx.error!)}`);
    } else {
      const inner = [...nested.map((p) => opaque(p, 2)), ...transferIxs(nested.length ? 3 : 2)];
      if (inner.length) innerInstructions.push({ index: budget.length, instructions: inner });
      for (const ix of inner) logs.push(`Program ${String(ix.programId)} invoke [${String(ix.stackHeight)}]`, `Program ${String(ix.programId)} success`);
      units += 38_000 + 24_000 * nested.length + 5_000 * tx.tokenTransfers.length + 150 * tx.nativeTransfers.length;
      logs.push(`Program ${outer} consumed ${units} of 200000 compute units`, `Program ${outer} success`);
    }
  }

  // Balances: nothing moves in a failed transaction except the fee.
  const fee = BigInt(tx.feeLamports);
  const lamportDelta = new Map<string, bigint>([[tx.feePayer, -fee]]);
  const bump = (m: Map<string, bigint>, k: string, v: bigint) => m.set(k, (m.get(k) ?? 0n) + v);
  const tokenDelta = new Map<string, bigint>();
  if (!failed) {
    for (const t of tx.nativeTransfers) {
      bump(lamportDelta, t.from, -BigInt(t.lamports));
      bump(lamportDelta, t.to, BigInt(t.lamports));
    }
    for (const t of tx.tokenTransfers) {
      bump(tokenDelta, t.fromTokenAccount, -BigInt(t.amountRaw));
      bump(tokenDelta, t.toTokenAccount, BigInt(t.amountRaw));
    }
  }
  const mintOfAccount = new Map(tx.tokenTransfers.flatMap((t) => [[t.fromTokenAccount, t.mint], [t.toTokenAccount, t.mint]] as const));
  const mints = new Set(tx.tokenTransfers.map((t) => t.mint));
  // Only the deltas are facts; the levels around them are synthetic (rent for token accounts and mints).
  const baseline = (pubkey: string): bigint => {
    if ((BUILTIN_PROGRAMS as readonly string[]).includes(pubkey)) return 1n;
    if (programs.includes(pubkey)) return 1_141_440n;
    const accountMint = mintOfAccount.get(pubkey);
    if (accountMint !== undefined) {
      const token = ctx.tokenOf(accountMint);
      return rentExemptMinimum(token ? tokenAccountSpace(token) : TOKEN_ACCOUNT_SIZE);
    }
    if (mints.has(pubkey)) {
      const token = ctx.tokenOf(pubkey);
      return token ? BigInt(mintAccount(token).lamports as number) : rentExemptMinimum(MINT_SIZE);
    }
    return 10_000_000n + hashInt(25_000_000_000n, 'lamports', tx.signature, pubkey);
  };
  const preBalances: number[] = [];
  const postBalances: number[] = [];
  for (const k of ordered) {
    const delta = lamportDelta.get(k.pubkey) ?? 0n;
    const pre = baseline(k.pubkey) + (delta < 0n ? -delta : 0n);
    preBalances.push(Number(pre));
    postBalances.push(Number(pre + delta));
  }
  const indexOf = new Map(ordered.map((k, i) => [k.pubkey, i]));
  const preTokenBalances: Json[] = [];
  const postTokenBalances: Json[] = [];
  const seenAccounts = new Set<string>();
  for (const t of tx.tokenTransfers) {
    for (const [account, owner] of [[t.fromTokenAccount, t.from], [t.toTokenAccount, t.to]] as const) {
      if (seenAccounts.has(account)) continue;
      seenAccounts.add(account);
      const delta = tokenDelta.get(account) ?? 0n;
      const pre = hashInt(1_000n, 'tokens', tx.signature, account) * 10n ** BigInt(t.decimals) + (delta < 0n ? -delta : 0n);
      const row = (amount: bigint) => ({ accountIndex: indexOf.get(account)!, mint: t.mint, owner, programId: programOfMint(t.mint), uiTokenAmount: uiAmount(amount, t.decimals) });
      preTokenBalances.push(row(pre));
      postTokenBalances.push(row(pre + delta));
    }
  }

  const err = failed ? transactionError(tx.error!, failingIndex) : null;
  const extraSigners = ordered.filter((k) => k.signer && k.pubkey !== tx.feePayer);
  return {
    blockTime: tx.timestamp,
    meta: {
      computeUnitsConsumed: units,
      err,
      fee: Number(fee),
      innerInstructions,
      logMessages: logs,
      postBalances,
      postTokenBalances,
      preBalances,
      preTokenBalances,
      rewards: [],
      status: failed ? { Err: err } : { Ok: null },
    },
    slot: tx.slot,
    transaction: {
      message: {
        accountKeys: ordered.map((k) => ({ pubkey: k.pubkey, signer: k.signer, source: 'transaction', writable: k.writable })),
        addressTableLookups: [],
        instructions,
        recentBlockhash: bytesToAddress(digest('blockhash', tx.signature)),
      },
      signatures: [tx.signature, ...extraSigners.map((k) => base58.decode(createHash('sha512').update(`${tx.signature}:${k.pubkey}`).digest()))],
    },
    version: 0,
  };
}
