/**
 * Account encodings: SPL Mint / token Account byte layouts (what the runtime's SPL Token program
 * reads and writes, and what `fetchMint` and friends decode), their `jsonParsed` forms, and synchronous
 * associated-token-account derivation.
 *
 * ATA derivation is synchronous (node:crypto sha256 + kit's sync off-curve check) rather than kit's
 * async `getProgramDerivedAddress`, so every chain operation can run without an `await` in the
 * middle — which is what makes each RPC call atomic on Node's single thread.
 */
import { createHash } from 'node:crypto';
import { getAddressDecoder, getAddressEncoder, isOffCurveAddress, type Address } from '@solana/kit';
import {
  ATA_PROGRAM,
  TOKEN_ACCOUNT_SIZE,
  MINT_SIZE,
  TOKEN_PROGRAM,
  USDC_DECIMALS,
  USDC_FREEZE_AUTHORITY,
  USDC_MINT_AUTHORITY,
} from './constants.js';

const addressEncoder = getAddressEncoder();
const addressDecoder = getAddressDecoder();
const PDA_MARKER = Buffer.from('ProgramDerivedAddress');

export function addressBytes(address: string): Uint8Array {
  return Uint8Array.from(addressEncoder.encode(address as Address));
}

export function bytesToAddress(bytes: Uint8Array): string {
  return addressDecoder.decode(bytes);
}

/** Same algorithm as kit's getProgramDerivedAddress (bump 255 downwards, first off-curve hash). */
export function findProgramAddressSync(seeds: Uint8Array[], programId: string): string {
  const program = addressBytes(programId);
  for (let bump = 255; bump > 0; bump--) {
    const hash = createHash('sha256');
    for (const seed of seeds) hash.update(seed);
    hash.update(Uint8Array.of(bump)).update(program).update(PDA_MARKER);
    const candidate = bytesToAddress(hash.digest());
    if (isOffCurveAddress(candidate as Address)) return candidate;
  }
  throw new Error('no viable PDA bump seed');
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export function deriveAta(owner: string, mint: string, tokenProgram: string = TOKEN_PROGRAM): string {
  return findProgramAddressSync([addressBytes(owner), addressBytes(tokenProgram), addressBytes(mint)], ATA_PROGRAM);
}

function u64le(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

/** COption<Pubkey>: u32 tag (0 = None, 1 = Some) + 32 bytes. */
function optionPubkey(address: string | null): Uint8Array {
  const out = new Uint8Array(36);
  if (address) {
    out[0] = 1;
    out.set(addressBytes(address), 4);
  }
  return out;
}

/** SPL Token `Mint` (82 bytes): authority, supply, decimals, initialized, freeze authority. */
export function encodeMint(supply: bigint): Uint8Array {
  const out = new Uint8Array(MINT_SIZE);
  out.set(optionPubkey(USDC_MINT_AUTHORITY), 0);
  out.set(u64le(supply), 36);
  out[44] = USDC_DECIMALS;
  out[45] = 1;
  out.set(optionPubkey(USDC_FREEZE_AUTHORITY), 46);
  return out;
}

export interface TokenAccountState {
  mint: string;
  /** The wallet that owns the token account (the System Program id, all zeros, while unknown: see faucet.ts). */
  owner: string;
  amount: bigint;
}

/** SPL Token `Account` (165 bytes): mint, owner, amount, delegate, state, isNative, delegated, close authority. */
export function encodeTokenAccount(account: TokenAccountState): Uint8Array {
  const out = new Uint8Array(TOKEN_ACCOUNT_SIZE);
  out.set(addressBytes(account.mint), 0);
  out.set(addressBytes(account.owner), 32);
  out.set(u64le(account.amount), 64);
  // delegate: None (72..108)
  out[108] = 1; // AccountState::Initialized
  // is_native: None (109..121), delegated_amount: 0 (121..129), close_authority: None (129..165)
  return out;
}

export function uiAmount(amount: bigint, decimals: number = USDC_DECIMALS) {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const frac = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = frac ? `${whole}.${frac}` : `${whole}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

/** An initialized SPL Token account's mint, owner and amount; null for anything else. */
export function decodeTokenAccount(data: Uint8Array): TokenAccountState | null {
  if (data.length !== TOKEN_ACCOUNT_SIZE || data[108] === 0) return null;
  return { mint: bytesToAddress(data.subarray(0, 32)), owner: bytesToAddress(data.subarray(32, 64)), amount: readU64(data, 64) };
}

/** The supply of an SPL Token mint (82 bytes). */
export function mintSupply(data: Uint8Array): bigint {
  return readU64(data, 36);
}

/** The mint's bytes with another supply. */
export function withMintSupply(data: Uint8Array, supply: bigint): Uint8Array {
  const out = Uint8Array.from(data);
  out.set(u64le(supply), 36);
  return out;
}

/** The `jsonParsed` rendering real RPC nodes give an spl-token account. */
export function parsedTokenAccount(account: TokenAccountState) {
  return {
    program: 'spl-token',
    parsed: {
      type: 'account',
      info: {
        isNative: false,
        mint: account.mint,
        owner: account.owner,
        state: 'initialized',
        tokenAmount: uiAmount(account.amount),
      },
    },
    space: TOKEN_ACCOUNT_SIZE,
  };
}

export function parsedMint(supply: bigint) {
  return {
    program: 'spl-token',
    parsed: {
      type: 'mint',
      info: {
        decimals: USDC_DECIMALS,
        freezeAuthority: USDC_FREEZE_AUTHORITY,
        isInitialized: true,
        mintAuthority: USDC_MINT_AUTHORITY,
        supply: supply.toString(),
      },
    },
    space: MINT_SIZE,
  };
}
