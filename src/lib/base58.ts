/**
 * Bitcoin-alphabet base58 for Solana addresses (32 bytes) and signatures (64 bytes).
 *
 * @solana/kit's codec goes through BigInt arithmetic per character and showed up at ~10 % of a paid
 * Solana call. Here encoding works in limbs of five base58 digits and decoding is the plain base-x
 * byte-array algorithm (the one the `bs58` package uses). Same output as kit's codec for every input,
 * including leading zero bytes ('1' characters) — test/sandbox/world.test.ts cross-checks them. One codec
 * for the sandbox world, the sandbox chain and the facilitator.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** Digits are accumulated five base58 places at a time. */
const LIMB = 58 ** 5;
/** log(58) / log(256), rounded up: bytes per base58 digit. */
const BYTES_PER_DIGIT = 0.733;

/** Base58 of `bytes`: limbs of five base58 digits at a time (twice as fast as digit by digit). */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Little-endian limbs in base 58^5.
  const limbs: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    for (let k = 0; k < limbs.length; k++) {
      const v = limbs[k]! * 256 + carry;
      carry = Math.floor(v / LIMB);
      limbs[k] = v - carry * LIMB;
    }
    while (carry > 0) {
      const q = Math.floor(carry / LIMB);
      limbs.push(carry - q * LIMB);
      carry = q;
    }
  }
  let digits = '';
  for (let k = 0; k < limbs.length; k++) {
    let v = limbs[k]!;
    const last = k === limbs.length - 1;
    for (let j = 0; j < 5 && (!last || v > 0); j++) {
      digits = ALPHABET[v % 58]! + digits;
      v = Math.floor(v / 58);
    }
  }
  return '1'.repeat(zeros) + digits;
}

/** The bytes of a base58 string, or undefined when it has a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  const size = Math.ceil((text.length - zeros) * BYTES_PER_DIGIT) + 1;
  const bytes = new Uint8Array(size);
  let length = 0;
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? DIGIT[code]! : -1;
    if (digit < 0) return undefined;
    let carry = digit;
    let j = 0;
    for (let k = size - 1; (carry !== 0 || j < length) && k >= 0; k--, j++) {
      carry += 58 * bytes[k]!;
      bytes[k] = carry & 0xff;
      carry >>= 8;
    }
    length = j;
  }
  let start = size - length;
  while (start < size && bytes[start] === 0) start++;
  const out = new Uint8Array(zeros + size - start);
  out.set(bytes.subarray(start), zeros);
  return out;
}

/** A 32-byte Solana address from its base58 form, or undefined when it is not one. */
export function addressToBytes(address: string): Uint8Array | undefined {
  if (address.length < 32 || address.length > 44) return undefined;
  const bytes = base58Decode(address);
  return bytes && bytes.length === 32 ? bytes : undefined;
}
