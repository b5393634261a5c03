/**
 * x402 `upto` end to end: the real service on loopback with its in-process facilitator and the sandbox Base chain (a
 * real EVM with FiatToken as USDC, Permit2 and the x402 upto proxy), paid by the official `@x402/fetch` client with
 * the official `@x402/evm` upto client scheme. Every money assertion reads the chain: the payer's and the payee's
 * USDC, and the facilitator's ETH (it pays the settle's gas) and transaction count (a transaction or none).
 *
 * - batch-enrich's 402 offers upto on Base beside exact on both networks; no other endpoint offers it;
 * - 7 addresses, 4 answered: charged ⌊15,000 × 4 ÷ 7⌋ = 8,571 atomic units, not the price;
 * - nothing answered (404) or a source failing (502): nothing charged, no transaction;
 * - never more than the maximum signed: a rule asking for more is clamped, the facilitator refuses a settlement
 *   above the authorization without anything moving, and the same authorization sent again is a replay;
 * - an answer whose rule charges 0 is delivered with nothing settled and no transaction;
 * - a settle answer lost after the transfer: the transfer is found on chain and the answer delivered, charged once;
 * - exact (v2 on Base and Solana, v1 on Base) on the same route still pays the flat price.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { x402Client, wrapFetchWithPayment } from '@x402/fetch';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { x402Facilitator } from '@x402/core/facilitator';
import { UptoEvmScheme } from '@x402/evm/upto/client';
import {
  createWalletClient, erc20Abi, http, maxUint256, type Address, type Hex, type PrivateKeyAccount,
} from 'viem';
import { base } from 'viem/chains';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildRegistry } from '../../src/registry/index.js';
import { defineEndpoint } from '../../src/registry/types.js';
import { loadConfig } from '../../src/config/index.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { PERMIT2_ADDRESS } from '../../src/sandbox/base/index.js';
import { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import { createEvmFacilitator, evmFacilitatorAddress } from '../../src/payments/facilitator/evm.js';
import { registerEvmUptoScheme } from '../../src/payments/facilitator/evm-upto.js';
import { BASE_USDC, newEvmPayer, sandboxBaseClient, sandboxUsdcBalance } from '../helpers/evm-payer.js';
import { challengeFor } from '../helpers/money-path.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { until } from '../helpers/measured.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const BASE = 'eip155:8453';
const PRICE = 15_000n;
/** The sandbox service's keys (the default seed): its facilitator signs the upto settlements. */
const SANDBOX_IDS = deriveSandboxIdentities(loadConfig({ DATA_MODE: 'sandbox' }).sandboxSeed);

/** Test endpoints with an upto rule that misbehaves (asks for 3 × the price) or charges nothing. */
const fixtures = [
  defineEndpoint({
    key: 'test-upto-greedy', family: 'intelligence', price: '0.004', summary: 'test', description: 'test',
    input: Type.Object({}, { additionalProperties: false }), output: Type.Object({}), cacheTtlSeconds: 30, example: {},
    handler: async () => ({ data: { answered: true } }),
    pricing: { kind: 'upto', charge: (_result, maxAtomic) => maxAtomic * 3n, rule: 'asks for more than the price' },
  }),
  defineEndpoint({
    key: 'test-upto-free', family: 'intelligence', price: '0.004', summary: 'test', description: 'test',
    input: Type.Object({}, { additionalProperties: false }), output: Type.Object({}), cacheTtlSeconds: 30, example: {},
    handler: async () => ({ data: { answered: true } }),
    pricing: { kind: 'upto', charge: () => 0n, rule: 'charges nothing' },
  }),
];

