/**
 * JSON-RPC errors with the codes/messages a real Solana node uses, so @solana/kit maps them to the
 * same SolanaError codes the facilitator would see against mainnet; and the runtime's (LiteSVM's)
 * transaction errors in the JSON shape nodes answer, e.g. `"BlockhashNotFound"` or
 * `{ "InstructionError": [2, { "Custom": 1 }] }`.
 */
import {
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  type FailedTransactionMetadata,
} from 'litesvm/dist/internal.js';

/** A Solana `TransactionError` in its JSON-RPC shape. */
export type TransactionError = string | Record<string, unknown>;

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

/**
 * The runtime's fieldless errors by their number. LiteSVM's binding declares these as `const enum`s, which
 * exist only at compile time, so the names are listed here in the binding's (and solana-sdk's) order.
 */
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;

const INSTRUCTION_ERROR_NAMES = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const;

type RuntimeError = ReturnType<FailedTransactionMetadata['err']>;
type RuntimeInstructionError = ReturnType<TransactionErrorInstructionError['err']>;

function instructionErrorJson(err: RuntimeInstructionError): unknown {
  if (err instanceof InstructionErrorCustom) return { Custom: err.code };
  if (err instanceof InstructionErrorBorshIo) return { BorshIoError: err.msg };
  return INSTRUCTION_ERROR_NAMES[err] ?? `InstructionError${String(err)}`;
}

/** The runtime's error as a node's JSON-RPC answer spells it. */
export function transactionErrorJson(err: RuntimeError): TransactionError {
  if (typeof err === 'number') return TRANSACTION_ERROR_NAMES[err] ?? `TransactionError${err}`;
  if (err instanceof TransactionErrorInstructionError) return { InstructionError: [err.index, instructionErrorJson(err.err())] };
  if (err instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index };
  if (err instanceof TransactionErrorInsufficientFundsForRent) return { InsufficientFundsForRent: { account_index: err.accountIndex } };
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } };
  }
  return String(err);
}

const NAMED: Record<string, string> = {
  BlockhashNotFound: 'Blockhash not found',
  AlreadyProcessed: 'This transaction has already been processed',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
  SignatureFailure: 'Transaction did not pass signature verification',
};

function describeInstructionError(kind: unknown): string {
  if (kind && typeof kind === 'object' && 'Custom' in kind) return `custom program error: 0x${Number(kind.Custom).toString(16)}`;
  return String(kind).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Human message in the node's wording, e.g. "Error processing Instruction 2: custom program error: 0x1". */
export function describeTransactionError(err: TransactionError): string {
  if (typeof err === 'string') return NAMED[err] ?? err;
  const ix = err.InstructionError as [number, unknown] | undefined;
  if (ix) return `Error processing Instruction ${ix[0]}: ${describeInstructionError(ix[1])}`;
  return JSON.stringify(err);
}
