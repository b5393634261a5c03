/**
 * Slots and blockhashes derived from an injectable wall clock: one slot per 400 ms since the
 * sandbox started, block height == slot (no skipped slots). Advancing the injected clock is how
 * tests expire a blockhash, exactly as waiting ~60 s would on mainnet.
 */
import { createHash } from 'node:crypto';
import { bytesToAddress } from './accounts.js';
import { BLOCKHASH_VALID_BLOCKS, FIRST_SLOT, SLOT_MS } from './constants.js';

export interface IssuedBlockhash {
  blockhash: string;
  lastValidBlockHeight: number;
}

export class SlotClock {
  private readonly genesisMs: number;
  /** Only blockhashes this chain handed out are valid lifetimes, like a real bank's blockhash queue. */
  private readonly issued = new Map<string, number>();

  constructor(private readonly now: () => Date) {
    this.genesisMs = now().getTime();
  }

  slot(): number {
    const elapsed = Math.max(0, this.now().getTime() - this.genesisMs);
    return FIRST_SLOT + Math.floor(elapsed / SLOT_MS);
  }

  blockHeight(): number {
    return this.slot();
  }

  /** Unix seconds, as `getBlockTime`/`blockTime` report it. */
  unixTime(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** Deterministic per slot, so repeated calls within a slot return the same hash as a real node does. */
  latestBlockhash(): IssuedBlockhash {
    const slot = this.slot();
    const blockhash = bytesToAddress(createHash('sha256').update(`x402-sandbox-blockhash:${slot}`).digest());
    this.issued.set(blockhash, slot);
    return { blockhash, lastValidBlockHeight: slot + BLOCKHASH_VALID_BLOCKS };
  }

  /** True if we issued `blockhash` and the current block height hasn't passed its last valid height. */
  isValid(blockhash: string): boolean {
    const issuedAt = this.issued.get(blockhash);
    return issuedAt !== undefined && this.blockHeight() <= issuedAt + BLOCKHASH_VALID_BLOCKS;
  }
}
