/**
 * A purpose-built reader for the wire transactions of the SVM `exact` scheme: compact-u16 lengths,
 * signatures, message header, static account keys, blockhash, compiled instructions; legacy and v0.
 *
 * It reads only what the fast path can judge exactly like the official scheme (which decodes with
 * @solana/kit and decompiles the message). Anything else — non-canonical base64 or compact-u16,
 * address lookup tables, trailing bytes, a signature count that differs from the header, duplicate
 * keys, an index past the key list, a header a node would not sanitize — returns
 * undefined, and the caller hands the payment to the official scheme, so such inputs get the
 * official answer byte for byte instead of a re-implementation of kit's corner cases.
 */
import { createHash } from 'node:crypto';
import { base58Encode } from '../../lib/base58.js';

export interface CompiledInstruction {
  programIndex: number;
  /** Indices into `keys`. */
  accounts: Uint8Array;
  data: Uint8Array;
}

export interface WireTransaction {
  wire: Buffer;
  /** Byte offset of the first signature (after the compact-u16 count). */
  signaturesOffset: number;
  /** Everything after the signatures: the bytes every signer signs. */
  message: Buffer;
  numSigners: number;
  numReadonlySigners: number;
  numReadonlyNonSigners: number;
  /** Static account keys, base58. */
  keys: string[];
  /** Offset of each key's 32 bytes within `message`. */
  keyOffsets: number[];
  instructions: CompiledInstruction[];
  /** Memo of the (deterministic) signature check, so settle does not repeat verify's ed25519 work. */
  signaturesValid?: Promise<boolean>;
}

/** Small memo of key bytes → base58: programs, mint, fee payer and payees repeat on every payment. */
const keyNames = new Map<string, string>();
function keyName(message: Buffer, offset: number): string {
  const raw = message.toString('latin1', offset, offset + 32);
  let name = keyNames.get(raw);
  if (name === undefined) {
    if (keyNames.size >= 4096) keyNames.clear();
    name = base58Encode(message.subarray(offset, offset + 32));
    keyNames.set(raw, name);
  }
  return name;
}

/** Canonical compact-u16 at `offset`: [value, next offset], or undefined. */
function shortVec(bytes: Uint8Array, offset: number): [number, number] | undefined {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) return undefined;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) {
      // A multi-byte encoding ending in a zero byte is non-canonical; the third byte holds 2 bits at most.
      if (i > 0 && byte === 0) return undefined;
      if (i === 2 && byte > 3) return undefined;
      return [value, offset + i + 1];
    }
  }
  return undefined;
}

/**
 * Recently read transactions by their base64 text: verify and settle of one payment read the same
 * string. Entries are never mutated except for the signature memo, which depends only on the bytes.
 */
const recent = new Map<string, WireTransaction | undefined>();
const RECENT_MAX = 512;

/** The transaction in `base64`, or undefined when it is outside what the fast path judges (see above). */
export function readWireTransaction(base64: unknown): WireTransaction | undefined {
  if (typeof base64 !== 'string' || base64.length === 0) return undefined;
  if (recent.has(base64)) return recent.get(base64);
  const tx = read(base64);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(base64, tx);
  return tx;
}

function read(base64: string): WireTransaction | undefined {
  const wire = Buffer.from(base64, 'base64');
  // Buffer skips characters outside the alphabet and tolerates missing padding; only canonical text round-trips.
  if (wire.toString('base64') !== base64) return undefined;

  const sigCount = shortVec(wire, 0);
  if (!sigCount) return undefined;
  const [numSignatures, signaturesOffset] = sigCount;
  const messageStart = signaturesOffset + numSignatures * 64;
  if (messageStart + 4 > wire.length) return undefined;
  const message = wire.subarray(messageStart);

  let at = 0;
  const first = message[0]!;
  if (first & 0x80) {
    if (first !== 0x80) return undefined; // only v0
    at = 1;
  }
  const legacy = at === 0;
  const numSigners = message[at]!;
  const numReadonlySigners = message[at + 1]!;
  const numReadonlyNonSigners = message[at + 2]!;
  at += 3;
  const keyCount = shortVec(message, at);
  if (!keyCount) return undefined;
  const [numKeys, keysStart] = keyCount;
  at = keysStart + numKeys * 32 + 32; // keys, then the blockhash
  if (at > message.length) return undefined;
  if (numSigners < 1 || numSigners > numKeys || numSignatures !== numSigners) return undefined;
  // Headers a node refuses to sanitize (a read-only fee payer, more read-only keys than keys) make the RPC
  // answer with an error instead of a simulation result; the official scheme words that message itself.
  if (numReadonlySigners >= numSigners || numReadonlyNonSigners > numKeys - numSigners) return undefined;

  const keys = new Array<string>(numKeys);
  const keyOffsets = new Array<number>(numKeys);
  const seen = new Set<string>();
  for (let i = 0; i < numKeys; i++) {
    const offset = keysStart + i * 32;
    const key = keyName(message, offset);
    if (seen.has(key)) return undefined;
    seen.add(key);
    keys[i] = key;
    keyOffsets[i] = offset;
  }

  const ixCount = shortVec(message, at);
  if (!ixCount) return undefined;
  at = ixCount[1];
  const instructions = new Array<CompiledInstruction>(ixCount[0]);
  for (let n = 0; n < ixCount[0]; n++) {
    const programIndex = message[at];
    if (programIndex === undefined || programIndex >= numKeys) return undefined;
    const accCount = shortVec(message, at + 1);
    if (!accCount) return undefined;
    const accounts = message.subarray(accCount[1], accCount[1] + accCount[0]);
    if (accounts.length !== accCount[0]) return undefined;
    for (const index of accounts) if (index >= numKeys) return undefined;
    const dataLen = shortVec(message, accCount[1] + accCount[0]);
    if (!dataLen) return undefined;
    const data = message.subarray(dataLen[1], dataLen[1] + dataLen[0]);
    if (data.length !== dataLen[0]) return undefined;
    instructions[n] = { programIndex, accounts, data };
    at = dataLen[1] + dataLen[0];
  }
  if (!legacy) {
    // v0: an empty lookup-table list only; lookups would need an RPC read to resolve.
    if (message[at] !== 0) return undefined;
    at += 1;
  }
  if (at !== message.length) return undefined;
  return { wire, signaturesOffset, message, numSigners, numReadonlySigners, numReadonlyNonSigners, keys, keyOffsets, instructions };
}

/** The settlement-cache key the official scheme uses: base64 sha256 of the message bytes. */
export function messageHash(tx: WireTransaction): string {
  return createHash('sha256').update(tx.message).digest('base64');
}

/** The signature bytes of signer `index`. */
export function signatureAt(tx: WireTransaction, index: number): Buffer {
  const start = tx.signaturesOffset + index * 64;
  return tx.wire.subarray(start, start + 64);
}
