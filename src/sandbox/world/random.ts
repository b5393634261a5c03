/**
 * Deterministic randomness and identifiers for the sandbox data world. Nothing here reads a clock or
 * Math.random: every value is a function of its labels (and, where the caller includes it, the seed).
 *
 *  - `sha256(...parts)` hashes labels joined by U+001F, so ("ab","c") and ("a","bc") differ.
 *  - `Rng` is sfc32 (a small, fast, well-mixed 128-bit PRNG) seeded from a sha256 digest, or from a
 *    128-bit key plus an integer (cheap per-day streams without a hash per day).
 *  - Addresses are 32 bytes of sha256 rendered in base58 (kit-compatible encoder: src/lib/base58.ts). The first byte is forced
 *    non-zero, so every address is 43 or 44 characters (values ≥ 2^248 > 58^42).
 *  - Mint-ness of an arbitrary address is a property of the address alone (seed-independent):
 *    sha256("sandbox-world/kind", address)[0] < 32, i.e. one address in eight is a mint.
 *    Derived wallets and derived mints are re-hashed until they have the right kind, so the world's
 *    own addresses never contradict the rule.
 *  - Transaction signatures are 64 bytes that encode (wallet, bucket, index) behind a 26-byte MAC, so
 *    `transaction(signature)` can regenerate any transaction cold, in any process.
 */
import { addressToBytes as decodeAddress, base58Decode as decodeBase58, base58Encode } from '../../lib/base58.js';
import * as crypto from 'node:crypto';
const SEP = '\u001f';

// Base58 lives in src/lib/base58.ts (one codec for the world, the sandbox chain and the facilitator); the
// world's callers keep their `null` for "not base58".
export { base58Encode };

export function base58Decode(text: string): Uint8Array | null {
  return decodeBase58(text) ?? null;
}

// One-shot `crypto.hash` (Node ≥ 20.12) is about twice as fast as createHash and far lighter on GC.
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'buffer') => Buffer }).hash;
function digest(algorithm: 'sha256' | 'sha512', data: string | Uint8Array): Buffer {
  return oneShot ? oneShot(algorithm, data, 'buffer') : crypto.createHash(algorithm).update(data).digest();
}

export function sha256(...parts: readonly (string | number)[]): Buffer {
  return digest('sha256', parts.join(SEP));
}

/** A 32-byte digest as a base58 address (first byte forced non-zero: always 43–44 characters). */
function digestToAddress(digest: Uint8Array): string {
  const bytes = Uint8Array.from(digest.subarray(0, 32));
  if (bytes[0] === 0) bytes[0] = 1;
  return base58Encode(bytes);
}

/** A deterministic address from labels (no kind guarantee). */
export function deriveAddress(...parts: readonly (string | number)[]): string {
  return digestToAddress(sha256('sandbox-world/addr', ...parts));
}

/** True when the world treats `address` as a token mint (one address in eight; see file comment). */
export function isMintByHash(address: string): boolean {
  return sha256('sandbox-world/kind', address)[0]! < 32;
}

/** A derived address that the hash rule classifies as a wallet (never a mint). */
export function deriveWallet(...parts: readonly (string | number)[]): string {
  for (let i = 0; ; i++) {
    const a = i === 0 ? deriveAddress(...parts) : deriveAddress(...parts, `#${i}`);
    if (!isMintByHash(a)) return a;
  }
}

/** A derived address that the hash rule classifies as a mint. */
export function deriveMint(...parts: readonly (string | number)[]): string {
  for (let i = 0; ; i++) {
    const a = i === 0 ? deriveAddress(...parts) : deriveAddress(...parts, `#${i}`);
    if (isMintByHash(a)) return a;
  }
}

/** The 32 bytes of a base58 address, or null when it is not one. */
export function addressToBytes(address: string): Uint8Array | null {
  return typeof address === 'string' ? decodeAddress(address) ?? null : null;
}

export function isValidAddress(address: string): boolean {
  return addressToBytes(address) !== null;
}

// ---------------------------------------------------------------------------------------------
// PRNG

