/**
 * The EIP-712 digest of an EIP-3009 `TransferWithAuthorization` message, computed directly: one keccak over
 * the seven fixed 32-byte words of the struct and one over `0x1901 ‖ domainSeparator ‖ structHash`, with the
 * domain separator cached per (name, version, chainId, token). viem's generic `hashTypedData` (what the
 * official exact scheme uses) walks the type schema, validates and ABI-encodes on every call; that walk cost
 * more than the native curve recovery it precedes. The result is byte-for-byte viem's (proven on random
 * messages and domains in test/payments/evm-exact.test.ts). Shared by the facilitator's fast exact scheme and the
 * sandbox USDC contract.
 *
 * Only well-formed messages are hashed here: `null` means "not in the shape this fast path covers" (an
 * address viem would reject, a value outside uint256, a nonce that is not 32 bytes, a number that `BigInt`
 * would not parse) and the caller then leaves the decision to the official scheme, which judges it.
 */
import { keccak256Bytes as keccak_256 } from './keccak256.js';
import { isAddress, type Hex } from 'viem';

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

const utf8 = (text: string) => new TextEncoder().encode(text);
const TRANSFER_TYPEHASH = keccak_256(utf8('TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)'));
const DOMAIN_TYPEHASH = keccak_256(utf8('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'));
const UINT256_MAX = (1n << 256n) - 1n;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;

function writeHex(out: Uint8Array, offset: number, hex: string): void {
  // hex without 0x, right-aligned into the 32-byte word at `offset`.
  const start = offset + 32 - hex.length / 2;
  for (let i = 0; i < hex.length; i += 2) out[start + i / 2] = parseInt(hex.slice(i, i + 2), 16);
}

function writeUint(out: Uint8Array, offset: number, value: bigint): void {
  let v = value;
  for (let i = offset + 31; i >= offset && v > 0n; i--, v >>= 8n) out[i] = Number(v & 0xffn);
}

/** A decimal uint256 as the official scheme reads it (`BigInt(text)`), or null outside that. */
function parseUint256(text: string): bigint | null {
  if (typeof text !== 'string' || !DECIMAL.test(text)) return null;
  const value = BigInt(text);
  return value <= UINT256_MAX ? value : null;
}

const separators = new Map<string, Uint8Array>();

function domainSeparator(domain: Eip3009Domain): Uint8Array | null {
  const key = `${domain.name}\0${domain.version}\0${domain.chainId}\0${domain.token.toLowerCase()}`;
  const cached = separators.get(key);
  if (cached) return cached;
  if (!isAddress(domain.token) || !Number.isSafeInteger(domain.chainId) || domain.chainId < 0) return null;
  const words = new Uint8Array(32 * 5);
  words.set(DOMAIN_TYPEHASH, 0);
  words.set(keccak_256(utf8(domain.name)), 32);
  words.set(keccak_256(utf8(domain.version)), 64);
  writeUint(words, 96, BigInt(domain.chainId));
  writeHex(words, 128, domain.token.slice(2));
  const separator = keccak_256(words);
  // A handful of tokens and networks in practice; the bound only keeps a hostile caller from growing it.
  if (separators.size < 256) separators.set(key, separator);
  return separator;
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
  const struct = new Uint8Array(32 * 7);
  struct.set(TRANSFER_TYPEHASH, 0);
  writeHex(struct, 32, auth.from.slice(2));
  writeHex(struct, 64, auth.to.slice(2));
  writeUint(struct, 96, value);
  writeUint(struct, 128, validAfter);
  writeUint(struct, 160, validBefore);
  writeHex(struct, 192, auth.nonce.slice(2));
  const envelope = new Uint8Array(66);
  envelope[0] = 0x19;
  envelope[1] = 0x01;
  envelope.set(separator, 2);
  envelope.set(keccak_256(struct), 34);
  return `0x${Buffer.from(keccak_256(envelope)).toString('hex')}`;
}
