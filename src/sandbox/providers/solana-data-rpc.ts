/**
 * The sandbox "data RPC" node (leg `chain_rpc`): a JSON-RPC 2.0 handler (single and batch requests)
 * answering the Solana data methods the service reads, rendered from the sandbox world exactly as a
 * mainnet node renders them (`{ context, value }` wrappers, jsonParsed token layouts with Token-2022
 * extensions as `{ extension, state }`, jsonParsed v0 transactions with `meta.err` for failed ones).
 * This is a separate loopback node from the payment ledger in `src/sandbox/solana/`.
 *
 * Methods: getBalance, getAccountInfo, getMultipleAccounts (≤ 100), getTokenLargestAccounts (top 20),
 * getTokenSupply, getSignaturesForAddress, getTransaction, plus getHealth/getVersion/getSlot/getGenesisHash.
 * Signatures are a wallet's (`world.wallet(address).transactions`, newest first), or for a protocol's program
 * every transaction that invoked it (`programTransactions`); other addresses have none.
 * Unknown things get the node's answers: `value: null` for a missing account, `result: null` for an
 * unknown signature, `[]` for an address without history, -32602 "Invalid param: …" for a non-mint.
 * Sandbox limits (said here, not hidden): token accounts/mints and transactions are served only as
 * jsonParsed (other encodings get a -32602 naming the limit).
 *
 * The launch platform's coins (world/launchpad-chain.ts) are world tokens like any other (their transfer-fee
 * config names its own config and withdraw authorities); each coin's LaunchLab pool state is served here as
 * the program-owned account a node returns: base64 bytes (also when jsonParsed is asked), owner LaunchLab.
 *
 * Token accounts: the world lists them under their mint's `topHolders` and their owner's `tokens`, not by
 * address, so this node learns which (mint, owner) a token-account address belongs to from the answers
 * it gives (getTokenLargestAccounts, a wallet's accounts, transactions) and reads its amount from the
 * world at request time — the same order a client follows (largest accounts, then their owners).
 */
import { createHash } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { bytesToAddress, uiAmount } from '../solana/accounts.js';
import { ORCA_WHIRLPOOL, PUMP_FUN, RAYDIUM_AMM_V4 } from '../../analytics/known-programs.js';
import {
  BUILTIN_PROGRAMS,
  COMPUTE_BUDGET_PROGRAM,
  MAINNET_GENESIS_HASH,
  MINT_SIZE,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM,
  rentExemptMinimum,
} from '../solana/constants.js';
import { RpcError } from '../solana/errors.js';
import { slotAt as worldSlotAt } from '../world/time.js';
import { programTransactions } from '../world/program-activity.js';
import type { PoolState, SandboxWorld, TokenState, TransactionState } from '../world/types.js';
import { LAUNCHLAB_POOL_STATE_SIZE, launchpadPoolAccount } from '../world/launchpad-chain.js';
import { LAUNCHPAD_PROGRAM_ID } from '../world/launchpad.js';
import type { ProviderHandler } from './server.js';
import { API_VERSION, MAX_MULTIPLE_ACCOUNTS, RENT_EPOCH, addressParam, config, jsonRpcHandler, type Json, type RpcMethod } from './json-rpc-node.js';

const SLOTS_PER_EPOCH = 432_000;
const NATIVE_LOADER = 'NativeLoader1111111111111111111111111111111';
const BPF_UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const MAX_SIGNATURES = 1000;
const MAX_LEARNED_TOKEN_ACCOUNTS = 200_000;
const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);

/** The world's slot clock (so context slots agree with the world's transaction slots). */
function slotAt(at: Date): number {
  return worldSlotAt(Math.floor(at.getTime() / 1000));
}

const base58 = getBase58Decoder();
const base58Bytes = getBase58Encoder();

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** A deterministic integer in [0, modulo) from the parts. */
function hashInt(modulo: bigint, ...parts: string[]): bigint {
  return digest(...parts).readBigUInt64BE(0) % modulo;
}

function signatureParam(value: unknown): string {
  let bytes: { length: number } | undefined;
  try {
    bytes = typeof value === 'string' ? base58Bytes.encode(value) : undefined;
  } catch {
    bytes = undefined;
  }
  if (!bytes) throw new RpcError(-32602, 'Invalid param: Invalid');
  if (bytes.length !== 64) throw new RpcError(-32602, 'Invalid param: WrongSize');
  return value as string;
}

function tokenProgramId(token: TokenState): string {
  return token.program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM;
}

