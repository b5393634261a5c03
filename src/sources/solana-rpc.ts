/**
 * Chain RPC client (leg `chain_rpc`): the Solana JSON-RPC data methods the wallet/token/transaction
 * endpoints read — balances, jsonParsed accounts (mints incl. Token-2022 extensions, token accounts),
 * top holders, supply, signatures and jsonParsed transactions. Returns the documented wire data; the
 * `readMint` / `readTokenAccount` helpers only lift typed facts out of it (no analytics here).
 *
 * Node answers that mean "no such thing" (-32602 "Invalid param: could not find account" / "not a Token
 * mint") surface as `SourceError` kind `not_found`: answers, not failures (no retry, no breaker strike).
 */
import { isAddress } from '@solana/kit';
import type { HttpSource } from './http-source.js';
import { reportSkipped } from './errors.js';
import { jsonRpc } from './json-rpc.js';
import { usableListParser, wireParser, type ParsedList } from './wire.js';
import {
  GetAccountInfoResult,
  GetBalanceResult,
  GetMultipleAccountsResult,
  GetSignaturesForAddressEnvelope,
  GetTokenLargestAccountsEnvelope,
  SignatureInfo as SignatureInfoSchema,
  TokenLargestAccount as TokenLargestAccountSchema,
  GetTokenSupplyResult,
  GetTransactionResult,
  checkAccount,
  tokenData,
  type AccountInfo,
  type DefaultAccountStateState,
  type MintCloseAuthorityState,
  type PermanentDelegateState,
  type TransferFeeConfigState,
  type TransferHookState,
  type ParsedTransaction,
  type RpcResponse,
  type SignatureInfo,
  type TokenLargestAccount,
  type TokenProgramName,
  type UiTokenAmount,
} from './wire/solana-rpc.js';

/** The node's documented limit for `getMultipleAccounts`; longer lists are split into parallel calls. */
const MAX_MULTIPLE_ACCOUNTS = 100;
const U64_MAX = 18446744073709551615n;
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

export interface SolanaRpcClientOptions {
  http: HttpSource;
  /** Path of the JSON-RPC endpoint on the source's base URL (usually the root). */
  path?: string;
}

export interface SignaturesOptions {
  /** 1..1000 (the node's default and maximum is 1000). */
  limit?: number;
  /** Start searching backwards from this signature (exclusive). */
  before?: string;
  /** Stop at this signature (exclusive). */
  until?: string;
}

/** Token-2022 mint extensions read as risk flags. Absent field = extension absent (or inactive, see each). */
export interface MintExtensionFacts {
  /** The newer fee (in force from its epoch; the conservative reading of a pending change). */
  transferFee?: { basisPoints: number; maximumFeeRaw: string };
  /** Present only when a delegate is set. */
  permanentDelegate?: string;
  /** Present only when a hook program is set. */
  transferHookProgram?: string;
  nonTransferable?: boolean;
  /** true = new token accounts start frozen; false = the extension exists but the default is "initialized". */
  defaultAccountStateFrozen?: boolean;
  /** Present only when a close authority is set. */
  mintCloseAuthority?: string;
}

export interface MintFacts {
  program: TokenProgramName;
  decimals: number;
  supplyRaw: string;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  extensions: MintExtensionFacts;
}

export interface TokenAccountFacts {
  program: TokenProgramName;
  mint: string;
  owner: string;
  amountRaw: string;
  decimals: number;
  frozen: boolean;
}

function requireAddress(value: string, what = 'address'): void {
  if (!isAddress(value)) throw new RangeError(`invalid Solana ${what}`);
}

/**
 * u64 fields inside extension states arrive as JSON numbers; above 2^53 they are already rounded by
 * JSON parsing; u64::MAX ("no maximum", common for fee caps) parses to exactly 2^64 and is given exactly.
 */
function u64String(value: number): string {
  if (value >= 2 ** 64) return U64_MAX.toString();
  return BigInt(Math.trunc(value)).toString();
}

/**
 * Mint facts from a jsonParsed `getAccountInfo` value; null when the account is not a token mint.
 * Throws when token data is malformed (the client's parse already rejects that as `malformed`).
 */
