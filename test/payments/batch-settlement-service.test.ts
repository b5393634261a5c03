/**
 * batch-settlement end to end through the real service on the sandbox Base chain (the EVM sandbox: Circle's
 * FiatToken v2.2 and our escrow, contracts/x402/batch-settlement/), paid by the OFFICIAL @x402/evm batch-settlement
 * client through @x402/fetch. Balances are read from the chain: payer, payee, escrow and the facilitator (fee payer,
 * whose transaction count is the number of on-chain transactions the payment flow sent).
 *
 * - the challenge offers batch-settlement beside exact, with the facilitator as receiver authorizer;
 * - the first call deposits (one transaction); the next calls pay by voucher with no transaction at all;
 * - a failed call (the handler throws) is not charged: its voucher is never claimed;
 * - the claim job claims the batch in one transaction and settles it in one more: the payee gets exactly the
 *   successful calls;
 * - the idle channel's rest goes back to the payer a day after its last call (on the injected clock), not before;
 * - a voucher call's PAYMENT-RESPONSE carries a receipt (offer-receipt extension) signed by the receiver authorizer.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/client';
import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { OFFER_RECEIPT, verifyReceiptSignatureEIP712, type EIP712SignedReceipt } from '@x402/extensions/offer-receipt';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { newEvmPayer, sandboxBaseClient, sandboxUsdcBalance } from '../helpers/evm-payer.js';
import { PRICE } from '../helpers/money-path.js'; // test-echo's price; test-throws costs the same
import { gasPaid, transactionsSentBy } from '../helpers/evm-gas.js';
import { suiteService } from '../helpers/service.js';
import { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import { evmFacilitatorAddress } from '../../src/payments/facilitator/evm.js';
import { loadConfig } from '../../src/config/index.js';
import { IDLE_REFUND_MS } from '../../src/jobs/batch-settlement-claims.js';

describe('batch-settlement through the service', () => {
  const service = suiteService({ registry: fixtureRegistry() });

  function chain() {
    const rpc = service.sandbox!.base.url;
    const client = sandboxBaseClient(rpc);
    const facilitator = evmFacilitatorAddress(deriveSandboxIdentities(loadConfig({ DATA_MODE: 'sandbox' }).sandboxSeed).facilitatorEvmKey);
    return {
      client,
      usdc: (who: string) => sandboxUsdcBalance(rpc, who),
      /** Transactions the facilitator (the only sender in the payment flow) has sent so far. */
      txCount: () => client.getTransactionCount({ address: facilitator }),
      feePayerEth: () => client.getBalance({ address: facilitator }),
      facilitator,
    };
  }

  it('deposit once, vouchers without transactions, a failed call not charged, one claim + one settle, idle refund', async () => {
    const c = chain();
    const payer = newEvmPayer();
    const scheme = new BatchSettlementEvmScheme({
      address: payer.address,
      signTypedData: (m) => payer.signTypedData(m as Parameters<typeof payer.signTypedData>[0]),
      readContract: (args) => c.client.readContract(args as Parameters<typeof c.client.readContract>[0]),
    });
    const client = new x402Client();
    client.register('eip155:8453', scheme);
    const pay = wrapFetchWithPayment(fetch, client);
    const call = (key: string, value: string) => pay(`${service.url}/entrypoints/${key}/invoke`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ value }),
    });

    const unpaid = await service.invoke('test-echo', { value: 'x' });
    assert.equal(unpaid.status, 402);
    const offered = decodePaymentRequiredHeader(unpaid.headers.get('payment-required')!).accepts;
    const batch = offered.find((a) => a.scheme === 'batch-settlement');
    assert.ok(batch, 'batch-settlement is offered');
    assert.ok(offered.some((a) => a.scheme === 'exact' && a.network === 'eip155:8453'), 'beside exact');
    const payee = batch.payTo;
    assert.equal(String(batch.extra?.receiverAuthorizer).toLowerCase(), c.facilitator.toLowerCase());

    const before = { payer: await c.usdc(payer.address), payee: await c.usdc(payee), escrow: await c.usdc(BATCH_SETTLEMENT_ADDRESS), txs: await c.txCount(), eth: await c.feePayerEth(), block: await c.client.getBlockNumber() };

    const first = await call('test-echo', 'first');
    assert.equal(first.status, 200, await first.clone().text());
    const deposit = decodePaymentResponseHeader(first.headers.get('payment-response')!);
    assert.equal(deposit.success, true);
    assert.notEqual(deposit.transaction, '', 'the first call deposits on chain');
    assert.equal(await c.txCount(), before.txs + 1, 'one deposit transaction');
    const depositAmount = before.payer - (await c.usdc(payer.address));
    assert.ok(depositAmount >= PRICE, `deposited ${depositAmount}`);
    assert.equal(await c.usdc(BATCH_SETTLEMENT_ADDRESS), before.escrow + depositAmount);

    // N more calls, one of which fails: no transaction at all.
    const N = 8;
    let charged = 1n;
    for (let i = 0; i < N; i++) {
      const fails = i === 3;
      const res = await call(fails ? 'test-throws' : 'test-echo', `call-${i}`);
      if (fails) {
        assert.equal(res.status, 500);
        assert.equal(res.headers.get('payment-response'), null, 'a failed call carries no receipt');
        continue;
      }
      assert.equal(res.status, 200, await res.clone().text());
      const receipt = decodePaymentResponseHeader(res.headers.get('payment-response')!);
      assert.equal(receipt.success, true);
      assert.equal(receipt.transaction, '', 'a voucher is served without a transaction');
      // No transaction to show: a receipt signed by the service (the receiver authorizer) instead.
      const signed = (receipt.extensions?.[OFFER_RECEIPT] as { info?: { receipt?: EIP712SignedReceipt } } | undefined)?.info?.receipt;
      assert.ok(signed, 'a signed receipt');
      const { signer, payload } = await verifyReceiptSignatureEIP712(signed);
      assert.equal(signer.toLowerCase(), c.facilitator.toLowerCase());
      assert.equal(payload.payer.toLowerCase(), payer.address.toLowerCase());
      assert.equal(payload.resourceUrl, `${service.url}/entrypoints/test-echo/invoke`);
      assert.equal(payload.network, 'eip155:8453');
      charged += 1n;
    }
    assert.equal(await c.txCount(), before.txs + 1, 'vouchers sent no transaction');
    assert.equal(await c.usdc(payee), before.payee, 'nothing is paid out before the claim job');

    // The claim job: one claim transaction for the batch, one settle.
    const [claimRun] = (await service.jobs.tick()).filter((r) => r.job === 'batch-settlement-claims');
    assert.equal(claimRun?.status, 'ran', JSON.stringify(claimRun));
    assert.equal(await c.txCount(), before.txs + 3, 'deposit + one claim + one settle');
    assert.equal(await c.usdc(payee), before.payee + charged * PRICE, 'the payee got exactly the successful calls');
    assert.equal(await c.usdc(payer.address), before.payer - depositAmount, 'the payer paid only through the deposit');

    // Not yet idle for a day: nothing is refunded (ticks 20 minutes apart are in different job intervals).
    service.advance(IDLE_REFUND_MS - 10 * 60_000);
    const [earlyRun] = (await service.jobs.tick()).filter((r) => r.job === 'batch-settlement-claims');
    assert.equal(earlyRun?.status, 'ran', JSON.stringify(earlyRun));
    assert.equal(await c.txCount(), before.txs + 3, 'no refund before the idle timeout');
    assert.equal(await c.usdc(payer.address), before.payer - depositAmount);
    // A day after its last call the channel is idle: its rest goes back to the payer.
    service.advance(20 * 60_000);
    const [refundRun] = (await service.jobs.tick()).filter((r) => r.job === 'batch-settlement-claims');
    assert.equal(refundRun?.status, 'ran', JSON.stringify(refundRun));
    assert.equal(await c.txCount(), before.txs + 4, 'one refund transaction');
    assert.equal(await c.usdc(payer.address), before.payer - charged * PRICE, 'the payer paid the successful calls, nothing else');
    assert.equal(await c.usdc(payee), before.payee + charged * PRICE);
    assert.equal(await c.usdc(BATCH_SETTLEMENT_ADDRESS), before.escrow, 'the escrow keeps nothing of the channel');
    // The fee payer paid exactly the gas of its four transactions (deposit, claim, settle, refund), read from their receipts.
    const sent = await transactionsSentBy(c.client, c.facilitator, before.block);
    assert.equal(sent.length, 4, 'deposit, claim, settle, refund');
    assert.equal(sent[0], deposit.transaction, 'the first is the deposit');
    assert.equal(await c.feePayerEth(), before.eth - (await gasPaid(c.client, sent)), 'the fee payer paid the gas of the four transactions');
  });
});
