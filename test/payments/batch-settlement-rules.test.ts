/**
 * batch-settlement's small rules, without a chain: the payload shape the gate takes (deposit and voucher, not
 * refund), the per-attempt claim key (a voucher re-signed byte for byte after a failed call is a new attempt), and
 * which failed settles moved nothing (a voucher never moves anything; a deposit refused before sending moved
 * nothing; a deposit whose send failed may have).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchSettlementPayloadProblem, batchSettlementPaymentIdentity } from '../../src/payments/batch-settlement/payload.js';
import { batchSettlementNothingMoved } from '../../src/payments/batch-settlement/settle-outcome.js';
import { paymentIdentity } from '../../src/payments/idempotency.js';
import { schemePayloadProblem } from '../../src/payments/payload-shape.js';

const A = '0x1111111111111111111111111111111111111111';
const ID = `0x${'ab'.repeat(32)}`;
const config = { payer: A, payerAuthorizer: A, receiver: A, receiverAuthorizer: A, token: A, withdrawDelay: 3600, salt: `0x${'00'.repeat(32)}` };
const voucher = { type: 'voucher', channelConfig: config, voucher: { channelId: ID, maxClaimableAmount: '4000', signature: `0x${'11'.repeat(65)}` } };
const deposit = {
  ...voucher, type: 'deposit',
  deposit: { amount: '2000000', authorization: { erc3009Authorization: { validAfter: '0', validBefore: '1999999999', salt: ID, signature: `0x${'22'.repeat(65)}` } } },
};

test('deposit and voucher payloads pass; refunds, broken channels and two authorizations do not', () => {
  assert.equal(schemePayloadProblem('eip155:8453', voucher, 'batch-settlement'), undefined);
  assert.equal(schemePayloadProblem('eip155:8453', deposit, 'batch-settlement'), undefined);
  assert.match(batchSettlementPayloadProblem({ ...voucher, type: 'refund' })!, /refunded automatically/);
  assert.match(batchSettlementPayloadProblem({ ...voucher, channelConfig: { ...config, receiver: 'nope' } })!, /receiver/);
  assert.match(batchSettlementPayloadProblem({ ...voucher, voucher: { ...voucher.voucher, maxClaimableAmount: '-1' } })!, /maxClaimableAmount/);
  const both = { ...deposit, deposit: { ...deposit.deposit, authorization: { ...deposit.deposit.authorization, permit2Authorization: {} } } };
  assert.match(batchSettlementPayloadProblem(both)!, /exactly one/);
  // The exact rule would have called this malformed (no authorization): the scheme picks the rule.
  assert.match(schemePayloadProblem('eip155:8453', voucher)!, /no authorization/);
});

test('the claim key is new per attempt, the payer is the channel payer', () => {
  const first = paymentIdentity('eip155:8453', voucher);
  const again = paymentIdentity('eip155:8453', structuredClone(voucher));
  assert.notEqual(first.key, again.key, 'the same voucher bytes, presented again after a failed call, are a new attempt');
  assert.match(first.key, new RegExp(`^bs:${ID}:4000:`));
  assert.equal(first.payer, A.toLowerCase());
  assert.equal(batchSettlementPaymentIdentity({ type: 'voucher' }), undefined);
});

test('a failed voucher settle moved nothing; a deposit refused before sending moved nothing; a failed send may have', () => {
  assert.equal(batchSettlementNothingMoved(voucher)('invalid_batch_settlement_evm_channel_busy'), true);
  assert.equal(batchSettlementNothingMoved(voucher)('anything at all'), true);
  const depositRule = batchSettlementNothingMoved(deposit);
  assert.equal(depositRule('invalid_batch_settlement_evm_deposit_simulation_failed'), true);
  assert.equal(depositRule('invalid_batch_settlement_evm_receive_authorization_signature'), true);
  assert.equal(depositRule('invalid_batch_settlement_evm_deposit_transaction_failed'), false);
  assert.equal(depositRule('settlement_pending'), false);
  assert.equal(depositRule('unexpected_settle_error'), false);
});
