/**
 * Wallet plans and their histories.
 *
 * A plan says what a wallet holds and what it does in each time bucket (a UTC day, or an hour for
 * busy wallets). `generate(b)` is a pure function of the bucket (never of the query time), so a transaction, once generated, is the same at every later
 * moment: history(t) = every generated transaction with born ≤ timestamp ≤ t, most recent first,
 * capped at the plan's `limit` (older ones are pruned from the list, like a non-archival node —
 * `transaction(signature)` still answers them). The (bucket, index) of a transaction is part of
 * its signature (see random.ts), which is how a signature is answered cold in another process.
 *
 * Perpetually young wallets have a `bornAt(t)` that moves with t (their life restarts every period);
 * everything generated before the current life is simply not visible.
 */
import type { DefiPositionState, NftState, TransactionState } from './types.js';
import { addressToBytes, encodeSignature } from './random.js';
import { Lru } from './lru.js';
import { slotAt } from './time.js';
import type { TxDraft } from './transactions.js';

export interface Draft {
  tx: TxDraft;
  /** An NFT this transaction delivered to the wallet (rolling NFT holdings). */
  nft?: NftState;
}

export interface Holding {
  mint: string;
  /** UI amount at the design point. */
  ui: number;
  /** Relative drift amplitude (default 0.02). */
  amp?: number;
}

export interface WalletPlan {
  address: string;
  /** Most recent transactions kept in the history list. */
  limit: number;
  /** When the wallet's current life began, as seen at t; null = never active. */
  bornAt(t: number): number | null;
  lamports(t: number): bigint;
  holdings: Holding[];
  /** NFTs held throughout. */
  nfts: NftState[];
  /** Keep this many of the most recent NFTs delivered by transactions (0 = none are). */
  rollingNftLimit: number;
  /** Positions not visible as token holdings (e.g. a lending deposit). */
  extraPositions?(t: number): DefiPositionState[];
  /** Length of a generation bucket in seconds: DAY, or HOUR for busy wallets. */
  bucketSeconds: number;
  /**
   * Transactions generated in bucket b (covering [b·bucketSeconds, (b+1)·bucketSeconds)), in a fixed
   * order: the position is part of each signature.
   */
  generate(b: number): Draft[];
}

interface Bucket {
  /** By generation index. */
  txs: TransactionState[];
  /** Most recent first. */
  sorted: TransactionState[];
  /** NFTs delivered that day with their delivery time, most recent first. */
  nfts: { at: number; nft: NftState }[];
}

interface Past {
  day: number;
  born: number;
  txs: TransactionState[];
  nfts: NftState[];
}

const EMPTY_BUCKET: Bucket = { txs: [], sorted: [], nfts: [] };

function freezeDeep<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) freezeDeep(v);
  }
  return value;
}

export class WalletModel {
  private readonly bytes: Uint8Array;
  private readonly buckets = new Lru<number, Bucket>(12);
  private past: Past | null = null;

  constructor(readonly plan: WalletPlan) {
    this.bytes = addressToBytes(plan.address)!;
  }

  bucket(d: number): Bucket {
    const hit = this.buckets.get(d);
    if (hit) return hit;
    const drafts = this.plan.generate(d);
    if (drafts.length === 0) return EMPTY_BUCKET;
    const txs = drafts.map((dr, i) => freezeDeep<TransactionState>({ signature: encodeSignature(this.bytes, d, i), slot: slotAt(dr.tx.timestamp), ...dr.tx }));
    const order = txs.map((_, i) => i).sort((a, b) => txs[b]!.timestamp - txs[a]!.timestamp || b - a);
    const sorted = order.map((i) => txs[i]!);
    const nfts = order.filter((i) => drafts[i]!.nft).map((i) => ({ at: txs[i]!.timestamp, nft: freezeDeep(drafts[i]!.nft!) }));
    const bucket = { txs, sorted, nfts };
    this.buckets.set(d, bucket);
    return bucket;
  }

  /** History strictly before bucket `before`, for a life that began at `born` (cached per bucket). */
  private pastUntil(before: number, born: number): Past {
    const p = this.past;
    if (p && p.day === before && p.born === born) return p;
    const txs: TransactionState[] = [];
    const nfts: NftState[] = [];
    const nftLimit = this.plan.rollingNftLimit;
    const first = Math.floor(born / this.plan.bucketSeconds);
    for (let d = before - 1; d >= first; d--) {
      if (txs.length >= this.plan.limit && nfts.length >= nftLimit) break;
      const b = this.bucket(d);
      if (txs.length < this.plan.limit) for (const tx of b.sorted) if (tx.timestamp >= born && txs.length < this.plan.limit) txs.push(tx);
      if (nfts.length < nftLimit) for (const n of b.nfts) if (n.at >= born && nfts.length < nftLimit) nfts.push(n.nft);
    }
    const result = { day: before, born, txs, nfts };
    this.past = result;
    return result;
  }

  history(t: number): { txs: TransactionState[]; nfts: NftState[] } {
    const born = this.plan.bornAt(t);
    if (born === null || t < born) return { txs: [], nfts: [] };
    const today = Math.floor(t / this.plan.bucketSeconds);
    const b = this.bucket(today);
    const txs: TransactionState[] = [];
    for (const tx of b.sorted) if (tx.timestamp <= t && tx.timestamp >= born) txs.push(tx);
    const nfts: NftState[] = [];
    for (const n of b.nfts) if (n.at <= t && n.at >= born) nfts.push(n.nft);
    const past = this.pastUntil(today, born);
    return {
      txs: txs.concat(past.txs).slice(0, this.plan.limit),
      nfts: nfts.concat(past.nfts).slice(0, this.plan.rollingNftLimit),
    };
  }

  /** The transaction generated at (bucket, index), if it is visible at t. */
  transaction(bucket: number, index: number, t: number): TransactionState | null {
    const tx = this.bucket(bucket).txs[index];
    if (!tx || tx.timestamp > t) return null;
    const born = this.plan.bornAt(t);
    if (born === null || tx.timestamp < born) return null;
    return tx;
  }
}

export { freezeDeep };
