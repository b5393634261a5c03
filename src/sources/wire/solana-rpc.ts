/**
 * Solana JSON-RPC wire formats for the data methods we call (only the fields we rely on; extra allowed).
 *
 * Documented at:
 *   https://solana.com/docs/rpc/http/getbalance            (RpcResponse { context, value: u64 })
 *   https://solana.com/docs/rpc/http/getaccountinfo        (value: account | null; jsonParsed → { program, parsed, space })
 *   https://solana.com/docs/rpc/http/getmultipleaccounts   (value: (account | null)[], at most 100 keys)
 *   https://solana.com/docs/rpc/http/gettokenlargestaccounts (value: [{ address, amount, decimals, uiAmount, uiAmountString }], top 20)
 *   https://solana.com/docs/rpc/http/gettokensupply        (value: UiTokenAmount)
 *   https://solana.com/docs/rpc/http/getsignaturesforaddress (result: array, no context wrapper)
 *   https://solana.com/docs/rpc/http/gettransaction        (result: transaction | null)
 *   https://solana.com/docs/rpc/json-structures            (transaction / token-balance structures)
 * The jsonParsed token layouts (mint, account, Token-2022 extensions as `{ extension, state }`, camelCase
 * fields, u64 amounts inside extension states as JSON numbers) are the Agave account decoder's
 * `UiMint` / `UiTokenAccount` / `UiExtension`:
 *   https://github.com/anza-xyz/agave/blob/master/account-decoder-client-types/src/token.rs
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';
import { wireParser } from '../wire.js';
import { UpstreamFormatError } from '../format-error.js';

const Base58 = Type.String({ minLength: 32, maxLength: 44, pattern: '^[1-9A-HJ-NP-Za-km-z]+$' });
const Signature = Type.String({ minLength: 64, maxLength: 88, pattern: '^[1-9A-HJ-NP-Za-km-z]+$' });
const Digits = Type.String({ pattern: '^[0-9]+$' });
const U64 = Type.Number({ minimum: 0 });

export const RpcContext = Type.Object({ slot: Type.Integer({ minimum: 0 }), apiVersion: Type.Optional(Type.String()) });
export type RpcContext = Static<typeof RpcContext>;

/** `RpcResponse<T>`: methods documented as returning `{ context, value }`. */
export const withContext = <S extends TSchema>(value: S) => Type.Object({ context: RpcContext, value });
export interface RpcResponse<T> {
  context: RpcContext;
  value: T;
}

export const UiTokenAmount = Type.Object({
  amount: Digits,
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  /** Deprecated by the node (float); `uiAmountString` is the exact value. */
  uiAmount: Nullable(Type.Number()),
  uiAmountString: Type.String(),
});
export type UiTokenAmount = Static<typeof UiTokenAmount>;

// ---- Token-2022 extensions (adjacently tagged: `{ extension: "camelCaseName", state?: {...} }`) ----

const UiExtension = Type.Object({ extension: Type.String(), state: Type.Optional(Type.Unknown()) });
type UiExtension = Static<typeof UiExtension>;

const UiTransferFee = Type.Object({ epoch: U64, maximumFee: U64, transferFeeBasisPoints: Type.Integer({ minimum: 0, maximum: 10_000 }) });
/** The states of the extensions we read, checked whenever such an extension is present. */
const EXTENSION_STATES = {
  transferFeeConfig: Type.Object({
    transferFeeConfigAuthority: Nullable(Base58),
    withdrawWithheldAuthority: Nullable(Base58),
    withheldAmount: U64,
    olderTransferFee: UiTransferFee,
    newerTransferFee: UiTransferFee,
  }),
  permanentDelegate: Type.Object({ delegate: Nullable(Base58) }),
  transferHook: Type.Object({ authority: Nullable(Base58), programId: Nullable(Base58) }),
  mintCloseAuthority: Type.Object({ closeAuthority: Nullable(Base58) }),
  defaultAccountState: Type.Object({ accountState: Type.Union([Type.Literal('uninitialized'), Type.Literal('initialized'), Type.Literal('frozen')]) }),
} as const;
export type TransferFeeConfigState = Static<typeof EXTENSION_STATES.transferFeeConfig>;
export type PermanentDelegateState = Static<typeof EXTENSION_STATES.permanentDelegate>;
export type TransferHookState = Static<typeof EXTENSION_STATES.transferHook>;
export type MintCloseAuthorityState = Static<typeof EXTENSION_STATES.mintCloseAuthority>;
export type DefaultAccountStateState = Static<typeof EXTENSION_STATES.defaultAccountState>;

