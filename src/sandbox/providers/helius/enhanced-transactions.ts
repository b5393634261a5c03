/**
 * Helius enhanced transactions (REST): a wallet's history (GET /v0/addresses/{address}/transactions, limit
 * 1..100, before-signature, type, source) and the parse of up to 100 signatures (POST /v0/transactions),
 * each world transaction rendered with its transfers, per-account balance effects, instructions and events.
 */
import { getBase58Encoder, isAddress } from '@solana/kit';
import type { SandboxWorld, TransactionState } from '../../world/types.js';
import type { ProviderResponse } from '../server.js';
import { bad, derived, uiAmount, type Json } from './wire-basics.js';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const ENHANCED_MAX = 100;

const b58bytes = getBase58Encoder();

function isSignature(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 64 || value.length > 88) return false;
  try {
    return b58bytes.encode(value).length === 64;
  } catch {
    return false;
  }
}

function tokenStandard(t: { decimals: number; amountRaw: string }): string {
  return t.decimals === 0 && t.amountRaw === '1' ? 'NonFungible' : 'Fungible';
}

/** Per-account balance effects, fee payer first, then in order of appearance (as Helius lists them). */
function accountData(tx: TransactionState, moved: boolean): Json[] {
  const rows = new Map<string, { native: bigint; tokens: Json[] }>();
  const row = (account: string) => {
    let r = rows.get(account);
    if (!r) rows.set(account, (r = { native: 0n, tokens: [] }));
    return r;
  };
  row(tx.feePayer).native -= BigInt(tx.feeLamports);
  if (moved) {
    for (const t of tx.nativeTransfers) {
      row(t.from).native -= BigInt(t.lamports);
      row(t.to).native += BigInt(t.lamports);
    }
    for (const t of tx.tokenTransfers) {
      for (const [tokenAccount, user, sign] of [[t.fromTokenAccount, t.from, -1n], [t.toTokenAccount, t.to, 1n]] as const) {
        const r = row(tokenAccount);
        const existing = r.tokens.find((c) => c.mint === t.mint) as { rawTokenAmount: { tokenAmount: string } } | undefined;
        const delta = sign * BigInt(t.amountRaw);
        if (existing) existing.rawTokenAmount.tokenAmount = String(BigInt(existing.rawTokenAmount.tokenAmount) + delta);
        else r.tokens.push({ userAccount: user, tokenAccount, mint: t.mint, rawTokenAmount: { tokenAmount: String(delta), decimals: t.decimals } });
      }
    }
  }
  for (const program of tx.programIds) row(program);
  return [...rows].map(([account, r]) => ({ account, nativeBalanceChange: Number(r.native), tokenBalanceChanges: r.tokens }));
}

function instructions(tx: TransactionState, moved: boolean): Json[] {
  const parties = [...new Set([
    tx.feePayer,
    ...(moved ? tx.nativeTransfers.flatMap((t) => [t.from, t.to]) : []),
    ...(moved ? tx.tokenTransfers.flatMap((t) => [t.fromTokenAccount, t.toTokenAccount, t.mint]) : []),
  ])];
  return tx.programIds.map((program, i) => ({
    accounts: program === COMPUTE_BUDGET ? [] : parties,
    data: derived(`ix:${tx.signature}:${i}`, 12),
    programId: program,
    innerInstructions: [],
  }));
}

