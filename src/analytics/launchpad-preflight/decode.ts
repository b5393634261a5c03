/**
 * Decoding an unsigned launch transaction (`launchpad-launch-preflight`; docs/launchpad-preflight.md, 'Decoding'): base64 → wire transaction →
 * compiled message (legacy or v0) via @solana/kit, the instruction's account keys resolved where that is
 * possible offline, and the launch program's initialize instruction found and its Borsh arguments decoded.
 *
 * Every failure is a `PreflightInputError` (the endpoint maps it to 400): the input comes from a caller and a
 * malformed one must never surface as a crash or as a kit `SolanaError`.
 */
import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type CompiledTransactionMessage,
} from '@solana/kit';
import {
  ACCOUNT_LAYOUTS,
  CREATOR_FEE_ON,
  CURVE_TYPES,
  INITIALIZE_DISCRIMINATORS,
  LAUNCH_PROGRAM_ID,
  MIGRATE_TYPES,
} from './constants.js';

export class PreflightInputError extends Error {
  override readonly name = 'PreflightInputError';
}

export type InitializeVariant = keyof typeof INITIALIZE_DISCRIMINATORS;
export type CurveType = (typeof CURVE_TYPES)[number];
export type MigrateType = (typeof MIGRATE_TYPES)[number];
export type CreatorFeeOn = (typeof CREATOR_FEE_ON)[number];

/**
 * One account of the initialize instruction. `address` is null when the account is loaded from an address
 * lookup table: the table's contents live on chain, so offline the slot is only known as (table, index).
 */
export interface InstructionAccount {
  /** Slot name from the variant's fixed layout, or `remaining[i]` past it. */
  name: string;
  address: string | null;
  lookup: { table: string; index: number; writable: boolean } | null;
}

export interface InitializeArgs {
  base_mint: { decimals: number; name: string; symbol: string; uri: string };
  curve: {
    type: CurveType;
    supply: bigint;
    /** Constant-product curves only; null for fixed and linear curves. */
    total_base_sell: bigint | null;
    total_quote_fund_raising: bigint;
    migrate_type: MigrateType;
  };
  vesting: { total_locked_amount: bigint; cliff_period: bigint; unlock_period: bigint };
  /** Absent (null) in the deprecated `initialize`, which carries no creator-fee flag. */
  creator_fee_on: CreatorFeeOn | null;
  /**
   * `initialize_with_token_2022` only: the Option<TransferFeeExtensionParams>. null = option None (or a
   * variant without the field); the fee then never exists on the mint.
   */
  transfer_fee: { basis_points: number; maximum_fee: bigint } | null;
}

