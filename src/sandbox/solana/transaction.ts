/**
 * Wire-transaction decoding, as an RPC node does before handing a transaction to the bank: the size
 * limit, the encoding, and the message (with @solana/kit's own decoder, legacy and v0), so the chain
 * can read its fee payer, lifetime (recent blockhash) and token transfers. Everything else (sanitizing,
 * signature verification, execution) is the runtime's (runtime.ts), on the same bytes.
 */
import { getBase58Encoder, getCompiledTransactionMessageDecoder, getShortU16Decoder } from '@solana/kit';
import { base58Encode } from '../../lib/base58.js';
import { MAX_TX_BYTES } from './constants.js';
import { RpcError } from './errors.js';

type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;

export interface DecodedTransaction {
  /** The transaction id: base58 of the first (fee payer) signature. */
  id: string;
  /** The first signature's bytes (the runtime's key for its transaction history). */
  signature: Uint8Array;
  wire: Uint8Array;
  wireBase64: string;
  /** Compiled message incl. its lifetime token (the recent blockhash). */
  message: CompiledMessage;
  version: 0 | 'legacy';
}

const shortU16 = getShortU16Decoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58Bytes = getBase58Encoder();

/**
 * Recently decoded base64 transactions: a facilitator simulates the same bytes twice (verify, then
 * settle's re-verification) and then sends them. Decoding is a pure function of the text, so a memo
 * changes no answer; the decoded objects are only read.
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
    if (count < 1 || messageStart > bytes.length) throw new Error('not enough bytes for the signatures');
    const message = messageDecoder.decode(bytes.subarray(messageStart));
    const signature = Uint8Array.from(bytes.subarray(signaturesStart, signaturesStart + 64));
    return {
      id: base58Encode(signature),
      signature,
      wire: Uint8Array.from(bytes),
      wireBase64: Buffer.from(bytes).toString('base64'),
      message,
      version: message.version === 'legacy' ? 'legacy' : 0,
    };
  } catch {
    throw invalidTransaction();
  }
}

function invalidTransaction(): RpcError {
  return new RpcError(-32602, 'invalid transaction: failed to deserialize solana_transaction::versioned::VersionedTransaction');
}

function decodeBase58(text: string): Uint8Array {
  // kit's naming is from the string's point of view: the base58 *encoder* turns text into bytes.
  try {
    return new Uint8Array(base58Bytes.encode(text));
  } catch {
    throw invalidTransaction();
  }
}

/** The static account at `index` of the message, or undefined (the runtime refuses such a transaction when it sanitizes it). */
export function staticAccount(tx: DecodedTransaction, index: number | undefined): string | undefined {
  return index === undefined ? undefined : tx.message.staticAccounts[index];
}
