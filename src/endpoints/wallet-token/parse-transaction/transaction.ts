/** Transaction parse, shared by `parse-transaction`: one source (the enhanced-transaction provider). */
import { ApiError } from '../../../errors/api-error.js';
import { parseTransaction } from '../../../analytics/transaction-parse.js';
import type { TransactionInput } from '../../../analytics/types.js';
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import type { EnhancedTransaction } from '../../../sources/wire/helius.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';

export function toTransactionInput(tx: EnhancedTransaction): TransactionInput {
  const programIds: string[] = [];
  for (const ix of tx.instructions ?? []) {
    programIds.push(ix.programId);
    for (const inner of ix.innerInstructions ?? []) programIds.push(inner.programId);
  }
  // Raw token amounts come from the balance changes (exact strings); transfers carry UI amounts.
  const rawByAccountMint = new Map<string, string>();
  for (const a of tx.accountData ?? []) {
    for (const c of a.tokenBalanceChanges ?? []) rawByAccountMint.set(`${c.tokenAccount}:${c.mint}`, c.rawTokenAmount.tokenAmount.replace(/^-/, ''));
  }
  return {
    signature: tx.signature,
    timestamp: tx.timestamp,
    type: tx.type,
    source: tx.source,
    feePayer: tx.feePayer,
    signers: [tx.feePayer],
    programIds: [...new Set(programIds)],
    nativeTransfers: (tx.nativeTransfers ?? []).map((t) => ({ from: t.fromUserAccount ?? '', to: t.toUserAccount ?? '', amountLamports: t.amount })),
    tokenTransfers: (tx.tokenTransfers ?? []).map((t) => ({
      from: t.fromUserAccount ?? '',
      to: t.toUserAccount ?? '',
      mint: t.mint,
      uiAmount: t.tokenAmount,
      amountRaw: (t.toTokenAccount && rawByAccountMint.get(`${t.toTokenAccount}:${t.mint}`)) ?? null,
    })),
    success: !tx.transactionError,
    error: tx.transactionError ? (tx.transactionError.error ?? 'failed') : null,
  };
}

export async function describeTransaction(signature: string, ctx: HandlerContext): Promise<HandlerResult> {
  const legs = await gatherLegs({ tx: () => ctx.sources.helius.parseTransaction(signature, ctx.signal) });
  const tx = required(legs.tx);
  if (!tx) throw new ApiError('not_found', 'No transaction with this signature is known. You were not charged.');
  const { timestamp, ...parsed } = parseTransaction(toTransactionInput(tx), (address) => ctx.entities.labelFor(address));
  return {
    data: { ...parsed, block_time_at: timestamp === null ? null : new Date(timestamp * 1000).toISOString(), description: tx.description, fee_lamports: tx.fee, slot: tx.slot },
    caveats: [],
    next_steps: [{ endpoint: 'enrich-wallet-light', input: { address: tx.feePayer }, reason: 'Profile of the fee payer' }],
    timings: legTimings(legs),
  };
}