function programName(token: TokenState): 'spl-token' | 'spl-token-2022' {
  return token.program === 'token-2022' ? 'spl-token-2022' : 'spl-token';
}

/** TLV-encoded size of Token-2022 state: base (165) + account-type byte + (type u16, length u16, value) per extension. */
function extendedSpace(valueLengths: number[]): number {
  return TOKEN_ACCOUNT_SIZE + 1 + valueLengths.reduce((sum, len) => sum + 4 + len, 0);
}

interface RenderedExtension {
  json: Json;
  size: number;
}

/** The mint's extensions in jsonParsed form, in initialisation order, with their TLV value sizes. */
function mintExtensions(token: TokenState): RenderedExtension[] {
  const e = token.extensions;
  const out: RenderedExtension[] = [];
  const epoch = Math.floor(slotAt(new Date(token.createdAt * 1000)) / SLOTS_PER_EPOCH);
  if (e.transferFee) {
    const fee = { epoch, maximumFee: Number(BigInt(e.transferFee.maximumFeeRaw)), transferFeeBasisPoints: e.transferFee.basisPoints };
    out.push({
      size: 108,
      json: {
        extension: 'transferFeeConfig',
        state: {
          newerTransferFee: fee,
          olderTransferFee: fee,
          // The world's authorities when it names them (the launch platform's coins), else the mint authority.
          transferFeeConfigAuthority: e.transferFee.configAuthority !== undefined ? e.transferFee.configAuthority : token.mintAuthority,
          withdrawWithheldAuthority: e.transferFee.withdrawAuthority !== undefined ? e.transferFee.withdrawAuthority : token.mintAuthority,
          withheldAmount: Number(BigInt(e.transferFee.withheldRaw ?? '0')),
        },
      },
    });
  }
  if (e.mintCloseAuthority) out.push({ size: 32, json: { extension: 'mintCloseAuthority', state: { closeAuthority: e.mintCloseAuthority } } });
  if (e.permanentDelegate) out.push({ size: 32, json: { extension: 'permanentDelegate', state: { delegate: e.permanentDelegate } } });
  if (e.defaultAccountStateFrozen !== undefined) {
    out.push({ size: 1, json: { extension: 'defaultAccountState', state: { accountState: e.defaultAccountStateFrozen ? 'frozen' : 'initialized' } } });
  }
  if (e.nonTransferable) out.push({ size: 0, json: { extension: 'nonTransferable' } });
  if (e.transferHookProgram) out.push({ size: 64, json: { extension: 'transferHook', state: { authority: token.mintAuthority, programId: e.transferHookProgram } } });
  // Token-2022 mints carry their metadata in the mint (pointer to itself + the metadata itself).
  out.push({ size: 64, json: { extension: 'metadataPointer', state: { authority: token.mintAuthority, metadataAddress: token.mint } } });
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  out.push({
    size: 32 + 32 + 4 + bytes(token.name) + 4 + bytes(token.symbol) + 4 + bytes(token.uri) + 4,
    json: {
      extension: 'tokenMetadata',
      state: { additionalMetadata: [], mint: token.mint, name: token.name, symbol: token.symbol, updateAuthority: token.mintAuthority, uri: token.uri },
    },
  });
  return out;
}

function mintAccount(token: TokenState): Json {
  const info: Json = {
    decimals: token.decimals,
    freezeAuthority: token.freezeAuthority,
    isInitialized: true,
    mintAuthority: token.mintAuthority,
    supply: token.supplyRaw,
  };
  let space = MINT_SIZE;
  if (token.program === 'token-2022') {
    const extensions = mintExtensions(token);
    info.extensions = extensions.map((x) => x.json);
    space = extendedSpace(extensions.map((x) => x.size));
  }
  return tokenProgramAccount(token, { info, type: 'mint' }, space);
}

/** A rent-exempt account of the token's program, jsonParsed: mints and token accounts share this envelope. */
function tokenProgramAccount(token: TokenState, parsed: { info: Json; type: 'mint' | 'account' }, space: number): Json {
  return {
    data: { parsed, program: programName(token), space },
    executable: false,
    lamports: Number(rentExemptMinimum(space)),
    owner: tokenProgramId(token),
    rentEpoch: RENT_EPOCH,
    space,
  };
}