export interface DecodedLaunch {
  version: 'legacy' | 0;
  /** The transaction's static account keys, in message order. */
  static_accounts: string[];
  address_table_lookups: { table: string; writable_indexes: number[]; readonly_indexes: number[] }[];
  /** Signer slots already carrying a signature (an "unsigned" transaction should have none). */
  signed_count: number;
  instruction_index: number;
  program_id: string;
  variant: InitializeVariant;
  accounts: InstructionAccount[];
  /** Accounts past the variant's fixed layout (the SDK's optional allow-config, the platform's curve rule). */
  remaining_accounts: InstructionAccount[];
  args: InitializeArgs;
  warnings: string[];
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function base64Bytes(input: unknown): Uint8Array {
  if (typeof input !== 'string' || input.trim() === '') {
    throw new PreflightInputError('unsigned_transaction must be a non-empty base64 string');
  }
  const s = input.trim();
  // Buffer.from(…, 'base64') silently skips bad characters, so the alphabet and padding are checked first.
  if (s.length % 4 !== 0 || !BASE64.test(s)) {
    throw new PreflightInputError('unsigned_transaction is not valid base64 (standard alphabet, padded)');
  }
  return new Uint8Array(Buffer.from(s, 'base64'));
}

function decodeMessage(bytes: Uint8Array): { message: CompiledTransactionMessage; signedCount: number } {
  let messageBytes: Uint8Array;
  let signedCount = 0;
  try {
    const [tx, end] = getTransactionDecoder().read(bytes, 0);
    // A decoder stops where its layout ends; leftover bytes mean the input was not one transaction.
    if (end !== bytes.length) throw new Error('trailing bytes');
    messageBytes = new Uint8Array(tx.messageBytes);
    signedCount = Object.values(tx.signatures).filter((s) => s !== null && s.some((b) => b !== 0)).length;
  } catch {
    throw new PreflightInputError('unsigned_transaction does not decode as a Solana wire transaction (legacy or v0)');
  }
  try {
    const [message, end] = getCompiledTransactionMessageDecoder().read(messageBytes, 0);
    if (end !== messageBytes.length) throw new Error('trailing bytes');
    return { message, signedCount };
  } catch {
    throw new PreflightInputError('unsigned_transaction carries a transaction message that does not decode');
  }
}

function startsWith(data: Uint8Array, prefix: readonly number[]): boolean {
  return data.length >= prefix.length && prefix.every((b, i) => data[i] === b);
}

function variantOf(data: Uint8Array): InitializeVariant | null {
  for (const v of Object.keys(INITIALIZE_DISCRIMINATORS) as InitializeVariant[]) {
    if (startsWith(data, INITIALIZE_DISCRIMINATORS[v])) return v;
  }
  return null;
}

/** Little-endian Borsh reader; every overrun is a PreflightInputError naming the field. */
class Reader {
  private offset: number;
  constructor(private readonly data: Uint8Array, start: number) {
    this.offset = start;
  }
  private need(n: number, field: string): void {
    if (this.offset + n > this.data.length) {
      throw new PreflightInputError(`initialize instruction data is truncated at ${field}`);
    }
  }
  u8(field: string): number {
    this.need(1, field);
    return this.data[this.offset++]!;
  }
  u16(field: string): number {
    this.need(2, field);
    const v = this.data[this.offset]! | (this.data[this.offset + 1]! << 8);
    this.offset += 2;
    return v;
  }
  u64(field: string): bigint {
    this.need(8, field);
    let v = 0n;
    for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(this.data[this.offset + i]!);
    this.offset += 8;
    return v;
  }
  string(field: string): string {
    const len = this.len32(field);
    this.need(len, field);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(this.data.subarray(this.offset, this.offset + len));
    this.offset += len;
    return text;
  }
  /** Borsh strings carry a u32 length; metadata strings are short, so anything past 64 KiB is garbage. */
  private len32(field: string): number {
    this.need(4, field);
    const d = this.data;
    const o = this.offset;
    const len = (d[o]! | (d[o + 1]! << 8) | (d[o + 2]! << 16)) + d[o + 3]! * 2 ** 24;
    this.offset += 4;
    if (len > 65_535) throw new PreflightInputError(`initialize instruction data has an implausible ${field} length`);
    return len;
  }
}

function enumOf<T extends readonly string[]>(values: T, tag: number, field: string): T[number] {
  const v = values[tag];
  if (v === undefined) throw new PreflightInputError(`initialize instruction data has an unknown ${field} tag ${tag}`);
  return v;
}

/** Decodes the Borsh arguments after the discriminator (layout: SDK instrument.ts, see constants.ts). */
export function decodeInitializeArgs(variant: InitializeVariant, data: Uint8Array): InitializeArgs {
  const r = new Reader(data, 8);
  const base_mint = { decimals: r.u8('decimals'), name: r.string('name'), symbol: r.string('symbol'), uri: r.string('uri') };
  const type = enumOf(CURVE_TYPES, r.u8('curve type'), 'curve type');
  const supply = r.u64('supply');
  const total_base_sell = type === 'constant' ? r.u64('total_base_sell') : null;
  const total_quote_fund_raising = r.u64('total_quote_fund_raising');
  const migrate_type = enumOf(MIGRATE_TYPES, r.u8('migrate_type'), 'migrate type');
  const vesting = {
    total_locked_amount: r.u64('total_locked_amount'),
    cliff_period: r.u64('cliff_period'),
    unlock_period: r.u64('unlock_period'),
  };
  const creator_fee_on = variant === 'initialize' ? null : enumOf(CREATOR_FEE_ON, r.u8('amm_fee_on'), 'creator fee');
  let transfer_fee: InitializeArgs['transfer_fee'] = null;
  if (variant === 'initialize_with_token_2022') {
    const option = r.u8('transfer_fee option');
    if (option > 1) throw new PreflightInputError(`initialize instruction data has a bad transfer-fee option tag ${option}`);
    // The SDK writes the ten parameter bytes even for None (zeros); the program's Borsh read ignores them.
    if (option === 1) transfer_fee = { basis_points: r.u16('transfer_fee_basis_points'), maximum_fee: r.u64('maximum_fee') };
  }
  return {
    base_mint,
    curve: { type, supply, total_base_sell, total_quote_fund_raising, migrate_type },
    vesting,
    creator_fee_on,
    transfer_fee,
  };
}

/**
 * Decodes a base64 unsigned transaction and finds the launch program's initialize instruction. The
 * instruction is recognised by its discriminator; one on the LaunchLab program is preferred, but one on
 * another program is still returned so that the checker can report the program as a mismatch.
 */
export function decodeLaunchTransaction(unsignedTransaction: unknown): DecodedLaunch {
  const { message, signedCount } = decodeMessage(base64Bytes(unsignedTransaction));
  const staticAccounts = message.staticAccounts.map(String);
  const lookups = message.version === 0 ? (message.addressTableLookups ?? []) : [];
  // Account index space: static keys, then every table's writable indexes, then every table's readonly ones.
  const loaded: NonNullable<InstructionAccount['lookup']>[] = [
    ...lookups.flatMap((l) => l.writableIndexes.map((index) => ({ table: String(l.lookupTableAddress), index, writable: true }))),
    ...lookups.flatMap((l) => l.readonlyIndexes.map((index) => ({ table: String(l.lookupTableAddress), index, writable: false }))),
  ];
  const total = staticAccounts.length + loaded.length;

  const candidates = message.instructions
    .map((ix, index) => ({ ix, index, data: new Uint8Array(ix.data ?? []) }))
    .map((c) => ({ ...c, variant: variantOf(c.data), program: staticAccounts[c.ix.programAddressIndex] }))
    .filter((c): c is typeof c & { variant: InitializeVariant; program: string } => c.variant !== null && c.program !== undefined);
  const found = candidates.find((c) => c.program === LAUNCH_PROGRAM_ID) ?? candidates[0];
  if (!found) {
    throw new PreflightInputError(
      "the transaction carries no launch-program initialize instruction (initialize, initialize_v2 or initialize_with_token_2022)",
    );
  }

  const layout: readonly string[] = ACCOUNT_LAYOUTS[found.variant];
  const accounts = (found.ix.accountIndices ?? []).map((i, pos): InstructionAccount => {
    if (i >= total) throw new PreflightInputError(`initialize instruction account #${pos} points past the transaction's accounts`);
    const name = layout[pos] ?? `remaining[${pos - layout.length}]`;
    const lookup = i < staticAccounts.length ? null : loaded[i - staticAccounts.length]!;
    return { name, address: lookup ? null : staticAccounts[i]!, lookup };
  });
  if (accounts.length < layout.length) {
    throw new PreflightInputError(
      `initialize instruction has ${accounts.length} accounts; ${found.variant} needs at least ${layout.length}`,
    );
  }

  const warnings: string[] = [];
  if (lookups.length > 0) {
    warnings.push(
      `v0 transaction loads accounts from ${lookups.length} address lookup table(s) (${lookups.map((l) => l.lookupTableAddress).join(', ')}); ` +
        'their contents cannot be read offline, so checks on those accounts are unresolved',
    );
  }
  if (signedCount > 0) warnings.push(`${signedCount} signature slot(s) are already signed; preflight expects an unsigned transaction`);
  if (found.variant === 'initialize') warnings.push('the plain initialize instruction is deprecated by the launch program and fails on chain');
  if (candidates.length > 1) warnings.push(`${candidates.length} initialize instructions found; instruction #${found.index} was checked`);

  return {
    version: message.version,
    static_accounts: staticAccounts,
    address_table_lookups: lookups.map((l) => ({
      table: String(l.lookupTableAddress),
      writable_indexes: [...l.writableIndexes],
      readonly_indexes: [...l.readonlyIndexes],
    })),
    signed_count: signedCount,
    instruction_index: found.index,
    program_id: found.program,
    variant: found.variant,
    accounts,
    remaining_accounts: accounts.slice(layout.length),
    args: decodeInitializeArgs(found.variant, found.data),
    warnings,
  };
}
