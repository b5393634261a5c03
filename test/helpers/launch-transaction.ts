/**
 * Builds unsigned launch transactions for the preflight tests (docs/launchpad-preflight.md): a hand-written Borsh encoder of the
 * launch program's initialize arguments (independent of the decoder under test: only the discriminators and
 * program ids are shared), the instruction in the SDK builders' account order, and the base64 wire
 * transaction, legacy or v0 (optionally compressed with one address lookup table) via @solana/kit.
 *
 * Addresses are parameters (`LaunchAccounts`), so the analytics tests use their own deterministic
 * addresses and the HTTP tests the sandbox platform's.
 */
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressDecoder,
  getBase64EncodedWireTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import {
  INITIALIZE_DISCRIMINATORS,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  type InitializeVariant,
} from '../../src/analytics/launchpad-preflight/index.js';

/** A deterministic address: 32 bytes of `n`. */
export const addr = (n: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(n));

export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
export const METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s' as Address;
export const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111' as Address;
const BLOCKHASH = { blockhash: addr(99) as unknown as Blockhash, lastValidBlockHeight: 1n };

/** What goes into one initialize instruction (`accounts` overrides the base accounts per case). */
export interface Spec {
  variant: InitializeVariant;
  program: Address;
  decimals: number;
  curve: 0 | 1 | 2;
  supply: bigint;
  totalSell: bigint;
  raise: bigint;
  migrate: number;
  vesting: [bigint, bigint, bigint];
  creatorFee: number;
  fee: { bps: number; max: bigint } | null;
  /** Write the SDK's ten zero bytes after a None option (the SDK does). */
  padNone: boolean;
  accounts: Partial<Record<'globalConfig' | 'platform' | 'quoteMint' | 'quoteTokenProgram' | 'baseTokenProgram', Address>>;
  remaining: Address[];
  truncate?: number;
}

/** The accounts of a launch that a `Spec` does not override (the fixed slots of the SDK's builders). */
export interface LaunchAccounts {
  payer: Address;
  creator: Address;
  globalConfig: Address;
  platform: Address;
  authority: Address;
  pool: Address;
  baseMint: Address;
  quoteMint: Address;
  baseVault: Address;
  quoteVault: Address;
  metadata: Address;
  eventAuthority: Address;
  /** Defaults to SPL Token. */
  quoteTokenProgram?: Address;
}

const u64 = (v: bigint) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(v); return b; };
const str = (s: string) => { const b = Buffer.from(s, 'utf8'); const l = Buffer.alloc(4); l.writeUInt32LE(b.length); return Buffer.concat([l, b]); };

/** The instruction data: discriminator, then the Borsh arguments (layout: docs/launchpad-preflight.md). */
export function encodeData(s: Spec): Uint8Array {
  const parts: Buffer[] = [Buffer.from(INITIALIZE_DISCRIMINATORS[s.variant]), Buffer.from([s.decimals]), str('Reward Coin'), str('RWD'), str('https://x.test/m.json')];
  parts.push(Buffer.from([s.curve]), u64(s.supply));
  if (s.curve === 0) parts.push(u64(s.totalSell));
  parts.push(u64(s.raise), Buffer.from([s.migrate]), u64(s.vesting[0]), u64(s.vesting[1]), u64(s.vesting[2]));
  if (s.variant !== 'initialize') parts.push(Buffer.from([s.creatorFee]));
  if (s.variant === 'initialize_with_token_2022') {
    if (s.fee) { const b = Buffer.alloc(2); b.writeUInt16LE(s.fee.bps); parts.push(Buffer.from([1]), b, u64(s.fee.max)); }
    else parts.push(Buffer.from([0]), ...(s.padNone ? [Buffer.alloc(10)] : []));
  }
  const all = Buffer.concat(parts);
  return new Uint8Array(s.truncate === undefined ? all : all.subarray(0, s.truncate));
}

/** The initialize instruction in the SDK builder's account order, then `s.remaining`. */
export function launchInstruction(s: Spec, base: LaunchAccounts): Instruction {
  const ro = (address: Address) => ({ address, role: AccountRole.READONLY });
  const w = (address: Address) => ({ address, role: AccountRole.WRITABLE });
  const head = [
    { address: base.payer, role: AccountRole.WRITABLE_SIGNER }, ro(base.creator), ro(s.accounts.globalConfig ?? base.globalConfig),
    ro(s.accounts.platform ?? base.platform), ro(base.authority), w(base.pool), { address: base.baseMint, role: AccountRole.WRITABLE_SIGNER },
    ro(s.accounts.quoteMint ?? base.quoteMint), w(base.baseVault), w(base.quoteVault),
  ];
  const quoteProgram = ro(s.accounts.quoteTokenProgram ?? base.quoteTokenProgram ?? (TOKEN_PROGRAM_ID as Address));
  const tail = s.variant === 'initialize_with_token_2022'
    ? [ro(s.accounts.baseTokenProgram ?? (TOKEN_2022_PROGRAM_ID as Address)), quoteProgram, ro(SYSTEM_PROGRAM), ro(base.eventAuthority), ro(s.program)]
    : [w(base.metadata), ro(TOKEN_PROGRAM_ID as Address), quoteProgram, ro(METADATA_PROGRAM), ro(SYSTEM_PROGRAM), ro(RENT_SYSVAR), ro(base.eventAuthority), ro(s.program)];
  return { programAddress: s.program, accounts: [...head, ...tail, ...s.remaining.map(ro)], data: encodeData(s) };
}

export interface WireOptions {
  /** Fee payer of the message (the launch's payer). */
  payer: Address;
  version?: 'legacy' | 0;
  /** v0 only: one lookup table holding `addresses`, which the message then loads from it. */
  table?: { address: Address; addresses: Address[] };
}

/** The base64 wire transaction (no signatures) carrying `ixs`. */
export function transactionBase64(ixs: Instruction[], options: WireOptions): string {
  if ((options.version ?? 'legacy') === 0) {
    const m = appendTransactionMessageInstructions(ixs,
      setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, setTransactionMessageFeePayer(options.payer, createTransactionMessage({ version: 0 }))));
    const compressed = options.table ? compressTransactionMessageUsingAddressLookupTables(m, { [options.table.address]: options.table.addresses }) : m;
    return getBase64EncodedWireTransaction(compileTransaction(compressed));
  }
  const m = appendTransactionMessageInstructions(ixs,
    setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, setTransactionMessageFeePayer(options.payer, createTransactionMessage({ version: 'legacy' }))));
  return getBase64EncodedWireTransaction(compileTransaction(m));
}

/** One launch: the instruction for `s` over `base`, as a base64 wire transaction paid by `base.payer`. */
export function launchTransaction(s: Spec, base: LaunchAccounts, options: Omit<WireOptions, 'payer'> = {}): string {
  return transactionBase64([launchInstruction(s, base)], { ...options, payer: base.payer });
}
