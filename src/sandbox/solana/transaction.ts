/**
 * Wire-transaction decoding and ed25519 signature verification. Decoding uses @solana/kit's own
 * message decoder (legacy and v0), so the sandbox parses exactly the bytes the real clients produce.
 * The signature section is split off here with kit's compact-u16 decoder and kit's rules (enough bytes
 * for every signature, as many signatures as the header's signers, all-zero = missing) instead of
 * kit's transaction decoder, which would decode every account address a second time.
 */
import { verify, type KeyObject } from 'node:crypto';
import {
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getShortU16Decoder,
} from '@solana/kit';
import { base58Encode } from '../../lib/base58.js';
import { ed25519PublicKey } from '../../lib/ed25519-keys.js';
import { addressBytes } from './accounts.js';
import { MAX_TX_BYTES } from './constants.js';
import { RpcError } from './errors.js';

export interface DecodedTransaction {
  /** The transaction id: base58 of the first (fee payer) signature. */
  id: string;
  wireBase64: string;
  messageBytes: Uint8Array;
  signatures: Readonly<Record<string, Uint8Array | null>>;
  /** Compiled message incl. its lifetime token (the recent blockhash). */
  message: CompiledMessage;
  version: 0 | 'legacy';
}

const shortU16 = getShortU16Decoder();
type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58Bytes = getBase58Encoder();

/**
 * Recently decoded base64 transactions: a facilitator simulates the same bytes twice (verify, then
 * settle's re-verification). Decoding is a pure function of the text, so a memo changes no answer;
 * the decoded objects are only read.
 */
const recentlyDecoded = new Map<string, DecodedTransaction>();

export function decodeWireTransaction(encoded: string, encoding: string): DecodedTransaction {
  if (encoding !== 'base64') return decode(encoded, encoding);
  let tx = recentlyDecoded.get(encoded);
  if (!tx) {
    tx = decode(encoded, encoding);
    if (recentlyDecoded.size >= 256) recentlyDecoded.delete(recentlyDecoded.keys().next().value!);
    recentlyDecoded.set(encoded, tx);
  }
  return tx;
}

function decode(encoded: string, encoding: string): DecodedTransaction {
  let bytes: Uint8Array;
  if (encoding === 'base64') bytes = Buffer.from(encoded, 'base64');
  else if (encoding === 'base58') bytes = decodeBase58(encoded);
  else throw new RpcError(-32602, `Invalid params: unsupported encoding: ${encoding}`);
  if (bytes.length > MAX_TX_BYTES) {
    throw new RpcError(-32602, `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: ${MAX_TX_BYTES} bytes)`);
  }
  try {
    const [count, signaturesStart] = shortU16.read(bytes, 0);
    const messageStart = signaturesStart + count * 64;
    if (messageStart > bytes.length) throw new Error('not enough bytes for the signatures');
    const messageBytes = new Uint8Array(bytes.subarray(messageStart));
    const message = messageDecoder.decode(messageBytes);
    const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts);
    if (signers.length !== count) throw new Error('signature count differs from the required signers');
    const signatures: Record<string, Uint8Array | null> = {};
    signers.forEach((address, i) => {
      const signature = new Uint8Array(bytes.subarray(signaturesStart + i * 64, signaturesStart + (i + 1) * 64));
      signatures[address] = signature.every((b) => b === 0) ? null : signature;
    });
    sanitize(message);
    const feePayer = message.staticAccounts[0];
    const first = feePayer ? signatures[feePayer] : null;
    return {
      id: base58Encode(first ?? new Uint8Array(64)),
      wireBase64: Buffer.from(bytes).toString('base64'),
      messageBytes,
      signatures,
      message,
      version: message.version === 'legacy' ? 'legacy' : 0,
    };
  } catch (error) {
    if (error instanceof RpcError) throw error;
    throw new RpcError(-32602, 'invalid transaction: failed to deserialize solana_transaction::versioned::VersionedTransaction');
  }
}

/** The structural checks a real node runs before looking at any account ("sanitize"). */
function sanitize(message: CompiledMessage): void {
  const { header, staticAccounts, instructions } = message;
  const keyCount = staticAccounts.length;
  const invalid = () => new RpcError(-32602, 'invalid transaction: Transaction failed to sanitize accounts offsets correctly');
  if (header.numSignerAccounts < 1 || header.numSignerAccounts > keyCount) throw invalid();
  if (header.numReadonlySignerAccounts >= header.numSignerAccounts) throw invalid();
  if (header.numReadonlyNonSignerAccounts > keyCount - header.numSignerAccounts) throw invalid();
  const lookupCount = 'addressTableLookups' in message ? (message.addressTableLookups?.length ?? 0) : 0;
  for (const ix of instructions) {
    // Programs must be static keys and never the fee payer; with lookups we can't resolve indices.
    if (ix.programAddressIndex === 0 || ix.programAddressIndex >= keyCount) throw invalid();
    if (lookupCount === 0 && (ix.accountIndices ?? []).some((i) => i >= keyCount)) throw invalid();
  }
}

function decodeBase58(text: string): Uint8Array {
  // kit's naming is from the string's point of view: the base58 *encoder* turns text into bytes.
  return new Uint8Array(base58Bytes.encode(text));
}

/** Public KeyObjects by signer address (building one per check showed at ~10 % of the chain's CPU). */
const publicKeys = new Map<string, KeyObject | null>();
function publicKey(signer: string): KeyObject | null {
  let key = publicKeys.get(signer);
  if (key === undefined) {
    try {
      key = ed25519PublicKey(addressBytes(signer));
    } catch {
      key = null;
    }
    if (publicKeys.size >= 4096) publicKeys.clear();
    publicKeys.set(signer, key);
  }
  return key;
}

/** Checks every required signer signed the message bytes (Node's native ed25519). */
export function signaturesValid(tx: DecodedTransaction): boolean {
  const signers = tx.message.staticAccounts.slice(0, tx.message.header.numSignerAccounts);
  return signers.every((signer) => {
    const signature = tx.signatures[signer];
    if (!signature || signature.length !== 64) return false;
    const key = publicKey(signer);
    if (!key) return false;
    try {
      return verify(null, tx.messageBytes, key, signature);
    } catch {
      return false;
    }
  });
}