export function readMint(account: AccountInfo | null): MintFacts | null {
  checkAccount(account);
  const data = tokenData(account);
  if (!data || data.parsed.type !== 'mint') return null;
  const info = data.parsed.info;
  const extensions: MintExtensionFacts = {};
  for (const ext of info.extensions ?? []) {
    switch (ext.extension) {
      case 'transferFeeConfig': {
        const state = ext.state as TransferFeeConfigState;
        extensions.transferFee = { basisPoints: state.newerTransferFee.transferFeeBasisPoints, maximumFeeRaw: u64String(state.newerTransferFee.maximumFee) };
        break;
      }
      case 'permanentDelegate': {
        const state = ext.state as PermanentDelegateState;
        if (state.delegate) extensions.permanentDelegate = state.delegate;
        break;
      }
      case 'transferHook': {
        const state = ext.state as TransferHookState;
        if (state.programId) extensions.transferHookProgram = state.programId;
        break;
      }
      case 'nonTransferable':
        extensions.nonTransferable = true;
        break;
      case 'defaultAccountState': {
        const state = ext.state as DefaultAccountStateState;
        extensions.defaultAccountStateFrozen = state.accountState === 'frozen';
        break;
      }
      case 'mintCloseAuthority': {
        const state = ext.state as MintCloseAuthorityState;
        if (state.closeAuthority) extensions.mintCloseAuthority = state.closeAuthority;
        break;
      }
      default:
        break;
    }
  }
  return {
    program: data.program,
    decimals: info.decimals,
    supplyRaw: info.supply,
    mintAuthority: info.mintAuthority,
    freezeAuthority: info.freezeAuthority,
    extensions,
  };
}

/** Token-account facts (owner, mint, amount) from a jsonParsed account; null when not a token account. */
export function readTokenAccount(account: AccountInfo | null): TokenAccountFacts | null {
  const data = tokenData(account);
  if (!data || data.parsed.type !== 'account') return null;
  const info = data.parsed.info;
  return {
    program: data.program,
    mint: info.mint,
    owner: info.owner,
    amountRaw: info.tokenAmount.amount,
    decimals: info.tokenAmount.decimals,
    frozen: info.state === 'frozen',
  };
}

const parseBalance = wireParser(GetBalanceResult);
const parseAccountInfoBase = wireParser(GetAccountInfoResult);
const parseMultipleBase = wireParser(GetMultipleAccountsResult);
// Lists per entry (src/sources/wire.ts): one malformed signature or holder account is skipped and reported;
// the `{context, value}` envelope and the documented list caps stay strict, and a list with no valid entry is
// malformed. `getMultipleAccounts` stays strict: its entries answer the asked addresses by position.
const parseLargestEnvelope = wireParser(GetTokenLargestAccountsEnvelope);
const parseLargestItems = usableListParser(TokenLargestAccountSchema, 'largest token account');
const parseSupply = wireParser(GetTokenSupplyResult);
const parseSignatureEnvelope = wireParser(GetSignaturesForAddressEnvelope);
const parseSignatureItems = usableListParser(SignatureInfoSchema, 'signature');
const PROVIDER = 'the Solana RPC node';

function parseLargest(json: unknown): { answer: RpcResponse<TokenLargestAccount[]>; list: ParsedList<TokenLargestAccount> } {
  const envelope = parseLargestEnvelope(json);
  const list = parseLargestItems(envelope.value);
  return { answer: { context: envelope.context, value: list.items }, list };
}

function parseSignatures(json: unknown): ParsedList<SignatureInfo> {
  return parseSignatureItems(parseSignatureEnvelope(json));
}
const parseTransaction = wireParser(GetTransactionResult);

function parseAccountInfo(json: unknown): RpcResponse<AccountInfo | null> {
  const result = parseAccountInfoBase(json);
  checkAccount(result.value);
  return result;
}

function parseMultiple(json: unknown): RpcResponse<(AccountInfo | null)[]> {
  const result = parseMultipleBase(json);
  result.value.forEach(checkAccount);
  return result;
}

export class SolanaRpcClient {
  private readonly http: HttpSource;
  private readonly path: string;

  constructor(options: SolanaRpcClientOptions) {
    this.http = options.http;
    this.path = options.path ?? '';
  }

  private call<T>(method: string, params: unknown[], parse: (result: unknown) => T, signal?: AbortSignal): Promise<T> {
    return jsonRpc(this.http, this.path, method, params, parse, signal, { isNotFound: isNodeNotFound });
  }

  /** Lamports held by `address` (0 for an account that does not exist). */
  getBalance(address: string, signal?: AbortSignal): Promise<RpcResponse<number>> {
    requireAddress(address);
    return this.call('getBalance', [address, { commitment: 'confirmed' }], parseBalance, signal);
  }

