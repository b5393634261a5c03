/**
 * Signed receipts (the x402 `offer-receipt` extension, @x402/extensions) for batch-settlement calls. A voucher call
 * leaves nothing on chain — its PAYMENT-RESPONSE has `transaction: ""` — so the payer gets the service's EIP-712
 * signature instead: `extensions["offer-receipt"].info.receipt` = { format: "eip712", payload: { version, network,
 * resourceUrl, payer, issuedAt }, signature }, verifiable with `verifyReceiptSignatureEIP712` (it recovers the
 * signer: the in-process facilitator's address, the channels' receiver authorizer announced in the challenge).
 *
 * Receipts only, no signed offers: offers would be signed per challenge with a validity window, but a challenge is
 * built once per endpoint and served from memory (src/payments/gate.ts), and four signed offers would take the
 * largest PAYMENT-REQUIRED header past 8 KB. Other schemes' answers carry their transaction instead.
 */
import type { ResourceServerExtension } from '@x402/core/types';
import {
  createEIP712OfferReceiptIssuer, createOfferReceiptExtension, declareOfferReceiptExtension, OFFER_RECEIPT, type SignTypedDataFn,
} from '@x402/extensions/offer-receipt';
import { BATCH_SETTLEMENT_SCHEME } from '@x402/evm';
import { hashTypedData, hexToBytes, serializeSignature, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { nativeSignDigest } from '../../lib/secp256k1-recover.js';
import { receiptDigest } from './receipt-digest.js';

export { OFFER_RECEIPT };

export interface BatchSettlementReceipts {
  /** The resource-server extension: registered once. */
  extension: ResourceServerExtension;
  /** The route's declaration (`{ "offer-receipt": {} }` in the challenge). */
  declaration: Record<string, unknown>;
}

export function createBatchSettlementReceipts(signerKey: Hex): BatchSettlementReceipts {
  const account = privateKeyToAccount(signerKey);
  const key = hexToBytes(signerKey);
  // One receipt per voucher call: hashed natively (receipt-digest.ts; viem's hashTypedData for any other typed data)
  // and signed by libsecp256k1 (the same RFC 6979 signature viem would make, without its milliseconds of JavaScript
  // curve work); viem when the native binding is missing.
  const signTypedData: SignTypedDataFn = async (params) => {
    const typed = params as Parameters<typeof account.signTypedData>[0];
    const digest = receiptDigest(params) ?? hashTypedData(typed);
    const signed = nativeSignDigest(Buffer.from(digest.slice(2), 'hex'), key);
    return signed ? serializeSignature(signed) : account.signTypedData(typed);
  };
  const official = createOfferReceiptExtension(createEIP712OfferReceiptIssuer(`did:pkh:eip155:8453:${account.address}`, signTypedData));
  const extension: ResourceServerExtension = {
    key: OFFER_RECEIPT,
    // A receipt for a settled batch-settlement call only; nothing in the challenge (no offers).
    enrichSettlementResponse: async (declaration, context) => {
      const scheme = (context as { requirements?: { scheme?: string } }).requirements?.scheme;
      if (scheme !== BATCH_SETTLEMENT_SCHEME || !official.enrichSettlementResponse) return undefined;
      const enriched = (await official.enrichSettlementResponse(declaration, context)) as { info?: unknown } | undefined;
      // The receipt without the JSON Schema the library attaches to each one (~600 bytes of every PAYMENT-RESPONSE,
      // the same text every time): clients read `info.receipt`.
      return enriched?.info ? { info: enriched.info } : undefined;
    },
  };
  return { extension, declaration: declareOfferReceiptExtension() };
}
