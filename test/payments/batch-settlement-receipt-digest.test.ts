/**
 * The native receipt digest (src/payments/batch-settlement/receipt-digest.ts) against viem's hashTypedData:
 * - equal over many generated receipts (unicode, lone surrogates, long and empty strings, uint256 boundaries, other
 *   domains), and for the exact typed data @x402/extensions hands its signer;
 * - any changed field (or domain) changes it;
 * - typed data of any other shape is not hashed here (undefined: the caller falls back to viem).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createReceiptDomain, hashReceiptTypedData, RECEIPT_TYPES, signReceiptEIP712, type ReceiptPayload } from '@x402/extensions/offer-receipt';
import { hashTypedData, type Hex } from 'viem';
import { receiptDigest, type TypedDataInput } from '../../src/payments/batch-settlement/receipt-digest.js';

const UINT256_MAX = (1n << 256n) - 1n;
const types = { Receipt: RECEIPT_TYPES.Receipt.map((field) => ({ ...field })) };

const text = fc.oneof(
  fc.constant(''),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }), // any UTF-16 code units, lone surrogates included
  fc.string({ unit: 'binary', minLength: 1000, maxLength: 5000 }),
);
const resourceUrl = fc.oneof(
  text,
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.tuple(fc.webUrl(), fc.string({ unit: 'grapheme', maxLength: 200 })).map(([url, tail]) => `${url}/${tail}`),
  fc.string({ unit: 'grapheme-ascii', minLength: 2000, maxLength: 8000 }).map((path) => `https://api.example/${path}`),
);
const uint256 = fc.oneof(
  fc.constantFrom(0n, 1n, 2n ** 32n - 1n, 2n ** 32n, BigInt(Number.MAX_SAFE_INTEGER), 2n ** 64n - 1n, 2n ** 64n, 2n ** 255n, UINT256_MAX - 1n, UINT256_MAX),
  fc.bigInt({ min: 0n, max: UINT256_MAX }),
  fc.bigInt({ min: 1_600_000_000n, max: 4_102_444_800_000n }), // seconds and milliseconds timestamps
);
const message = fc.record({ version: uint256, network: text, resourceUrl, payer: text, issuedAt: uint256, transaction: text });
const domain = fc.oneof(
  fc.constant(createReceiptDomain()),
  fc.record({
    name: text, version: text,
    chainId: fc.oneof(fc.constantFrom(0, 1, 8453, Number.MAX_SAFE_INTEGER), fc.nat(), uint256),
  }),
);
const receipt = fc.record({ domain, message }).map(({ domain, message }) => ({ domain, types, primaryType: 'Receipt', message }));
const viemDigest = (typed: TypedDataInput) => hashTypedData(typed as Parameters<typeof hashTypedData>[0]);

test('the native receipt digest equals viem hashTypedData over generated receipts', () => {
  fc.assert(fc.property(receipt, (typed) => {
    assert.equal(receiptDigest(typed), viemDigest(typed));
  }), { numRuns: 1000 });
});

test('the typed data @x402/extensions signs a receipt with is hashed natively, equal to its own hash', async () => {
  const payloads = fc.record({
    version: fc.nat(), network: text, resourceUrl, payer: text, transaction: text,
    issuedAt: fc.oneof(fc.constantFrom(0, 1, 1_700_000_000, Number.MAX_SAFE_INTEGER), fc.nat()),
  });
  for (const payload of fc.sample(payloads, 200) as ReceiptPayload[]) {
    let handed: TypedDataInput | undefined;
    await signReceiptEIP712(payload, async (params) => { handed = params; return '0x' as Hex; });
    const native = receiptDigest(handed!);
    assert.notEqual(native, undefined, 'the library receipt shape is recognized');
    assert.equal(native, hashReceiptTypedData(payload));
  }
});

test('a changed field or domain changes the digest', () => {
  const base = fc.sample(receipt, { numRuns: 1, seed: 7 })[0]!;
  const fixed = { ...base, domain: createReceiptDomain() };
  const original = receiptDigest(fixed)!;
  const changes: Array<[string, TypedDataInput]> = [
    ['version', { ...fixed, message: { ...fixed.message, version: fixed.message.version ^ 1n } }],
    ['network', { ...fixed, message: { ...fixed.message, network: `${fixed.message.network}x` } }],
    ['resourceUrl', { ...fixed, message: { ...fixed.message, resourceUrl: `${fixed.message.resourceUrl}/` } }],
    ['payer', { ...fixed, message: { ...fixed.message, payer: `${fixed.message.payer}0` } }],
    ['issuedAt', { ...fixed, message: { ...fixed.message, issuedAt: fixed.message.issuedAt ^ 1n } }],
    ['transaction', { ...fixed, message: { ...fixed.message, transaction: `${fixed.message.transaction}0` } }],
    ['swapped strings', { ...fixed, message: { ...fixed.message, network: 'a', resourceUrl: 'b' } }],
    ['domain chainId', { ...fixed, domain: { ...fixed.domain, chainId: 2 } }],
    ['domain name', { ...fixed, domain: { ...fixed.domain, name: 'x402 offer' } }],
    ['domain version', { ...fixed, domain: { ...fixed.domain, version: '2' } }],
  ];
  const swappedBack = { ...fixed, message: { ...fixed.message, network: 'b', resourceUrl: 'a' } };
  for (const [what, changed] of changes) {
    const digest = receiptDigest(changed);
    assert.equal(digest, viemDigest(changed), what);
    assert.notEqual(digest, original, `${what} changes the digest`);
  }
  assert.notEqual(receiptDigest(changes[6]![1]), receiptDigest(swappedBack), 'field order matters');
});

test('typed data of any other shape is left to viem', () => {
  const fixed = { domain: createReceiptDomain(), types, primaryType: 'Receipt', message: {
    version: 1n, network: 'eip155:8453', resourceUrl: 'https://x/y', payer: '0xabc', issuedAt: 1_700_000_000n, transaction: '',
  } };
  assert.ok(receiptDigest(fixed), 'the base case is hashed natively');
  const fields = types.Receipt;
  const others: Array<[string, TypedDataInput]> = [
    ['another primary type', { ...fixed, primaryType: 'Offer' }],
    ['a verifying contract', { ...fixed, domain: { ...fixed.domain, verifyingContract: '0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003' } }],
    ['no chain id', { ...fixed, domain: { name: 'x402 receipt', version: '1' } }],
    ['a fractional chain id', { ...fixed, domain: { ...fixed.domain, chainId: 1.5 } }],
    ['a string chain id', { ...fixed, domain: { ...fixed.domain, chainId: '1' } }],
    ['an explicit EIP712Domain type', { ...fixed, types: { ...types, EIP712Domain: [{ name: 'name', type: 'string' }] } }],
    ['another struct type', { ...fixed, types: { ...types, Extra: [{ name: 'a', type: 'string' }] } }],
    ['reordered fields', { ...fixed, types: { Receipt: [fields[1]!, fields[0]!, ...fields.slice(2)] } }],
    ['a field fewer', { ...fixed, types: { Receipt: fields.slice(0, 5) } }],
    ['a changed field type', { ...fixed, types: { Receipt: [{ name: 'version', type: 'uint128' }, ...fields.slice(1)] } }],
    ['issuedAt as a number', { ...fixed, message: { ...fixed.message, issuedAt: 1_700_000_000 } }],
    ['a negative version', { ...fixed, message: { ...fixed.message, version: -1n } }],
    ['issuedAt above uint256', { ...fixed, message: { ...fixed.message, issuedAt: UINT256_MAX + 1n } }],
    ['a missing field', { ...fixed, message: { ...fixed.message, transaction: undefined } }],
    ['a non-string payer', { ...fixed, message: { ...fixed.message, payer: 42 } }],
    ['no message', { ...fixed, message: undefined }],
  ];
  for (const [what, typed] of others) assert.equal(receiptDigest(typed), undefined, what);
});
