/**
 * The idempotency key of a signed payment: what makes two payments "the same payment".
 * EVM (EIP-3009): the authorizer and its nonce, exactly what the USDC contract itself deduplicates on; EVM upto
 * (Permit2): the owner and its Permit2 nonce, what Permit2 deduplicates on.
 * Solana: the hash of the transaction message, so re-signing cannot make a copy look new.
 */
import { createHash } from 'node:crypto';
import { uptoPaymentIdentity } from './upto-payload.js';
import { batchSettlementPaymentIdentity } from './batch-settlement/payload.js';

function readCompactU16(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size];
    if (byte === undefined) throw new Error('truncated transaction');
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { value, size: size + 1 };
  }
  throw new Error('invalid compact-u16');
}

/** sha256 of the message part of a base64 Solana wire transaction (signatures stripped). */
export function solanaMessageHash(base64Tx: string): string {
  const bytes = Buffer.from(base64Tx, 'base64');
  const { value: signatureCount, size } = readCompactU16(bytes, 0);
  const messageStart = size + signatureCount * 64;
  if (messageStart >= bytes.length) throw new Error('transaction has no message');
  return createHash('sha256').update(bytes.subarray(messageStart)).digest('hex');
}

export interface PaymentIdentity {
  key: string;
  payer: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Derives the key from a scheme payload (`payload` field of a v1 or v2 PaymentPayload). */
export function paymentIdentity(network: string, schemePayload: unknown): PaymentIdentity {
  if (!isRecord(schemePayload)) throw new Error('payment payload is not an object');
  if (network.startsWith('eip155:') || network === 'base') {
    // An upto payment (Permit2): the owner and the Permit2 nonce (src/payments/upto-payload.ts).
    const upto = 'permit2Authorization' in schemePayload ? uptoPaymentIdentity(network, schemePayload) : undefined;
    if (upto) return upto;
    // A batch-settlement voucher or deposit: new per attempt (src/payments/batch-settlement/payload.ts).
    const batch = 'channelConfig' in schemePayload ? batchSettlementPaymentIdentity(schemePayload) : undefined;
    if (batch) return batch;
    const auth = schemePayload.authorization;
    if (!isRecord(auth) || typeof auth.from !== 'string' || typeof auth.nonce !== 'string') {
      throw new Error('EVM payment payload has no authorization.from / nonce');
    }
    const payer = auth.from.toLowerCase();
    return { key: `evm:${payer}:${auth.nonce.toLowerCase()}`, payer };
  }
  if (network.startsWith('solana:') || network === 'solana') {
    if (typeof schemePayload.transaction !== 'string') throw new Error('Solana payment payload has no transaction');
    return { key: `svm:${solanaMessageHash(schemePayload.transaction)}`, payer: 'unknown' };
  }
  throw new Error(`unsupported payment network ${network}`);
}