function events(tx: TransactionState, moved: boolean): Json {
  if (!moved) return {};
  const me = tx.feePayer;
  const raw = (t: TransactionState['tokenTransfers'][number], user: string, account: string) => ({
    userAccount: user, tokenAccount: account, mint: t.mint, rawTokenAmount: { tokenAmount: t.amountRaw, decimals: t.decimals },
  });
  if (tx.type === 'SWAP') {
    const sum = (list: TransactionState['nativeTransfers']) => list.reduce((s, t) => s + BigInt(t.lamports), 0n);
    const nativeIn = sum(tx.nativeTransfers.filter((t) => t.from === me));
    const nativeOut = sum(tx.nativeTransfers.filter((t) => t.to === me));
    return {
      swap: {
        nativeInput: nativeIn > 0n ? { account: me, amount: String(nativeIn) } : null,
        nativeOutput: nativeOut > 0n ? { account: me, amount: String(nativeOut) } : null,
        tokenInputs: tx.tokenTransfers.filter((t) => t.from === me).map((t) => raw(t, t.from, t.fromTokenAccount)),
        tokenOutputs: tx.tokenTransfers.filter((t) => t.to === me).map((t) => raw(t, t.to, t.toTokenAccount)),
        tokenFees: [],
        nativeFees: [],
        innerSwaps: [],
      },
    };
  }
  if (tx.type === 'NFT_SALE' || tx.type === 'NFT_MINT') {
    const nfts = tx.tokenTransfers.filter((t) => t.decimals === 0);
    const buyer = nfts[0]?.to ?? me;
    const seller = tx.type === 'NFT_SALE' ? nfts[0]?.from ?? '' : '';
    const amount = tx.nativeTransfers.filter((t) => t.from === buyer).reduce((s, t) => s + Number(t.lamports), 0);
    return {
      nft: {
        description: tx.description, type: tx.type, source: tx.source, amount, fee: Number(tx.feeLamports), feePayer: me,
        signature: tx.signature, slot: tx.slot, timestamp: tx.timestamp,
        saleType: tx.type === 'NFT_SALE' ? 'INSTANT_SALE' : '', buyer, seller, staker: '',
        nfts: nfts.map((t) => ({ mint: t.mint, tokenStandard: 'NonFungible' })),
      },
    };
  }
  return {};
}

/** One world transaction as an enhanced transaction. A failed transaction moved nothing but its fee. */
function renderEnhancedTransaction(tx: TransactionState): Json {
  const moved = tx.error === null;
  const nativeTransfers = moved ? tx.nativeTransfers.map((t) => ({ fromUserAccount: t.from, toUserAccount: t.to, amount: Number(t.lamports) })) : [];
  const tokenTransfers = moved
    ? tx.tokenTransfers.map((t) => ({
        fromTokenAccount: t.fromTokenAccount, toTokenAccount: t.toTokenAccount, fromUserAccount: t.from, toUserAccount: t.to,
        tokenAmount: uiAmount(t.amountRaw, t.decimals), mint: t.mint, tokenStandard: tokenStandard(t),
      }))
    : [];
  return {
    description: tx.description,
    type: tx.type,
    source: tx.source,
    fee: Number(tx.feeLamports),
    feePayer: tx.feePayer,
    signature: tx.signature,
    slot: tx.slot,
    timestamp: tx.timestamp,
    tokenTransfers,
    nativeTransfers,
    accountData: accountData(tx, moved),
    transactionError: tx.error === null ? null : { error: tx.error },
    instructions: instructions(tx, moved),
    events: events(tx, moved),
  };
}

/** A wallet's enhanced history, newest first. */
export function enhancedHistory(world: SandboxWorld, at: Date, address: string, query: URLSearchParams): ProviderResponse {
  if (!isAddress(address)) return bad(`invalid address: ${address}`);
  const limitText = query.get('limit');
  const limit = limitText === null ? ENHANCED_MAX : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > ENHANCED_MAX) return bad(`invalid limit: must be between 1 and ${ENHANCED_MAX}`);
  // `before-signature` is the current name; `before` is the older one still seen in the wild.
  const before = query.get('before-signature') ?? query.get('before');
  const type = query.get('type');
  const source = query.get('source');
  let list = world.wallet(address, at)?.transactions ?? [];
  if (before) {
    const index = list.findIndex((tx) => tx.signature === before);
    list = index === -1 ? [] : list.slice(index + 1);
  }
  if (type) list = list.filter((tx) => tx.type === type);
  if (source) list = list.filter((tx) => tx.source === source);
  return { body: list.slice(0, limit).map(renderEnhancedTransaction) };
}

/** The parse of up to 100 signatures; unknown signatures are left out (as Helius does). */
export function parseTransactions(world: SandboxWorld, at: Date, body: unknown): ProviderResponse {
  const list = (body as { transactions?: unknown } | undefined)?.transactions;
  if (!Array.isArray(list) || list.length === 0 || list.some((s) => typeof s !== 'string')) return bad('transactions must be a non-empty array of signatures');
  if (list.length > ENHANCED_MAX) return bad(`at most ${ENHANCED_MAX} transactions per request`);
  const out: Json[] = [];
  for (const sig of list as string[]) {
    if (!isSignature(sig)) return bad(`invalid transaction signature: ${sig}`);
    const tx = world.transaction(sig, at);
    if (tx) out.push(renderEnhancedTransaction(tx));
  }
  return { body: out };
}
