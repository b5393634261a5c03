/**
 * One request's view of the data node: the world at the request's moment, plus what the node has learned
 * from earlier answers (which token account belongs to which mint and owner, which holder owners are
 * program accounts; see index.ts). Accounts, largest holders, signature lists and transactions are answered here.
 */
import { ORCA_WHIRLPOOL, PUMP_FUN, RAYDIUM_AMM_V4 } from '../../../analytics/known-programs.js';
import { bytesToAddress, uiAmount } from '../../solana/accounts.js';
import { BUILTIN_PROGRAMS, SYSTEM_PROGRAM, rentExemptMinimum } from '../../solana/constants.js';
import { RpcError } from '../../solana/errors.js';
import { LAUNCHLAB_POOL_STATE_SIZE, launchpadPoolAccount } from '../../world/launchpad-chain.js';
import { LAUNCHPAD_PROGRAM_ID } from '../../world/launchpad/index.js';
import { programTransactions } from '../../world/program-activity.js';
import type { PoolState, SandboxWorld, TokenState } from '../../world/types.js';
import { API_VERSION, RENT_EPOCH, type Json } from '../json-rpc-node.js';
import { binaryData, emptyData, mintAccount, requireJsonParsed, tokenAccount } from './account-encoding.js';
import { failingInstructionIndex, renderTransaction, transactionError } from './transaction-rendering.js';
import { digest, signatureParam, slotAt } from './wire-basics.js';

const NATIVE_LOADER = 'NativeLoader1111111111111111111111111111111';
const BPF_UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const MAX_SIGNATURES = 1000;
const MAX_LEARNED_TOKEN_ACCOUNTS = 200_000;

/** The AMM program that owns each world DEX's pool accounts. */
const POOL_PROGRAMS: Record<PoolState['dex'], string> = {
  raydium: RAYDIUM_AMM_V4,
  orca: ORCA_WHIRLPOOL,
  meteora: 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
  pumpswap: RAYDIUM_AMM_V4,
};

export class DataNode {
  readonly slot: number;

  constructor(
    private readonly world: SandboxWorld,
    private readonly at: Date,
    /** token account → (mint, owner), learned from answers given (see index.ts). */
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