/** Token-2022 accounts carry the account-side twins of their mint's extensions (ATAs are immutable-owner). */
function tokenAccountExtensions(token: TokenState): RenderedExtension[] {
  if (token.program !== 'token-2022') return [];
  const out: RenderedExtension[] = [{ size: 0, json: { extension: 'immutableOwner' } }];
  if (token.extensions.transferFee) out.push({ size: 8, json: { extension: 'transferFeeAmount', state: { withheldAmount: 0 } } });
  if (token.extensions.nonTransferable) out.push({ size: 0, json: { extension: 'nonTransferableAccount' } });
  if (token.extensions.transferHookProgram) out.push({ size: 1, json: { extension: 'transferHookAccount', state: { transferring: false } } });
  return out;
}

function tokenAccountSpace(token: TokenState): number {
  const extensions = tokenAccountExtensions(token);
  return extensions.length ? extendedSpace(extensions.map((x) => x.size)) : TOKEN_ACCOUNT_SIZE;
}

function tokenAccount(token: TokenState, owner: string, amountRaw: string): Json {
  const extensions = tokenAccountExtensions(token);
  const info: Json = {
    isNative: false,
    mint: token.mint,
    owner,
    state: 'initialized',
    tokenAmount: uiAmount(BigInt(amountRaw), token.decimals),
  };
  if (extensions.length) info.extensions = extensions.map((x) => x.json);
  const space = tokenAccountSpace(token);
  return tokenProgramAccount(token, { info, type: 'account' }, space);
}

