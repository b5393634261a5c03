/**
 * Raw ed25519 keys (Solana's 32-byte seeds and public keys) as node:crypto KeyObjects: Node imports them only
 * as DER, so each raw key gets the fixed PKCS#8 / SubjectPublicKeyInfo prefix of the ed25519 algorithm.
 * Shared by the sandbox identities, the sandbox Solana chain and the facilitator's native signer.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The private key of a 32-byte seed. */
export function ed25519PrivateKey(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The public key of 32 raw bytes; throws when they are not a curve point. */
export function ed25519PublicKey(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The 32 raw bytes of a private key's public key. */
export function ed25519RawPublicKey(privateKey: KeyObject): Buffer {
  return createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
}