describe('x402 upto on Base (batch-enrich)', () => {
  let service: TestService;
  let chain: ReturnType<typeof sandboxBaseClient>;
  let facilitatorAddress: Address;
  let loseNextSettleAnswer = false;

  before(async () => {
    // Real time: the payers' clients sign validity windows on it, and the chain's blocks carry the service's clock.
    service = await startTestService({
      registry: buildRegistry([...ENDPOINTS, ...fixtures]),
      // On cue, a settle's answer is lost after it went through (as a reset connection would lose it).
      wrapFacilitator: (client) => ({
        verify: (payload, requirements) => client.verify(payload, requirements),
        getSupported: () => client.getSupported(),
        settle: async (payload, requirements) => {
          const settled = await client.settle(payload, requirements);
          if (loseNextSettleAnswer) {
            loseNextSettleAnswer = false;
            throw new Error('connect ECONNRESET');
          }
          return settled;
        },
      }),
    });
    chain = sandboxBaseClient(service.sandbox!.base.url);
    const upto = (await challenge('batch-enrich')).accepts.find((a) => a.scheme === 'upto');
    facilitatorAddress = upto?.extra.facilitatorAddress as Address;
  });
  after(() => service.close());

  const challenge = (key: string, body: unknown = {}): Promise<PaymentRequired> => challengeFor(service, key, body);

  /** A payer that approved Permit2 (once, as any Permit2 user does) and pays with the official upto client only. */
  async function uptoPayer(): Promise<{ account: PrivateKeyAccount; client: x402Client; fetch: typeof fetch }> {
    const account = newEvmPayer();
    const wallet = createWalletClient({ account, chain: base, transport: http(service.sandbox!.base.url, { retryCount: 0 }) });
    const hash = await wallet.writeContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS as Address, maxUint256] });
    assert.equal((await chain.waitForTransactionReceipt({ hash })).status, 'success');
    const client = new x402Client().register('eip155:*', new UptoEvmScheme(account));
    return { account, client, fetch: wrapFetchWithPayment(fetch, client) };
  }

  /** Everything the money assertions read on the chain. */
  async function books(payer: Address) {
    const url = service.sandbox!.base.url;
    const [payerUsdc, payeeUsdc, facilitatorEth, facilitatorTxs] = await Promise.all([
      sandboxUsdcBalance(url, payer), sandboxUsdcBalance(url, service.payTo.base),
      chain.getBalance({ address: facilitatorAddress }), chain.getTransactionCount({ address: facilitatorAddress }),
    ]);
    return { payerUsdc, payeeUsdc, facilitatorEth, facilitatorTxs };
  }

  function post(payer: { fetch: typeof fetch }, key: string, body: unknown): Promise<Response> {
    return payer.fetch(`${service.url}/entrypoints/${key}/invoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  const SEVEN = [A.WALLET_DEFI, A.TOKEN_SAFE, A.WALLET_RISK_LOW, A.TOKEN_RISKY, A.WALLET_NFT_COLLECTOR, A.TOKEN_USDC, A.WALLET_NEW];

  it('the 402 offers upto on Base beside exact on both networks, for batch-enrich only; v1 stays exact', async (t) => {
    const res = await service.invoke('batch-enrich', {});
    const header = res.headers.get('payment-required')!;
    const v2 = decodePaymentRequiredHeader(header);
    const offered = v2.accepts.map((a) => `${a.scheme} ${a.network}`);
    assert.deepEqual(offered.filter((o) => /^(exact|upto) /.test(o)).sort(), [`exact ${BASE}`, 'exact solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', `upto ${BASE}`]);
    const upto = v2.accepts.find((a) => a.scheme === 'upto')!;
    assert.equal(upto.amount, PRICE.toString(), 'the price is the maximum');
    assert.equal(upto.asset, BASE_USDC);
    assert.equal(upto.payTo, service.payTo.base);
    assert.equal(upto.extra.assetTransferMethod, 'permit2');
    assert.equal(upto.extra.facilitatorAddress, evmFacilitatorAddress(SANDBOX_IDS.facilitatorEvmKey));
    assert.ok(header.length < 8192, `PAYMENT-REQUIRED is ${header.length} bytes`);
    t.diagnostic(`report: batch-enrich PAYMENT-REQUIRED is ${header.length} bytes with upto offered`);
    const v1 = (await res.json()) as Json;
    assert.deepEqual(v1.accepts.map((a: Json) => a.scheme), ['exact', 'exact']);
    for (const key of ['query', 'enrich-wallet-light', 'due-diligence', 'compare-wallets']) {
      assert.ok(!(await challenge(key)).accepts.some((a) => a.scheme === 'upto'), key);
    }
  });

  it('7 addresses, 4 answered: charged ⌊15,000 × 4 ÷ 7⌋ = 8,571, read on chain; the facilitator pays the gas', async (t) => {
    const payer = await uptoPayer();
    const before = await books(payer.account.address);
    const res = await post(payer, 'batch-enrich', { addresses: SEVEN, type: 'wallet' });
    const json = (await res.json()) as Json;
    assert.equal(res.status, 200, JSON.stringify(json));
    assert.deepEqual([json.summary.ok, json.summary.failed], [4, 3]);
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    assert.equal(receipt.success, true);
    assert.equal(receipt.amount, '8571');
    const after = await books(payer.account.address);
    assert.equal(before.payerUsdc - after.payerUsdc, 8_571n, 'payer charged the rule, not the price');
    assert.equal(after.payeeUsdc - before.payeeUsdc, 8_571n);
    const mined = await chain.getTransactionReceipt({ hash: receipt.transaction as Hex });
    assert.equal(mined.status, 'success');
    assert.equal(before.facilitatorEth - after.facilitatorEth, mined.gasUsed * mined.effectiveGasPrice, 'the settle gas, paid by the facilitator');
    assert.equal(after.facilitatorTxs - before.facilitatorTxs, 1);
    // The books agree with the chain: the claim row says what was charged, not the maximum authorised.
    const claims = await until(async () => {
      const rows = (await service.store.listClaims('delivered', new Date('9999-12-31T00:00:00Z'), 1000)).filter((c) => c.payer.toLowerCase() === payer.account.address.toLowerCase());
      return rows.length > 0 ? rows : undefined;
    });
    assert.deepEqual(claims.map((c) => [c.endpoint, c.amountAtomic]), [['batch-enrich', 8_571n]]);
    t.diagnostic(`report: an upto settle (proxy settle through Permit2) used ${mined.gasUsed} gas`);
  });

  it('nothing answered (every address a mint, as wallets) → 404: nothing charged, no transaction', async () => {
    const payer = await uptoPayer();
    const before = await books(payer.account.address);
    const res = await post(payer, 'batch-enrich', { addresses: [A.TOKEN_SAFE, A.TOKEN_RISKY], type: 'wallet' });
    assert.equal(res.status, 404, await res.clone().text());
    assert.equal(res.headers.get('payment-response'), null);
    assert.deepEqual(await books(payer.account.address), before);
  });

  it('a source failing (every wallet-asset read) → 502: nothing charged, no transaction', async () => {
    const payer = await uptoPayer();
    const faults = service.sandbox!.providers!.faults;
    const before = await books(payer.account.address);
    faults.set('wallet_assets', { errorRate: 1 });
    try {
      const res = await post(payer, 'batch-enrich', { addresses: [A.WALLET_24_7_ACTIVE, A.WALLET_SPAM_RECEIVER], type: 'wallet' });
      assert.equal(res.status, 502, await res.clone().text());
      assert.equal(res.headers.get('payment-response'), null);
    } finally {
      faults.set('wallet_assets', undefined);
    }
    assert.deepEqual(await books(payer.account.address), before);
  });

  it('never more than the maximum signed: a rule asking 3 × the price is charged the price', async () => {
    const payer = await uptoPayer();
    const before = await books(payer.account.address);
    const res = await post(payer, 'test-upto-greedy', {});
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(decodePaymentResponseHeader(res.headers.get('payment-response')!).amount, '4000');
    const after = await books(payer.account.address);
    assert.equal(before.payerUsdc - after.payerUsdc, 4_000n);
    assert.equal(after.payeeUsdc - before.payeeUsdc, 4_000n);
  });

  it('the facilitator refuses to settle above the authorization, and nothing moves; the same payment then pays the rule', async () => {
    const payer = await uptoPayer();
    const required = await challenge('batch-enrich', { addresses: SEVEN, type: 'wallet' });
    const upto = required.accepts.find((a) => a.scheme === 'upto')!;
    const payload = await payer.client.createPaymentPayload({ ...required, accepts: [upto] });
    const facilitator = new x402Facilitator();
    assert.equal(await registerEvmUptoScheme(facilitator, createEvmFacilitator(service.sandbox!.base.url, SANDBOX_IDS.facilitatorEvmKey)), true, 'the chain has Permit2 and the upto proxy');
    const before = await books(payer.account.address);
    const above: PaymentRequirements = { ...upto, amount: (PRICE + 1n).toString() };
    const refused = await facilitator.settle(payload, above);
    assert.equal(refused.success, false);
    assert.equal(refused.errorReason, 'invalid_upto_evm_payload_settlement_exceeds_amount');
    assert.deepEqual(await books(payer.account.address), before, 'nothing moved, no transaction');

    const send = (body: unknown) => fetch(`${service.url}/entrypoints/batch-enrich/invoke`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': Buffer.from(JSON.stringify(payload)).toString('base64') },
      body: JSON.stringify(body),
    });
    const res = await send({ addresses: SEVEN, type: 'wallet' });
    assert.equal(res.status, 200, await res.clone().text());
    const after = await books(payer.account.address);
    assert.equal(before.payerUsdc - after.payerUsdc, 8_571n);
    // The same authorization once more, for another call: a replay, never a second charge (up to the maximum).
    const again = await send({ addresses: [A.WALLET_DEFI], type: 'wallet' });
    assert.equal(again.status, 402);
    assert.equal(((await again.json()) as Json).reason, 'payment_replayed');
    assert.deepEqual(await books(payer.account.address), after, 'nothing more moved');
  });

  it('a settle answer lost after the transfer: found on chain (the proxy settle for this owner and nonce), delivered, charged once', async () => {
    const payer = await uptoPayer();
    const before = await books(payer.account.address);
    loseNextSettleAnswer = true;
    const res = await post(payer, 'batch-enrich', { addresses: SEVEN, type: 'wallet' });
    assert.equal(loseNextSettleAnswer, false, 'the settle ran');
    assert.equal(res.status, 200, await res.clone().text());
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    assert.equal((await chain.getTransactionReceipt({ hash: receipt.transaction as Hex })).status, 'success');
    const after = await books(payer.account.address);
    assert.equal(before.payerUsdc - after.payerUsdc, 8_571n, 'charged the rule, once');
    assert.equal(after.payeeUsdc - before.payeeUsdc, 8_571n);
    assert.equal(after.facilitatorTxs - before.facilitatorTxs, 1);
  });

  it('an answer whose rule charges 0 is delivered, with nothing settled and no transaction', async () => {
    const payer = await uptoPayer();
    const before = await books(payer.account.address);
    const res = await post(payer, 'test-upto-free', {});
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(((await res.json()) as Json).answered, true);
    assert.equal(res.headers.get('payment-response'), null);
    assert.deepEqual(await books(payer.account.address), before);
  });

  it('the same call paid with exact still pays the flat price (v2 on Base and Solana, v1 x402-fetch on Base) beside upto', async () => {
    const upto = await uptoPayer();
    const before = await books(upto.account.address);
    const paidUpto = await post(upto, 'batch-enrich', { addresses: SEVEN, type: 'wallet' });
    assert.equal(paidUpto.status, 200);
    assert.equal(before.payerUsdc - (await books(upto.account.address)).payerUsdc, 8_571n, 'upto: the rule');
    for (const [network, version] of [['base', 2], ['solana', 2], ['base', 1]] as const) {
      const payer = await newPayer(service, network, version);
      const [paid, operator] = [await payer.balance(), await payer.operatorBalance()];
      const res = await paidInvoke(payer, service, 'batch-enrich', { addresses: SEVEN, type: 'wallet' });
      assert.equal(res.status, 200, `${network} v${version}: ${await res.clone().text()}`);
      assert.equal(paid - (await payer.balance()), PRICE, `${network} v${version}: the flat price`);
      assert.equal((await payer.operatorBalance()) - operator, PRICE);
    }
  });
});