// ---- jsonParsed account data ----

const TOKEN_PROGRAM_NAMES = ['spl-token', 'spl-token-2022'] as const;
export type TokenProgramName = (typeof TOKEN_PROGRAM_NAMES)[number];

const UiMint = Type.Object({
  mintAuthority: Nullable(Base58),
  supply: Digits,
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  isInitialized: Type.Boolean(),
  freezeAuthority: Nullable(Base58),
  /** Omitted by the node when the mint has none (always for classic SPL Token). */
  extensions: Type.Optional(Type.Array(UiExtension)),
});
type UiMint = Static<typeof UiMint>;

const UiTokenAccount = Type.Object({
  mint: Base58,
  owner: Base58,
  tokenAmount: UiTokenAmount,
  state: Type.Union([Type.Literal('uninitialized'), Type.Literal('initialized'), Type.Literal('frozen')]),
  isNative: Type.Boolean(),
  delegate: Type.Optional(Base58),
  extensions: Type.Optional(Type.Array(UiExtension)),
});
type UiTokenAccount = Static<typeof UiTokenAccount>;

export const ParsedTokenData = Type.Object({
  program: Type.Union(TOKEN_PROGRAM_NAMES.map((p) => Type.Literal(p))),
  parsed: Type.Union([
    Type.Object({ type: Type.Literal('mint'), info: UiMint }),
    Type.Object({ type: Type.Literal('account'), info: UiTokenAccount }),
    Type.Object({ type: Type.Literal('multisig'), info: Type.Unknown() }),
  ]),
  space: Type.Integer({ minimum: 0 }),
});
export type ParsedTokenData = Static<typeof ParsedTokenData>;

/** Any program's jsonParsed data; token programs' data is checked further by `checkAccount`. */
export const ParsedAccountData = Type.Object({ program: Type.String(), parsed: Type.Unknown(), space: Type.Integer({ minimum: 0 }) });
export type ParsedAccountData = Static<typeof ParsedAccountData>;

export const AccountInfo = Type.Object({
  /** jsonParsed when the node has a parser for the owner program, else `[base64, "base64"]` (nodes fall back). */
  data: Type.Union([ParsedAccountData, Type.Tuple([Type.String(), Type.String()]), Type.String()]),
  executable: Type.Boolean(),
  lamports: Type.Integer({ minimum: 0 }),
  owner: Base58,
  /** u64; u64::MAX for rent-exempt accounts, which JSON numbers cannot hold exactly (we never use it). */
  rentEpoch: Type.Optional(Type.Number()),
  space: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type AccountInfo = Static<typeof AccountInfo>;

export const GetBalanceResult = withContext(Type.Integer({ minimum: 0 }));
export const GetAccountInfoResult = withContext(Nullable(AccountInfo));
export const GetMultipleAccountsResult = withContext(Type.Array(Nullable(AccountInfo)));
export const TokenLargestAccount = Type.Object({
  address: Base58,
  amount: Digits,
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  uiAmount: Nullable(Type.Number()),
  uiAmountString: Type.String(),
});
export type TokenLargestAccount = Static<typeof TokenLargestAccount>;
/** The envelope as the client reads it: entries are then checked one by one against `TokenLargestAccount` (src/sources/wire.ts). */
export const GetTokenLargestAccountsEnvelope = withContext(Type.Array(Type.Unknown(), { maxItems: 20 }));
export const GetTokenSupplyResult = withContext(UiTokenAmount);

export const SignatureInfo = Type.Object({
  signature: Signature,
  slot: Type.Integer({ minimum: 0 }),
  /** TransactionError (object or string) when the transaction failed, else null. */
  err: Type.Unknown(),
  memo: Nullable(Type.String()),
  blockTime: Type.Optional(Nullable(Type.Integer())),
  confirmationStatus: Type.Optional(Nullable(Type.String())),
});
export type SignatureInfo = Static<typeof SignatureInfo>;
/** The list as the client reads it: entries are then checked one by one against `SignatureInfo`. */
export const GetSignaturesForAddressEnvelope = Type.Array(Type.Unknown(), { maxItems: 1000 });

// ---- jsonParsed transactions ----

/** A program the node can parse: `{ program, programId, parsed }` (`parsed` is a string for e.g. spl-memo). */
const ParsedInstruction = Type.Object({
  program: Type.String(),
  programId: Base58,
  parsed: Type.Unknown(),
  stackHeight: Type.Optional(Nullable(Type.Integer())),
});
type ParsedInstruction = Static<typeof ParsedInstruction>;
/** Any other program: account keys resolved, data left base58. */
const PartiallyDecodedInstruction = Type.Object({
  programId: Base58,
  accounts: Type.Array(Base58),
  data: Type.String(),
  stackHeight: Type.Optional(Nullable(Type.Integer())),
});
type PartiallyDecodedInstruction = Static<typeof PartiallyDecodedInstruction>;
const UiInstruction = Type.Union([ParsedInstruction, PartiallyDecodedInstruction]);
type UiInstruction = Static<typeof UiInstruction>;

const ParsedAccountKey = Type.Object({
  pubkey: Base58,
  signer: Type.Boolean(),
  writable: Type.Boolean(),
  /** "transaction" or "lookupTable" (v0 transactions). */
  source: Type.Optional(Type.String()),
});
type ParsedAccountKey = Static<typeof ParsedAccountKey>;

const TransactionTokenBalance = Type.Object({
  accountIndex: Type.Integer({ minimum: 0 }),
  mint: Base58,
  owner: Type.Optional(Base58),
  programId: Type.Optional(Base58),
  uiTokenAmount: UiTokenAmount,
});
type TransactionTokenBalance = Static<typeof TransactionTokenBalance>;

const TransactionMeta = Type.Object({
  err: Type.Unknown(),
  fee: Type.Integer({ minimum: 0 }),
  preBalances: Type.Array(Type.Integer({ minimum: 0 })),
  postBalances: Type.Array(Type.Integer({ minimum: 0 })),
  preTokenBalances: Type.Optional(Nullable(Type.Array(TransactionTokenBalance))),
  postTokenBalances: Type.Optional(Nullable(Type.Array(TransactionTokenBalance))),
  innerInstructions: Type.Optional(Nullable(Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), instructions: Type.Array(UiInstruction) })))),
  logMessages: Type.Optional(Nullable(Type.Array(Type.String()))),
  computeUnitsConsumed: Type.Optional(Type.Integer({ minimum: 0 })),
});
type TransactionMeta = Static<typeof TransactionMeta>;

