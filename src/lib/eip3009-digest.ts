/**
 * The EIP-712 digest of an EIP-3009 `TransferWithAuthorization` message, computed directly: one keccak over
 * the seven fixed 32-byte words of the struct and one over `0x1901 ‖ domainSeparator ‖ structHash`, both
 * assembled by src/lib/eip712-digest.ts (which also caches the domain separator per domain). viem's generic
 * `hashTypedData` (what the official exact scheme uses) walks the type schema, validates and ABI-encodes on
 * every call; that walk cost more than the native curve recovery it precedes. The result is byte-for-byte
 * viem's (proven on random messages and domains in test/payments/evm-exact.test.ts). Used by the
 * facilitator's fast exact scheme.
 *
 * Only well-formed messages are hashed here: `null` means "not in the shape this fast path covers" (an
 * address viem would reject, a value outside uint256, a nonce that is not 32 bytes, a number that `BigInt`
 * would not parse) and the caller then leaves the decision to the official scheme, which judges it.
 */
import { isAddress, type Hex } from 'viem';
import { addressWord, bytes32Word, cachedDomainSeparator, isUint256, structHash, typedDataDigest, typeHash, uintWord } from './eip712-digest.js';

export interface Eip3009Domain {
  name: string;
  version: string;
  chainId: number;
  /** The token contract (verifyingContract). */
  token: string;
}

export interface Eip3009Authorization {
  from: string;
  to: string;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: string;
}

const TRANSFER_TYPEHASH = typeHash('TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)');
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;

/** A decimal uint256 as the official scheme reads it (`BigInt(text)`), or null outside that. */
function parseUint256(text: string): bigint | null {
  if (typeof text !== 'string' || !DECIMAL.test(text)) return null;
  const value = BigInt(text);
  return isUint256(value) ? value : null;
}

/** The token's domain separator, or null when viem would reject the domain (bad address, chain id). */
function domainSeparator(domain: Eip3009Domain): Uint8Array | null {
  if (!isAddress(domain.token) || !Number.isSafeInteger(domain.chainId) || domain.chainId < 0) return null;
  // Lower-cased: one cache entry per token whatever its checksum casing (the separator does not depend on it).
  return cachedDomainSeparator({ name: domain.name, version: domain.version, chainId: domain.chainId, verifyingContract: domain.token.toLowerCase() as Hex });
}

/** The 32-byte digest the payer signed, as 0x-hex; null when the message is outside this fast path's shape. */
export function eip3009Digest(domain: Eip3009Domain, auth: Eip3009Authorization): Hex | null {
  if (!isAddress(auth.from) || !isAddress(auth.to) || typeof auth.nonce !== 'string' || !NONCE.test(auth.nonce)) return null;
  const value = parseUint256(auth.value);
  const validAfter = parseUint256(auth.validAfter);
  const validBefore = parseUint256(auth.validBefore);
  if (value === null || validAfter === null || validBefore === null) return null;
  const separator = domainSeparator(domain);
  if (!separator) return null;
  const struct = structHash(TRANSFER_TYPEHASH, [
    addressWord(auth.from), addressWord(auth.to), uintWord(value), uintWord(validAfter), uintWord(validBefore), bytes32Word(auth.nonce),
  ]);
  return typedDataDigest(separator, struct);
}
