/**
 * ed25519 through Node's native `node:crypto` (OpenSSL): the fee payer's private KeyObject is built
 * once, payers' public KeyObjects are memoised by address, and both operations take the callback form,
 * which runs them on libuv's thread pool — off the event loop that serves requests (an ed25519 verify
 * was ~8 % of a paid call's main-thread time). ed25519 signatures are deterministic, so the fee
 * payer's signature is byte-identical to the one @solana/kit's signer produces for the same message and key.
 */
import { sign, verify, type KeyObject } from 'node:crypto';
import { base58Encode } from '../../lib/base58.js';
import { ed25519PrivateKey, ed25519PublicKey, ed25519RawPublicKey } from '../../lib/ed25519-keys.js';

/** DER prefixes wrapping a raw 32-byte ed25519 seed (PKCS#8) and public key (SPKI). */

export interface FeePayerKey {
  readonly address: string;
  sign(message: Uint8Array): Promise<Buffer>;
}

/** From a 32-byte seed or a 64-byte Solana keypair (seed ‖ public key, which must match the seed). */
export function createFeePayerKey(secretKey: Uint8Array): FeePayerKey {
  if (secretKey.length !== 32 && secretKey.length !== 64) {
    throw new Error(`SVM facilitator key must be 32 (seed) or 64 (keypair) bytes, got ${secretKey.length}`);
  }
  const privateKey = ed25519PrivateKey(secretKey.subarray(0, 32));
  const publicKey = ed25519RawPublicKey(privateKey);
  if (secretKey.length === 64 && !publicKey.equals(secretKey.subarray(32))) {
    throw new Error('SVM facilitator keypair: the public key does not belong to the seed');
  }
  return {
    address: base58Encode(publicKey),
    sign: (message) => new Promise((resolve, reject) => sign(null, message, privateKey, (error, signature) => (error ? reject(error) : resolve(signature)))),
  };
}

const publicKeys = new Map<string, KeyObject | null>();

/**
 * Every 32-byte encoding of a point of small order (dividing the cofactor 8), with the sign bit (the top bit of the
 * last byte) cleared: y = 0, 1, the two y of the order-8 points, and p − 1, p, p + 1 (the last two non-canonical
 * spellings of 0 and 1). libsodium's blocklist, checked against the curve equation.
 */
const SMALL_ORDER_ENCODINGS = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
].map((hex) => Buffer.from(hex, 'hex'));

function hasSmallOrder(point: Uint8Array): boolean {
  if (point.length !== 32) return false;
  return SMALL_ORDER_ENCODINGS.some((encoding) => encoding.every((byte, i) => byte === (i === 31 ? point[i]! & 0x7f : point[i])));
}

/**
 * Whether `signature` is `address`'s ed25519 signature of `message` (`keyBytes`: the address's 32 bytes), by the
 * Solana runtime's rule (ed25519-dalek `verify_strict`): OpenSSL's RFC 8032 check plus no small-order public key
 * or R. Without it, R = identity and S = 0 "sign" any message for the identity-point address, which OpenSSL accepts
 * and the chain refuses (found against the real runtime, test/sandbox/solana-runtime.test.ts).
 */
export async function verifyEd25519(address: string, keyBytes: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  if (hasSmallOrder(keyBytes) || hasSmallOrder(signature.subarray(0, 32))) return false;
  let key = publicKeys.get(address);
  if (key === undefined) {
    try {
      key = ed25519PublicKey(keyBytes);
    } catch {
      key = null; // not a curve point: no signature verifies
    }
    if (publicKeys.size >= 4096) publicKeys.clear();
    publicKeys.set(address, key);
  }
  if (!key) return false;
  const publicKey = key;
  return new Promise((resolve) => {
    try {
      verify(null, message, publicKey, signature, (error, valid) => resolve(!error && valid));
    } catch {
      resolve(false);
    }
  });
}