  /** The account in jsonParsed encoding (`value: null` when it does not exist). */
  getAccountInfo(address: string, signal?: AbortSignal): Promise<RpcResponse<AccountInfo | null>> {
    requireAddress(address);
    return this.call('getAccountInfo', [address, { encoding: 'jsonParsed', commitment: 'confirmed' }], parseAccountInfo, signal);
  }

  /**
   * Accounts in jsonParsed encoding, in the order asked. More than 100 addresses are split into
   * parallel calls of at most 100 (the node's limit); the context is the oldest slot among them.
   */
  async getMultipleAccounts(addresses: readonly string[], signal?: AbortSignal): Promise<RpcResponse<(AccountInfo | null)[]>> {
    addresses.forEach((a) => requireAddress(a));
    const chunks: string[][] = [];
    for (let i = 0; i < addresses.length; i += MAX_MULTIPLE_ACCOUNTS) chunks.push(addresses.slice(i, i + MAX_MULTIPLE_ACCOUNTS));
    if (chunks.length === 0) chunks.push([]);
    const answers = await Promise.all(
      chunks.map((chunk) => this.call('getMultipleAccounts', [chunk, { encoding: 'jsonParsed', commitment: 'confirmed' }], parseMultiple, signal)),
    );
    for (const [i, answer] of answers.entries()) {
      if (answer.value.length !== chunks[i]!.length) throw new RangeError('getMultipleAccounts answered a different number of accounts than asked');
    }
    const oldest = answers.reduce((a, b) => (b.context.slot < a.context.slot ? b : a));
    return { context: oldest.context, value: answers.flatMap((a) => a.value) };
  }

  /** The 20 largest token accounts of `mint` (token accounts, not owners: resolve owners with getMultipleAccounts). */
  getTokenLargestAccounts(mint: string, signal?: AbortSignal): Promise<RpcResponse<TokenLargestAccount[]>> {
    requireAddress(mint, 'mint');
    return this.call('getTokenLargestAccounts', [mint, { commitment: 'confirmed' }], parseLargest, signal).then(({ answer, list }) => {
      this.reported(answer.value, list, 'largest token account');
      return answer;
    });
  }

  getTokenSupply(mint: string, signal?: AbortSignal): Promise<RpcResponse<UiTokenAmount>> {
    requireAddress(mint, 'mint');
    return this.call('getTokenSupply', [mint, { commitment: 'confirmed' }], parseSupply, signal);
  }

  /** Signatures involving `address`, newest first (a malformed entry is skipped and reported: page by `servedCount`). */
  getSignaturesForAddress(address: string, options: SignaturesOptions = {}, signal?: AbortSignal): Promise<SignatureInfo[]> {
    requireAddress(address);
    const { limit, before, until } = options;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) throw new RangeError('limit must be an integer from 1 to 1000');
    for (const sig of [before, until]) if (sig !== undefined && !SIGNATURE.test(sig)) throw new RangeError('invalid transaction signature');
    const config: Record<string, unknown> = { commitment: 'confirmed' };
    if (limit !== undefined) config.limit = limit;
    if (before !== undefined) config.before = before;
    if (until !== undefined) config.until = until;
    // Inputs are refused synchronously above (before any request); the answer's skips are reported below.
    return this.call('getSignaturesForAddress', [address, config], parseSignatures, signal).then((list) => this.reported(list.items, list, 'signature'));
  }

  /** `kept`, with the entries its list skipped reported for the call in progress (an `items_skipped` caveat). */
  private reported<T extends object>(kept: T, list: ParsedList<unknown>, what: string): T {
    return reportSkipped(kept, { leg: this.http.leg, provider: PROVIDER, what, count: list.skipped, firstError: list.firstError });
  }

  /** The jsonParsed transaction (v0 allowed), or null when the node does not have it. */
  getTransaction(signature: string, signal?: AbortSignal): Promise<ParsedTransaction | null> {
    if (!SIGNATURE.test(signature)) throw new RangeError('invalid transaction signature');
    return this.call(
      'getTransaction',
      [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
      parseTransaction,
      signal,
    );
  }
}

/** The node's "no such account / not a mint" answers. */
function isNodeNotFound(error: { code: number; message: string }): boolean {
  return error.code === -32602 && /could not find account|not a token mint/i.test(error.message);
}
