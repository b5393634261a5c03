/**
 * Wire-transaction decoding and ed25519 signature verification. Decoding uses @solana/kit's own
 * decoders (legacy and v0), so the sandbox parses exactly the bytes the real clients produce.
 */
import { createPublicKey, verify } from 'node:crypto';
import {
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit';
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

const txDecoder = getTransactionDecoder();
type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58 = getBase58Decoder();
const base58Bytes = getBase58Encoder();
/** DER SubjectPublicKeyInfo prefix for a raw 32-byte Ed25519 key. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function decodeWireTransaction(encoded: string, encoding: string): DecodedTransaction {
  let bytes: Uint8Array;
  if (encoding === 'base64') bytes = Buffer.from(encoded, 'base64');
  else if (encoding === 'base58') bytes = decodeBase58(encoded);
  else throw new RpcError(-32602, `Invalid params: unsupported encoding: ${encoding}`);
  if (bytes.length > MAX_TX_BYTES) {
    throw new RpcError(-32602, `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: ${MAX_TX_BYTES} bytes)`);
  }
  try {
    const tx = txDecoder.decode(bytes);
    const message = messageDecoder.decode(tx.messageBytes);
    sanitize(message);
    const feePayer = message.staticAccounts[0];
    const first = feePayer ? tx.signatures[feePayer] : null;
    return {
      id: base58.decode(first ?? new Uint8Array(64)),
      wireBase64: Buffer.from(bytes).toString('base64'),
      messageBytes: new Uint8Array(tx.messageBytes),
      signatures: tx.signatures as Record<string, Uint8Array | null>,
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

/** Checks every required signer signed the message bytes (Node's native ed25519). */
export function signaturesValid(tx: DecodedTransaction): boolean {
  const signers = tx.message.staticAccounts.slice(0, tx.message.header.numSignerAccounts);
  return signers.every((signer) => {
    const signature = tx.signatures[signer];
    if (!signature || signature.length !== 64) return false;
    try {
      const key = createPublicKey({
        key: Buffer.concat([ED25519_SPKI_PREFIX, addressBytes(signer)]),
        format: 'der',
        type: 'spki',
      });
      return verify(null, tx.messageBytes, key, signature);
    } catch {
      return false;
    }
  });
}
