/**
 * The EIP-712 digest of an x402 `offer-receipt` receipt (@x402/extensions/offer-receipt: domain { name, version,
 * chainId }, primary type `Receipt`), computed with the native keccak and the domain separator cached — what viem's
 * `hashTypedData` gives (test/payments/batch-settlement-receipt-digest.test.ts), without its ~0.4 ms of JavaScript
 * per voucher-paid call.
 *
 * Only typed data of exactly that shape is hashed here (those six fields, in that order, with those types; a domain of
 * a string name, a string version and an integer chainId and nothing else; in-range uint256 values as bigints,
 * strings as strings); anything else gets undefined, and the caller hashes it with viem — so a receipt type the
 * library changes, or any input this code does not recognize, is still signed correctly.
 */
import type { Hex } from 'viem';
import { cachedDomainSeparator, encodeType, isUint256, stringWord, structHash, typedDataDigest, typeHash, uintWord } from '../../lib/eip712-digest.js';
import { isRecord } from '../../lib/is-record.js';

const RECEIPT_FIELDS = [
  { name: 'version', type: 'uint256' },
  { name: 'network', type: 'string' },
  { name: 'resourceUrl', type: 'string' },
  { name: 'payer', type: 'string' },
  { name: 'issuedAt', type: 'uint256' },
  { name: 'transaction', type: 'string' },
] as const;
const RECEIPT_TYPEHASH = typeHash(encodeType('Receipt', RECEIPT_FIELDS));

/** The typed data a signer is handed (viem's `signTypedData` parameters, loosely). */
export interface TypedDataInput { domain?: unknown; types?: unknown; primaryType?: unknown; message?: unknown }

function hasExactKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** The domain when it is exactly { name: string, version: string, chainId: integer ≥ 0 }. */
function receiptDomain(domain: unknown): { name: string; version: string; chainId: number | bigint } | undefined {
  if (!isRecord(domain) || !hasExactKeys(domain, ['name', 'version', 'chainId'])) return undefined;
  const { name, version, chainId } = domain;
  if (typeof name !== 'string' || typeof version !== 'string') return undefined;
  const integerChainId = (typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId >= 0) || isUint256(chainId);
  return integerChainId ? { name, version, chainId: chainId as number | bigint } : undefined;
}

function isReceiptTypes(types: unknown): boolean {
  if (!isRecord(types) || !hasExactKeys(types, ['Receipt'])) return false;
  const fields = types.Receipt;
  return Array.isArray(fields) && fields.length === RECEIPT_FIELDS.length && RECEIPT_FIELDS.every((expected, i) => {
    const field: unknown = fields[i];
    return isRecord(field) && field.name === expected.name && field.type === expected.type;
  });
}

/** The receipt's digest as viem's `hashTypedData` would give it, or undefined when `typed` is not a receipt of this shape. */
export function receiptDigest(typed: TypedDataInput): Hex | undefined {
  if (typed.primaryType !== 'Receipt' || !isReceiptTypes(typed.types) || !isRecord(typed.message)) return undefined;
  const domain = receiptDomain(typed.domain);
  if (!domain) return undefined;
  const words: Uint8Array[] = [];
  for (const field of RECEIPT_FIELDS) {
    const value = typed.message[field.name];
    if (field.type === 'uint256' && isUint256(value)) words.push(uintWord(value));
    else if (field.type === 'string' && typeof value === 'string') words.push(stringWord(value));
    else return undefined;
  }
  return typedDataDigest(cachedDomainSeparator(domain), structHash(RECEIPT_TYPEHASH, words));
}
