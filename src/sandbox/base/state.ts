/**
 * The sandbox Base chain's state for @ethereumjs/vm: in-memory maps with checkpoints as diff layers.
 *
 * Why not @ethereumjs/statemanager's SimpleStateManager: it copies every map at each checkpoint (one per call
 * frame), so a call's cost grew with the number of accounts ever funded (a balance read took 9 ms after 500
 * payments and 19 ms after 2,000). Here a checkpoint pushes an empty layer, commit merges the top layer down and
 * revert drops it, so cost follows what a call touches. No trie, no state root: the sandbox serves no proofs.
 * Reads are also available synchronously ({@link LayeredState.peekStorage}), for the sandbox handle's balanceOf.
 */
import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { Account, bytesToHex, type Address as VmAddress } from '@ethereumjs/util';
import { keccak256 } from 'viem';

const DELETED = Symbol('deleted');
type Slot<T> = T | typeof DELETED;

interface Layer {
  accounts: Map<string, Slot<Account>>;
  code: Map<string, Uint8Array>;
  storage: Map<string, Uint8Array>;
}

function emptyLayer(): Layer {
  return { accounts: new Map(), code: new Map(), storage: new Map() };
}

function copyAccount(account: Account): Account {
  return Object.assign(Object.create(Object.getPrototypeOf(account) as object) as Account, account);
}

const EMPTY = new Uint8Array(0);

export class LayeredState implements StateManagerInterface {
  /** layers[0] is the committed state; checkpoints stack above it. */
  private readonly layers: Layer[] = [emptyLayer()];
  private readonly originals = new Map<string, Uint8Array>();
  /**
   * Every address a slot was ever written for, in any layer (kept across reverts, so a superset): lets
   * {@link clearStorage} skip its scan of all storage for an address that never had any.
   */
  private readonly addressesWithStorage = new Set<string>();

  /** Storage values as they were when the current transaction first read them (EIP-2200 gas). */
  readonly originalStorageCache = {
    get: async (address: VmAddress, key: Uint8Array): Promise<Uint8Array> => {
      const k = storageKey(address.toString(), bytesToHex(key));
      const known = this.originals.get(k);
      if (known) return known;
      const value = await this.getStorage(address, key);
      this.originals.set(k, value);
      return value;
    },
    clear: (): void => this.originals.clear(),
  };

  private find<T>(pick: (layer: Layer) => Map<string, T>, key: string): T | undefined {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const value = pick(this.layers[i]!).get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  private get top(): Layer {
    return this.layers[this.layers.length - 1]!;
  }

  // ---- synchronous reads ------------------------------------------------------------------------------------------

  /** A storage word (0x-prefixed lowercase address and 32-byte slot), 0n when unset. */
  peekStorage(address: string, slot: string): Uint8Array {
    return this.find((l) => l.storage, storageKey(address.toLowerCase(), slot.toLowerCase())) ?? EMPTY;
  }

  peekCodeSize(address: string): number {
    return this.find((l) => l.code, address.toLowerCase())?.length ?? 0;
  }

  // ---- StateManagerInterface --------------------------------------------------------------------------------------

  async getAccount(address: VmAddress): Promise<Account | undefined> {
    const found = this.find((l) => l.accounts, address.toString());
    // A copy: the EVM mutates what it reads before putting it back, which must not reach a lower layer.
    return found === undefined || found === DELETED ? undefined : copyAccount(found);
  }

  async putAccount(address: VmAddress, account?: Account): Promise<void> {
    this.top.accounts.set(address.toString(), account ? copyAccount(account) : DELETED);
  }

  async deleteAccount(address: VmAddress): Promise<void> {
    this.top.accounts.set(address.toString(), DELETED);
  }

  async modifyAccountFields(address: VmAddress, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    if (fields.nonce !== undefined) account.nonce = fields.nonce;
    if (fields.balance !== undefined) account.balance = fields.balance;
    if (fields.codeHash !== undefined) account.codeHash = fields.codeHash;
    if (fields.storageRoot !== undefined) account.storageRoot = fields.storageRoot;
    if (fields.codeSize !== undefined) account.codeSize = fields.codeSize;
    await this.putAccount(address, account);
  }

  async getCode(address: VmAddress): Promise<Uint8Array> {
    return this.find((l) => l.code, address.toString()) ?? EMPTY;
  }

  async putCode(address: VmAddress, value: Uint8Array): Promise<void> {
    this.top.code.set(address.toString(), value);
    await this.modifyAccountFields(address, { codeHash: keccak256(value, 'bytes'), codeSize: value.length });
  }

  async getCodeSize(address: VmAddress): Promise<number> {
    return (await this.getCode(address)).length;
  }

  async getStorage(address: VmAddress, key: Uint8Array): Promise<Uint8Array> {
    return this.find((l) => l.storage, storageKey(address.toString(), bytesToHex(key))) ?? EMPTY;
  }

  async putStorage(address: VmAddress, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.addressesWithStorage.add(address.toString());
    this.top.storage.set(storageKey(address.toString(), bytesToHex(key)), value);
  }

  /**
   * Every slot of `address` reads empty from here on. The EVM calls this on every contract creation (for the new
   * contract's address, which almost never has storage yet), so an address that never had a slot returns at once.
   */
  async clearStorage(address: VmAddress): Promise<void> {
    if (!this.addressesWithStorage.has(address.toString())) return;
    const prefix = `${address.toString()}_`;
    for (const layer of this.layers) {
      for (const key of layer.storage.keys()) if (key.startsWith(prefix)) this.top.storage.set(key, EMPTY);
    }
  }

  async checkpoint(): Promise<void> {
    this.layers.push(emptyLayer());
  }

  async commit(): Promise<void> {
    if (this.layers.length < 2) throw new Error('LayeredState: commit without a checkpoint');
    const top = this.layers.pop()!;
    const below = this.top;
    for (const [k, v] of top.accounts) below.accounts.set(k, v);
    for (const [k, v] of top.code) below.code.set(k, v);
    for (const [k, v] of top.storage) below.storage.set(k, v);
  }

  async revert(): Promise<void> {
    if (this.layers.length < 2) throw new Error('LayeredState: revert without a checkpoint');
    this.layers.pop();
  }

  async flush(): Promise<void> {}

  clearCaches(): void {}

  shallowCopy(): StateManagerInterface {
    const copy = new LayeredState();
    const base = copy.layers[0]!;
    for (const layer of this.layers) {
      for (const [k, v] of layer.accounts) base.accounts.set(k, v);
      for (const [k, v] of layer.code) base.code.set(k, v);
      for (const [k, v] of layer.storage) base.storage.set(k, v);
    }
    for (const address of this.addressesWithStorage) copy.addressesWithStorage.add(address);
    return copy;
  }

  async getStateRoot(): Promise<Uint8Array> {
    throw new Error('the sandbox Base chain keeps no state root');
  }

  async setStateRoot(): Promise<void> {
    throw new Error('the sandbox Base chain keeps no state root');
  }

  async hasStateRoot(): Promise<boolean> {
    return false;
  }
}

function storageKey(address: string, slot: string): string {
  return `${address}_${slot}`;
}