/** murmur3's 32-bit finaliser: a cheap, well-mixing integer hash. */
export function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A 128-bit key (4 × u32) from labels, to seed many cheap streams with `Rng.fromKey`. */
export function keyOf(...parts: readonly (string | number)[]): Uint32Array {
  const d = sha256('sandbox-world/key', ...parts);
  return Uint32Array.of(d.readUInt32LE(0), d.readUInt32LE(4), d.readUInt32LE(8), d.readUInt32LE(12));
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a >>> 0;
    this.b = b >>> 0;
    this.c = c >>> 0;
    this.d = d >>> 0 || 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  static fromDigest(digest: Uint8Array): Rng {
    const v = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    return new Rng(v.getUint32(0, true), v.getUint32(4, true), v.getUint32(8, true), v.getUint32(12, true));
  }

  /** A stream for (key, n) without hashing: e.g. one stream per wallet per day. */
  static fromKey(key: Uint32Array, n: number, salt = 0): Rng {
    const m = mix32((n | 0) ^ mix32(salt + 0x9e3779b9));
    const hi = mix32(Math.floor(n / 4294967296) + 0x7f4a7c15);
    return new Rng(key[0]! ^ m, key[1]! ^ mix32(m + 1), key[2]! ^ hi, key[3]! ^ mix32(m ^ 0x2545f491));
  }

  /** sfc32 step. */
  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Log-uniform in [lo, hi] (both > 0). */
  logRange(lo: number, hi: number): number {
    return Math.exp(this.range(Math.log(lo), Math.log(hi)));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** One uniform float in [0, 1) for (key, n) — an integer hash, no PRNG set-up (for cheap gating). */
export function keyUnit(key: Uint32Array, n: number, salt = 0): number {
  const h = mix32(key[0]! ^ mix32((n | 0) + Math.imul(salt + 1, 0x9e3779b9)) ^ mix32(key[1]! + Math.floor(n / 4294967296)));
  return h / 4294967296;
}

/** A PRNG stream for labels (one sha256). */
export function rng(...parts: readonly (string | number)[]): Rng {
  return Rng.fromDigest(sha256('sandbox-world/rng', ...parts));
}


// ---------------------------------------------------------------------------------------------
// Transaction signatures

const MAC_BYTES = 26;
const PLAIN_BYTES = 38; // wallet 32 + day u32 + index u16

const MAC_PREFIX = Buffer.from('sandbox-world/sig-mac/v1');
const KEY_PREFIX = Buffer.from('sandbox-world/sig-key/v1');

function macOf(plain: Uint8Array): Buffer {
  const mac = digest('sha256', Buffer.concat([MAC_PREFIX, plain])).subarray(0, MAC_BYTES);
  // Top bit set: the 64-byte value is ≥ 2^511, so its base58 form is always 88 characters.
  mac[0] = mac[0]! | 0x80;
  return mac;
}

function keystream(mac: Uint8Array): Buffer {
  return digest('sha512', Buffer.concat([KEY_PREFIX, mac])).subarray(0, PLAIN_BYTES);
}

/**
 * The signature of the `index`-th transaction generated for `wallet` in time bucket `day` (a UTC day
 * index, or an hour index for busy wallets). Deliberately
 * seed-independent, so the documented cast signatures are the same in every sandbox.
 */
export function encodeSignature(walletBytes: Uint8Array, day: number, index: number): string {
  const plain = new Uint8Array(PLAIN_BYTES);
  plain.set(walletBytes, 0);
  const view = new DataView(plain.buffer);
  view.setUint32(32, day >>> 0, false);
  view.setUint16(36, index & 0xffff, false);
  const mac = macOf(plain);
  const ks = keystream(mac);
  const out = new Uint8Array(64);
  out.set(mac, 0);
  for (let i = 0; i < PLAIN_BYTES; i++) out[MAC_BYTES + i] = plain[i]! ^ ks[i]!;
  return base58Encode(out);
}

export interface DecodedSignature {
  wallet: string;
  day: number;
  index: number;
}

/** Inverse of `encodeSignature`; null for any signature the world did not issue. */
export function decodeSignature(signature: string): DecodedSignature | null {
  if (signature.length < 86 || signature.length > 90) return null; // base58Decode refuses other characters
  const bytes = base58Decode(signature);
  if (!bytes || bytes.length !== 64) return null;
  const mac = bytes.subarray(0, MAC_BYTES);
  const ks = keystream(mac);
  const plain = new Uint8Array(PLAIN_BYTES);
  for (let i = 0; i < PLAIN_BYTES; i++) plain[i] = bytes[MAC_BYTES + i]! ^ ks[i]!;
  if (!macOf(plain).equals(mac)) return null;
  const view = new DataView(plain.buffer);
  return { wallet: base58Encode(plain.subarray(0, 32)), day: view.getUint32(32, false), index: view.getUint16(36, false) };
}
