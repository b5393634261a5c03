import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paymentIdentity, solanaMessageHash } from '../../src/payments/idempotency.js';

function wireTx(signatures: Buffer[], message: Buffer): string {
  return Buffer.concat([Buffer.from([signatures.length]), ...signatures, message]).toString('base64');
}

test('Solana: the key is the message hash, so different signatures over one message are one payment', () => {
  const message = Buffer.from('message bytes of a transfer');
  const a = wireTx([Buffer.alloc(64, 1), Buffer.alloc(64, 2)], message);
  const b = wireTx([Buffer.alloc(64, 9), Buffer.alloc(64, 7)], message);
  assert.equal(solanaMessageHash(a), solanaMessageHash(b));
  assert.notEqual(solanaMessageHash(a), solanaMessageHash(wireTx([Buffer.alloc(64, 1)], Buffer.from('another message'))));
  assert.throws(() => solanaMessageHash(Buffer.from([2, 1, 2]).toString('base64')));
});

test('EVM: the key is authorizer + nonce, case-insensitive', () => {
  const a = paymentIdentity('eip155:8453', { authorization: { from: '0xAbC0000000000000000000000000000000000001', nonce: '0xFF' }, signature: '0x1' });
  const b = paymentIdentity('base', { authorization: { from: '0xabc0000000000000000000000000000000000001', nonce: '0xff' }, signature: '0x2' });
  assert.equal(a.key, b.key);
  assert.equal(a.payer, '0xabc0000000000000000000000000000000000001');
  assert.throws(() => paymentIdentity('eip155:8453', { signature: '0x1' }));
  assert.throws(() => paymentIdentity('cosmos:hub', {}));
});
