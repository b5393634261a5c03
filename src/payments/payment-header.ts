/**
 * The `PAYMENT-SIGNATURE` header decoded with the result of @x402/core's `decodePaymentSignatureHeader`, at
 * a fraction of its cost: that one checks the alphabet, then `atob`, a per-character copy into a byte array
 * and a `TextDecoder` (~4 % of a paid call's CPU, and the gate and the x402 server each decoded every
 * header). Here: the same alphabet check, the same rejections `atob` makes (WHATWG forgiving-base64), then
 * Node's native base64 and UTF-8 decoders and `JSON.parse`.
 *
 * Both decoders agree on every input (test/payments/payment-header.test.ts compares them on valid, malformed
 * and random headers). The one place they could differ is how invalid UTF-8 is replaced; a text that carries a
 * replacement character is therefore handed to the library's decoder.
 */
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';

/** The library's own alphabet check (`Base64EncodedRegex` in @x402/core). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Whether `atob` accepts `value`, given it passed `BASE64` (no whitespace, at most two trailing `=`): padding
 * only on a length that is a multiple of 4, and never one character left over once the padding is removed.
 */
function atobAccepts(value: string): boolean {
  let length = value.length;
  if (length > 0 && value.charCodeAt(length - 1) === 61 /* = */) {
    if (length % 4 !== 0) return false;
    length -= value.charCodeAt(length - 2) === 61 ? 2 : 1;
  }
  return length % 4 !== 1;
}

export function decodePaymentSignature(header: string): PaymentPayload {
  if (!BASE64.test(header) || !atobAccepts(header)) throw new Error('Invalid payment signature header');
  let bytes = Buffer.from(header, 'base64');
  // TextDecoder drops a leading byte-order mark; Buffer#toString keeps it.
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return decodePaymentSignatureHeader(header);
  return JSON.parse(text) as PaymentPayload;
}
