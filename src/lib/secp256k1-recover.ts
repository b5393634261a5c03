/**
 * viem's `recoverAddress` with libsecp256k1 (the `secp256k1` package's native binding) doing the curve work:
 * the same inputs accepted, the same address out, throwing where viem throws — everything that decides
 * acceptance is viem's own parsing, in viem's order; only the elliptic-curve step changes. Pure-JS recovery
 * manages ~400/s per core here; native is 1–2 orders faster. Proven identical to viem on 10,000 seeded valid
 * and invalid signatures (test/unit/evm-verify.test.ts). Used by the facilitator's typed-data verifier and
 * the sandbox Base chain (the VM's ecrecover precompile and transaction senders). If the binding cannot load,
 * recovery goes through viem (slow, identical), so correctness never depends on the build.
 */
import { createRequire } from 'node:module';
import { keccak256Hex } from './keccak256.js';
import { getAddress, hexToBigInt, hexToBytes, hexToNumber, isHex, recoverAddress, size, toHex, type Address, type ByteArray, type Hex, type Signature } from 'viem';

interface NativeSecp256k1 {
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed?: boolean): Uint8Array;
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array): { signature: Uint8Array; recid: number };
}

/**
 * Load the native binding directly (`secp256k1/bindings`), never the package root: the root
 * silently falls back to the pure-JS `elliptic` build, which would be neither fast nor the code
 * this module was proven against.
 */
function loadNative(): NativeSecp256k1 | undefined {
  try {
    return createRequire(import.meta.url)('secp256k1/bindings') as NativeSecp256k1;
  } catch {
    return undefined;
  }
}

const native = loadNative();

/** The native binding itself, or undefined when it cannot load (callers then keep their pure-JS path). */
export const nativeSecp256k1: NativeSecp256k1 | undefined = native;

/** True when libsecp256k1 is in use; false means every recovery goes through viem (slow path). */
export const nativeRecoveryAvailable: boolean = native !== undefined;

/** viem's `toRecoveryBit`: 0/1 as is, 27/28 → 0/1, everything else is an error. */
function toRecoveryBit(yParityOrV: number): 0 | 1 {
  if (yParityOrV === 0 || yParityOrV === 1) return yParityOrV;
  if (yParityOrV === 27) return 0;
  if (yParityOrV === 28) return 1;
  throw new Error('Invalid yParityOrV value');
}

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** noble's `Signature` constructor check: r, s ∈ [1, n). */
function assertScalar(name: string, value: bigint): void {
  if (value < 1n || value >= N) throw new Error(`${name} must be in [1, n)`);
}

function scalarBytes(value: bigint): Uint8Array {
  return hexToBytes(toHex(value, { size: 32 }));
}

/** (r‖s as 64 bytes, recovery bit), parsed exactly as viem's `recoverPublicKey` does. */
function parseSignature(signature: Hex | ByteArray | Signature): { rs: Uint8Array; recid: 0 | 1 } {
  if (typeof signature === 'object' && 'r' in signature && 's' in signature) {
    const { r, s, v, yParity } = signature;
    const recid = toRecoveryBit(Number(yParity ?? v));
    const rn = hexToBigInt(r);
    const sn = hexToBigInt(s);
    assertScalar('r', rn);
    assertScalar('s', sn);
    const rs = new Uint8Array(64);
    rs.set(scalarBytes(rn), 0);
    rs.set(scalarBytes(sn), 32);
    return { rs, recid };
  }
  // Like viem: a string that is not hex is *encoded* (toHex of a string is its UTF-8 bytes).
  const signatureHex = isHex(signature) ? signature : toHex(signature);
  if (size(signatureHex) !== 65) throw new Error('invalid signature length');
  const recid = toRecoveryBit(hexToNumber(`0x${signatureHex.slice(130)}`));
  // viem hands noble exactly these 128 hex digits (an odd-length 129-digit hex passes the size
  // check above with a one-digit v — kept, because viem keeps it).
  const rs = hexToBytes(`0x${signatureHex.substring(2, 130)}`);
  assertScalar('r', hexToBigInt(`0x${signatureHex.substring(2, 66)}`));
  assertScalar('s', hexToBigInt(`0x${signatureHex.substring(66, 130)}`));
  return { rs, recid };
}

/**
 * viem's `recoverAddress` with libsecp256k1 doing the curve work: same inputs accepted, same
 * address out, throws where viem throws (unrecoverable r, point at infinity, bad v, bad length).
 */
export async function fastRecoverAddress(hash: Hex, signature: Hex | ByteArray | Signature): Promise<Address> {
  return getAddress(await recoverLowercase(hash, signature));
}

/** The recovered address in lower case: comparison needs no EIP-55 checksum (one keccak less). */
export async function recoverLowercase(hash: Hex, signature: Hex | ByteArray | Signature): Promise<Address> {
  if (!native) return (await recoverAddress({ hash, signature })).toLowerCase() as Address;
  const { rs, recid } = parseSignature(signature);
  const publicKey = native.ecdsaRecover(rs, recid, hexToBytes(hash), false);
  // Address = last 20 bytes of keccak256(uncompressed key without its 0x04 prefix).
  return `0x${keccak256Hex(publicKey.subarray(1)).slice(26)}`;
}


/**
 * Signs a 32-byte digest with libsecp256k1 (RFC 6979 nonces, low-s: the same signature noble/viem make for the
 * same key and digest). `undefined` when the binding is missing: the caller signs through viem instead.
 */
export function nativeSignDigest(digest: Uint8Array, privateKey: Uint8Array): { r: Hex; s: Hex; yParity: 0 | 1 } | undefined {
  if (!native) return undefined;
  const { signature, recid } = native.ecdsaSign(digest, privateKey);
  return { r: toHex(signature.subarray(0, 32)), s: toHex(signature.subarray(32, 64)), yParity: recid === 1 ? 1 : 0 };
}