export const ParsedTransaction = Type.Object({
  slot: Type.Integer({ minimum: 0 }),
  blockTime: Nullable(Type.Integer()),
  version: Type.Optional(Type.Union([Type.Literal('legacy'), Type.Integer({ minimum: 0 })])),
  meta: Nullable(TransactionMeta),
  transaction: Type.Object({
    signatures: Type.Array(Signature, { minItems: 1 }),
    message: Type.Object({
      accountKeys: Type.Array(ParsedAccountKey),
      instructions: Type.Array(UiInstruction),
      recentBlockhash: Type.String(),
    }),
  }),
});
export type ParsedTransaction = Static<typeof ParsedTransaction>;
export const GetTransactionResult = Nullable(ParsedTransaction);

// ---- checks beyond the generic account schema ----

const parseTokenData = wireParser(ParsedTokenData);
const parseExtensionState = Object.fromEntries(
  Object.entries(EXTENSION_STATES).map(([name, schema]) => [name, wireParser(schema)]),
) as Record<keyof typeof EXTENSION_STATES, (json: unknown) => unknown>;

function isParsedData(data: AccountInfo['data']): data is ParsedAccountData {
  return typeof data === 'object' && !Array.isArray(data);
}

/**
 * A token program's parsed data must match the token layouts, including the state of every extension
 * we read: a node answering `spl-token` data of another shape is malformed, not "not a mint".
 * Throws (→ `malformed` when called inside a client's parse).
 */
export function checkAccount(account: AccountInfo | null): void {
  if (!account || !isParsedData(account.data)) return;
  if (!(TOKEN_PROGRAM_NAMES as readonly string[]).includes(account.data.program)) return;
  const data = parseTokenData(account.data);
  if (data.parsed.type === 'multisig') return;
  for (const ext of data.parsed.info.extensions ?? []) {
    const check = parseExtensionState[ext.extension as keyof typeof EXTENSION_STATES];
    if (!check) continue;
    try {
      check(ext.state);
    } catch (err) {
      throw new UpstreamFormatError(`extension ${ext.extension} state: ${err instanceof UpstreamFormatError ? err.message : 'invalid'}`);
    }
  }
}

/** The token data of an account, or null when the account is not a token-program account. */
export function tokenData(account: AccountInfo | null): ParsedTokenData | null {
  if (!account || !isParsedData(account.data)) return null;
  if (!(TOKEN_PROGRAM_NAMES as readonly string[]).includes(account.data.program)) return null;
  return parseTokenData(account.data);
}