/** Account data with no bytes, in the asked encoding (jsonParsed falls back to base64, as nodes do). */
function emptyData(encoding: string): unknown {
  if (encoding === 'base64' || encoding === 'jsonParsed' || encoding === 'base64+zstd') return ['', encoding === 'base64+zstd' ? 'base64+zstd' : 'base64'];
  if (encoding === 'base58') return ['', 'base58'];
  if (encoding === 'binary') return '';
  throw new RpcError(-32602, `Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``);
}

/** Program-owned account bytes in the asked encoding: jsonParsed falls back to base64 (the node cannot parse them). */
function binaryData(bytes: Uint8Array, encoding: string): unknown {
  if (encoding === 'base64' || encoding === 'jsonParsed') return [Buffer.from(bytes).toString('base64'), 'base64'];
  if (encoding === 'base58') return [base58.decode(bytes), 'base58'];
  if (encoding === 'binary') return base58.decode(bytes);
  if (encoding === 'base64+zstd') throw new RpcError(-32602, 'sandbox data RPC serves program accounts as base64, base58 or jsonParsed (asked: base64+zstd)');
  return emptyData(encoding);
}

function requireJsonParsed(encoding: string): void {
  if (encoding !== 'jsonParsed') throw new RpcError(-32602, `sandbox data RPC serves token accounts and transactions as jsonParsed only (asked: ${encoding})`);
}

// ---- transactions ----

/** The node's TransactionError for the world's error text (e.g. "InstructionError: custom program error: 0x1771"). */
function transactionError(error: string, instructionIndex: number): unknown {
  const custom = /custom program error: 0x([0-9a-f]+)/i.exec(error);
  if (custom) return { InstructionError: [instructionIndex, { Custom: parseInt(custom[1]!, 16) }] };
  const unit = /^\s*([A-Z][A-Za-z]+)\s*$/.exec(error);
  if (unit) return unit[1];
  const kind = /InstructionError:\s*([A-Z][A-Za-z]+)/.exec(error);
  return { InstructionError: [instructionIndex, kind ? kind[1] : 'GenericError'] };
}

/** Failed transactions fail in their first instruction after the compute-budget ones. */
function failingInstructionIndex(tx: TransactionState): number {
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

interface TransactionContext {
  tokenOf: (mint: string) => TokenState | null;
  learn: (tokenAccount: string, mint: string, owner: string) => void;
}

function renderTransaction(tx: TransactionState, ctx: TransactionContext): Json {
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

// ---- the node ----

/** The AMM program that owns each world DEX's pool accounts. */
const POOL_PROGRAMS: Record<PoolState['dex'], string> = {
  raydium: RAYDIUM_AMM_V4,
  orca: ORCA_WHIRLPOOL,
  meteora: 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
  pumpswap: RAYDIUM_AMM_V4,
};

class DataNode {
  readonly slot: number;

  constructor(
    private readonly world: SandboxWorld,
    private readonly at: Date,
    /** token account → (mint, owner), learned from answers given (see the header). */
    private readonly tokenAccounts: Map<string, { mint: string; owner: string }>,
    /** Holder owners that are program-owned accounts (pools, bonding curves) → the owning program. */
    private readonly programOwned: Map<string, string>,
  ) {
    this.slot = slotAt(at);
  }

  withContext(value: unknown) {
    return { context: { apiVersion: API_VERSION, slot: this.slot }, value };
  }

  token(mint: string): TokenState | null {
    return this.world.token(mint, this.at);
  }

  learn(account: string, mint: string, owner: string): void {
    if (this.tokenAccounts.has(account)) return;
    // Bounded: the oldest entries go first (a client re-learns them by asking for the largest accounts again).
    if (this.tokenAccounts.size >= MAX_LEARNED_TOKEN_ACCOUNTS) this.tokenAccounts.delete(this.tokenAccounts.keys().next().value!);
    this.tokenAccounts.set(account, { mint, owner });
  }

  /** A known token account with its current amount (0 once it has none: emptied accounts stay open). */
  tokenAccount(address: string): { token: TokenState; owner: string; amountRaw: string } | null {
    const known = this.tokenAccounts.get(address);
    if (!known) return null;
    const token = this.token(known.mint);
    if (!token) return null;
    const holder = token.topHolders.find((h) => h.tokenAccount === address);
    if (holder) return { token, owner: holder.owner, amountRaw: holder.amountRaw };
    const balance = this.world.wallet(known.owner, this.at)?.tokens.find((t) => t.tokenAccount === address);
    return { token, owner: known.owner, amountRaw: balance?.amountRaw ?? '0' };
  }

  /** Executable program accounts: the builtins and the world's protocol programs. */
  private program(address: string, encoding: string): Json | null {
    if ((BUILTIN_PROGRAMS as readonly string[]).includes(address)) {
      return { data: emptyData(encoding), executable: true, lamports: 1, owner: NATIVE_LOADER, rentEpoch: RENT_EPOCH, space: 0 };
    }
    if (!this.world.protocol(address, this.at)?.programIds.includes(address)) return null;
    const programData = bytesToAddress(digest('programdata', address));
    const data = encoding === 'jsonParsed' ? { parsed: { info: { programData }, type: 'program' }, program: 'bpf-upgradeable-loader', space: 36 } : emptyData(encoding);
    return { data, executable: true, lamports: 1_141_440, owner: BPF_UPGRADEABLE_LOADER, rentEpoch: RENT_EPOCH, space: 36 };
  }

  account(address: string, encoding: string): Json | null {
    // A launch-platform coin's LaunchLab pool state (world/launchpad-chain.ts): null before the coin exists.
    const pool = launchpadPoolAccount(address, this.at.getTime());
    if (pool !== undefined) {
      if (pool === null) return null;
      return {
        data: binaryData(pool, encoding),
        executable: false,
        lamports: Number(rentExemptMinimum(LAUNCHLAB_POOL_STATE_SIZE)),
        owner: LAUNCHPAD_PROGRAM_ID,
        rentEpoch: RENT_EPOCH,
        space: LAUNCHLAB_POOL_STATE_SIZE,
      };
    }
    const held = this.tokenAccount(address);
    if (held) {
      requireJsonParsed(encoding);
      return tokenAccount(held.token, held.owner, held.amountRaw);
    }
    const token = this.token(address);
    if (token) {
      requireJsonParsed(encoding);
      return mintAccount(token);
    }
    const program = this.program(address, encoding);
    if (program) return program;
    const owningProgram = this.programOwned.get(address);
    if (owningProgram) return { data: emptyData(encoding), executable: false, lamports: 2_039_280, owner: owningProgram, rentEpoch: RENT_EPOCH, space: 0 };
    const wallet = this.world.wallet(address, this.at);
    if (!wallet) return null;
    for (const t of wallet.tokens) this.learn(t.tokenAccount, t.mint, address);
    // A system account exists only while it holds lamports.
    if (BigInt(wallet.lamports) === 0n) return null;
    return { data: emptyData(encoding), executable: false, lamports: Number(wallet.lamports), owner: SYSTEM_PROGRAM, rentEpoch: RENT_EPOCH, space: 0 };
  }

  /** The mint for the token methods, or the node's -32602 for anything else. */
  mint(address: string): TokenState {
    const token = this.token(address);
    if (token) return token;
    if (this.account(address, 'jsonParsed') === null) throw new RpcError(-32602, 'Invalid param: could not find account');
    throw new RpcError(-32602, 'Invalid param: not a Token mint');
  }

  largestAccounts(mint: string) {
    const token = this.mint(mint);
    const holders = [...token.topHolders].sort((a, b) => (BigInt(b.amountRaw) > BigInt(a.amountRaw) ? 1 : BigInt(b.amountRaw) < BigInt(a.amountRaw) ? -1 : 0)).slice(0, 20);
    for (const h of holders) {
      this.learn(h.tokenAccount, token.mint, h.owner);
      // A pool's or a launch curve's vault authority is an account of the AMM / launch program, as on mainnet.
      const program = h.kind === 'pool' ? POOL_PROGRAMS[token.pools.find((p) => p.address === h.owner)?.dex ?? 'raydium'] : h.kind === 'bonding_curve' ? PUMP_FUN : undefined;
      if (program) {
        if (this.programOwned.size >= MAX_LEARNED_TOKEN_ACCOUNTS) this.programOwned.delete(this.programOwned.keys().next().value!);
        this.programOwned.set(h.owner, program);
      }
    }
    return holders.map((h) => ({ address: h.tokenAccount, ...uiAmount(BigInt(h.amountRaw), token.decimals) }));
  }

  signatures(address: string, options: Json) {
    const limit = options.limit === undefined ? MAX_SIGNATURES : Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES) throw new RpcError(-32602, `Invalid limit; max ${MAX_SIGNATURES}`);
    const nowSeconds = Math.floor(this.at.getTime() / 1000);
    // A protocol's program lists every transaction that invoked it (world/program-activity.ts).
    const history = programTransactions(this.world, address, this.at) ?? this.world.wallet(address, this.at)?.transactions ?? [];
    let txs = history.filter((t) => t.timestamp <= nowSeconds);
    if (options.before !== undefined) {
      const before = signatureParam(options.before);
      const i = txs.findIndex((t) => t.signature === before);
      txs = i === -1 ? [] : txs.slice(i + 1);
    }
    if (options.until !== undefined) {
      const until = signatureParam(options.until);
      const i = txs.findIndex((t) => t.signature === until);
      if (i !== -1) txs = txs.slice(0, i);
    }
    return txs.slice(0, limit).map((t) => ({
      blockTime: t.timestamp,
      confirmationStatus: 'finalized',
      err: t.error === null ? null : transactionError(t.error, failingInstructionIndex(t)),
      memo: null,
      signature: t.signature,
      slot: t.slot,
    }));
  }

  transaction(signature: string, options: Json) {
    requireJsonParsed(String(options.encoding ?? 'json'));
    const tx = this.world.transaction(signature, this.at);
    if (!tx || tx.timestamp > Math.floor(this.at.getTime() / 1000)) return null;
    // The sandbox renders every transaction as v0, so a client that does not accept v0 is told so.
    if (options.maxSupportedTransactionVersion === undefined) {
      throw new RpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      );
    }
    return renderTransaction(tx, { tokenOf: (mint) => this.token(mint), learn: (a, m, o) => this.learn(a, m, o) });
  }
}

const METHODS: Record<string, RpcMethod<DataNode>> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'feature-set': 3294202862, 'solana-core': API_VERSION }),
  getGenesisHash: () => MAINNET_GENESIS_HASH,
  getSlot: (node) => node.slot,
  getBalance: (node, params) => {
    const address = addressParam(params[0]);
    const account = node.account(address, 'jsonParsed');
    return node.withContext(account ? account.lamports : 0);
  },
  getAccountInfo: (node, params) => node.withContext(node.account(addressParam(params[0]), String(config(params, 1).encoding ?? 'binary'))),
  getMultipleAccounts: (node, params) => {
    // Counted before the addresses are checked, each as it is read (not `addressesParam`, which checks all first).
    if (!Array.isArray(params[0])) throw new RpcError(-32602, 'Invalid params: invalid type: expected a sequence');
    const addresses = params[0] as unknown[];
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw new RpcError(-32602, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const encoding = String(config(params, 1).encoding ?? 'base64');
    return node.withContext(addresses.map((a) => node.account(addressParam(a), encoding)));
  },
  getTokenLargestAccounts: (node, params) => node.withContext(node.largestAccounts(addressParam(params[0]))),
  getTokenSupply: (node, params) => {
    const token = node.mint(addressParam(params[0]));
    return node.withContext(uiAmount(BigInt(token.supplyRaw), token.decimals));
  },
  getSignaturesForAddress: (node, params) => node.signatures(addressParam(params[0]), config(params, 1)),
  getTransaction: (node, params) => node.transaction(signatureParam(params[0]), config(params, 1)),
};

/** The data RPC node over `world`, at the time `now()` says (read once per HTTP request). */
export function createSolanaDataRpcHandler(world: SandboxWorld, now: () => Date = () => new Date()): ProviderHandler {
  const tokenAccounts = new Map<string, { mint: string; owner: string }>();
  const programOwned = new Map<string, string>();
  return jsonRpcHandler(METHODS, () => new DataNode(world, now(), tokenAccounts, programOwned));
}
