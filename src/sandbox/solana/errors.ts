/**
 * JSON-RPC errors with the codes/messages a real Solana node uses, so @solana/kit maps them to the
 * same SolanaError codes the facilitator would see against mainnet.
 */
import type { TransactionError } from './ledger.js';
import type { InstructionErrorKind } from './programs.js';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** -32002: what `sendTransaction` returns when preflight (or our pre-checks) rejects the transaction. */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002;
/** -32003: a required signature is missing or does not verify. */
export const TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003;

const NAMED: Record<string, string> = {
  BlockhashNotFound: 'Blockhash not found',
  AlreadyProcessed: 'This transaction has already been processed',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
};

function describeInstructionError(kind: InstructionErrorKind): string {
  if (typeof kind !== 'string') return `custom program error: 0x${kind.Custom.toString(16)}`;
  return kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Human message in the node's wording, e.g. "Error processing Instruction 2: custom program error: 0x1". */
export function describeTransactionError(err: TransactionError): string {
  if (typeof err === 'string') return NAMED[err] ?? err;
  const ix = err.InstructionError as [number, InstructionErrorKind] | undefined;
  if (ix) return `Error processing Instruction ${ix[0]}: ${describeInstructionError(ix[1])}`;
  return JSON.stringify(err);
}
