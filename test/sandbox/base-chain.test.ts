/**
 * Sandbox Base chain × official x402 EVM schemes, at the facilitator level (no HTTP API server):
 * payloads come from the official clients (@x402/evm exact client via x402Client for v2, the
 * `x402` v1 client), and x402Facilitator verifies/settles them through our viem signer over
 * JSON-RPC against the sandbox. Every assertion reads real on-chain (sandbox) balances.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { x402Client } from '@x402/core/client';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements, PaymentRequirementsV1 } from '@x402/core/types';
import { eip3009ABI } from '@x402/evm';
import { ExactEvmScheme as ExactEvmServerScheme } from '@x402/evm/exact/server';
import {
  createPublicClient, createWalletClient, http, parseSignature, toHex, type Address, type Hex, type LocalAccount,
} from 'viem';
import { base } from 'viem/chains';
import {
  createEvmFacilitator, registerEvmSchemes, SANDBOX_FACILITATOR_ADDRESS, SANDBOX_FACILITATOR_PRIVATE_KEY,
} from '../../src/payments/facilitator/evm.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { wrapFetchWithPayment } from 'x402-fetch';
import { createV1PaymentPayload, evmV1Signer, evmV2ClientScheme, newEvmPayer, sandboxUsdcBalance } from '../helpers/evm-payer.js';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;
const HUNDRED_USDC = 100_000_000n;
const RESOURCE = { url: 'https://api.example.test/v1/wallet/overview', description: 'test', mimeType: 'application/json' };

let clockOffsetMs = 0;
let sandbox: BaseSandbox;
let facilitator: x402Facilitator;

before(async () => {
  sandbox = await startBaseSandbox({ now: () => new Date(Date.now() + clockOffsetMs) });
  facilitator = registerEvmSchemes(new x402Facilitator(), createEvmFacilitator(sandbox.url, SANDBOX_FACILITATOR_PRIVATE_KEY));
});
after(() => sandbox.close());

function requirementsV2(payTo: Address, amount = '2000', asset: string = USDC): PaymentRequirements {
  return { scheme: 'exact', network: 'eip155:8453', asset, amount, payTo, maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2' } };
}

function requirementsV1(payTo: Address, amount = '2000'): PaymentRequirementsV1 {
  return {
    scheme: 'exact', network: 'base' as PaymentRequirementsV1['network'], maxAmountRequired: amount, resource: RESOURCE.url,
    description: 'test', mimeType: 'application/json', outputSchema: {}, payTo, maxTimeoutSeconds: 60, asset: USDC,
    extra: { name: 'USD Coin', version: '2' },
  };
}

/** What a real client does with a 402: the official x402Client + exact EVM scheme signs an EIP-3009 authorization. */
async function payV2(account: LocalAccount, accepted: PaymentRequirements, client?: x402Client): Promise<PaymentPayload> {
  const c = client ?? new x402Client().register('eip155:*', evmV2ClientScheme(account));
  return c.createPaymentPayload({ x402Version: 2, resource: RESOURCE, accepts: [accepted] });
}

async function balances<T extends Address[]>(...addresses: T): Promise<{ [K in keyof T]: bigint }> {
  return Promise.all(addresses.map((a) => sandboxUsdcBalance(sandbox.url, a))) as Promise<{ [K in keyof T]: bigint }>;
}

/** Run `fn` and assert that none of `addresses` had its USDC balance changed by it. */
async function assertBalancesUnchanged(addresses: Address[], fn: () => Promise<void>): Promise<void> {
  const before = await balances(...addresses);
  await fn();
  assert.deepEqual(await balances(...addresses), before, 'balances must not change');
}

function withSignature(payload: PaymentPayload, signature: Hex): PaymentPayload {
  return { ...payload, payload: { ...payload.payload, signature } };
}

describe('sandbox Base chain: JSON-RPC node', () => {
  it('answers as Base mainnet, single and batch, with node-like errors', async () => {
    const res = await fetch(sandbox.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_getCode', params: [USDC, 'latest'] },
        { jsonrpc: '2.0', id: 3, method: 'eth_getCode', params: [newEvmPayer().address, 'latest'] },
        { jsonrpc: '2.0', id: 4, method: 'eth_noSuchMethod', params: [] },
      ]),
    });
    const replies = (await res.json()) as { id: number; result?: string; error?: { code: number } }[];
    assert.equal(replies.length, 4);
    assert.equal(replies[0]!.result, '0x2105');
    assert.notEqual(replies[1]!.result, '0x');
    assert.equal(replies[2]!.result, '0x');
    assert.equal(replies[3]!.error?.code, -32601);
    assert.equal(sandbox.chainId, 8453);
    assert.equal(sandbox.usdcAddress, USDC);
  });

  it('exposes the USDC the official server scheme prices "$0.002" on eip155:8453 in', async () => {
    const price = await new ExactEvmServerScheme().parsePrice('$0.002', 'eip155:8453');
    assert.equal(price.amount, '2000');
    assert.equal(price.asset, sandbox.usdcAddress);
    const client = createPublicClient({ chain: base, transport: http(sandbox.url) });
    const [name, version] = await Promise.all([
      client.readContract({ address: USDC, abi: eip3009ABI, functionName: 'name' }),
      client.readContract({ address: USDC, abi: eip3009ABI, functionName: 'version' }),
    ]);
    assert.deepEqual(price.extra, { name, version });
  });

  it('funds every new address with 100 USDC (or fundAmount) and agrees with the direct ledger read', async () => {
    const fresh = newEvmPayer().address;
    assert.equal(await sandboxUsdcBalance(sandbox.url, fresh), HUNDRED_USDC);
    assert.equal(sandbox.balanceOf(fresh), HUNDRED_USDC);
    const small = await startBaseSandbox({ fundAmount: 5_000n });
    try {
      assert.equal(await sandboxUsdcBalance(small.url, fresh), 5_000n);
    } finally {
      await small.close();
    }
  });
});

describe('x402 v2 exact on eip155:8453 through the official facilitator scheme', () => {
  it('verifies and settles: payer debited exactly, payTo credited exactly', async () => {
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const [payerBefore, payToBefore, facilitatorBefore] = await balances(payer.address, payTo, SANDBOX_FACILITATOR_ADDRESS);
    assert.equal(payerBefore, HUNDRED_USDC, 'a new payer is funded with 100 sandbox USDC');

    const req = requirementsV2(payTo);
    const payload = await payV2(payer, req);
    const verified = await facilitator.verify(payload, req);
    assert.deepEqual({ isValid: verified.isValid, payer: verified.payer }, { isValid: true, payer: payer.address });

    const settled = await facilitator.settle(payload, req);
    assert.equal(settled.success, true, JSON.stringify(settled));
    assert.equal(settled.network, 'eip155:8453');
    assert.match(settled.transaction, /^0x[0-9a-f]{64}$/);

    const receipt = await createPublicClient({ chain: base, transport: http(sandbox.url) })
      .getTransactionReceipt({ hash: settled.transaction as Hex });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.from.toLowerCase(), SANDBOX_FACILITATOR_ADDRESS.toLowerCase());
    assert.equal(receipt.to?.toLowerCase(), USDC.toLowerCase());

    assert.deepEqual(await balances(payer.address, payTo, SANDBOX_FACILITATOR_ADDRESS), [
      payerBefore - 2000n, payToBefore + 2000n, facilitatorBefore,
    ]);
  });

  it('rejects a replay of a settled payment, leaving balances unchanged', async () => {
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const req = requirementsV2(payTo);
    const payload = await payV2(payer, req);
    assert.equal((await facilitator.settle(payload, req)).success, true);

    await assertBalancesUnchanged([payer.address, payTo], async () => {
      const verified = await facilitator.verify(payload, req);
      assert.equal(verified.isValid, false);
      assert.equal(verified.invalidReason, 'invalid_exact_evm_nonce_already_used');
      const settled = await facilitator.settle(payload, req);
      assert.equal(settled.success, false);
      assert.equal(settled.errorReason, 'invalid_exact_evm_nonce_already_used');
    });
  });

  const negativeCases: { name: string; reason: RegExp; make: (payer: LocalAccount, req: PaymentRequirements) => Promise<PaymentPayload> }[] = [
    {
      name: 'an amount lower than required',
      reason: /authorization_value_mismatch/,
      make: (payer, req) => payV2(payer, { ...req, amount: '1999' }),
    },
    {
      name: 'a payment to the wrong payTo',
      reason: /recipient_mismatch/,
      make: (payer, req) => payV2(payer, { ...req, payTo: newEvmPayer().address }),
    },
    {
      name: 'a payment signed for the wrong asset',
      reason: /invalid_exact_evm_signature/,
      // A client's default spend controls refuse unknown tokens; a hostile client would not.
      make: (payer, req) => payV2(
        payer, { ...req, asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' },
        new x402Client().register('eip155:*', evmV2ClientScheme(payer)).setSpendControls(false),
      ),
    },
    {
      name: 'a tampered signature',
      reason: /invalid_exact_evm_signature/,
      make: async (payer, req) => {
        const payload = await payV2(payer, req);
        const sig = payload.payload.signature as Hex;
        const flipped = sig.slice(0, 10) + (sig[10] === 'a' ? 'b' : 'a') + sig.slice(11);
        return withSignature(payload, flipped as Hex);
      },
    },
  ];

  for (const c of negativeCases) {
    it(`rejects ${c.name} at verify and settle, leaving balances unchanged`, async () => {
      const payer = newEvmPayer();
      const payTo = newEvmPayer().address;
      const req = requirementsV2(payTo);
      const payload = await c.make(payer, req);
      await assertBalancesUnchanged([payer.address, payTo, (payload.payload.authorization as { to: Address }).to], async () => {
        const verified = await facilitator.verify(payload, req);
        assert.equal(verified.isValid, false);
        assert.match(verified.invalidReason ?? '', c.reason);
        const settled = await facilitator.settle(payload, req);
        assert.equal(settled.success, false);
        assert.match(settled.errorReason ?? '', c.reason);
      });
    });
  }

  it('rejects an authorization that expired on-chain (clock advanced past validBefore)', async () => {
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const req = requirementsV2(payTo);
    const payload = await payV2(payer, req);
    clockOffsetMs = 120_000; // validBefore = signing time + 60 s
    try {
      await assertBalancesUnchanged([payer.address, payTo], async () => {
        // The facilitator's own clock still says "valid"; the chain's simulation is what refuses it.
        const verified = await facilitator.verify(payload, req);
        assert.equal(verified.isValid, false);
        assert.match(verified.invalidMessage ?? '', /FiatTokenV2: authorization is expired/);
        const settled = await facilitator.settle(payload, req);
        assert.equal(settled.success, false);
        assert.equal(settled.errorReason, 'invalid_exact_evm_payload_authorization_valid_before');
      });
    } finally {
      clockOffsetMs = 0;
    }
    // Same payload, clock back within the window: it was never consumed, so it still settles.
    assert.equal((await facilitator.settle(payload, req)).success, true);
  });

  it('rejects a payment exceeding the payer balance', async () => {
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const req = requirementsV2(payTo, (HUNDRED_USDC + 1n).toString());
    // The client's default $1 spend cap would refuse to sign this; the point is the chain refusing it.
    const client = new x402Client().register('eip155:*', evmV2ClientScheme(payer)).setSpendControls(false);
    const payload = await payV2(payer, req, client);
    await assertBalancesUnchanged([payer.address, payTo], async () => {
      const verified = await facilitator.verify(payload, req);
      assert.equal(verified.isValid, false);
      assert.equal(verified.invalidReason, 'invalid_exact_evm_insufficient_balance');
      const settled = await facilitator.settle(payload, req);
      assert.equal(settled.success, false);
      assert.equal(settled.errorReason, 'invalid_exact_evm_insufficient_balance');
    });
  });

  it('settles concurrent payments from different payers (facilitator nonces do not collide)', async () => {
    const payTo = newEvmPayer().address;
    const payers = [newEvmPayer(), newEvmPayer(), newEvmPayer(), newEvmPayer()];
    const req = requirementsV2(payTo);
    const payloads = await Promise.all(payers.map((p) => payV2(p, req)));
    const [payToBefore] = await balances(payTo);
    const results = await Promise.all(payloads.map((p) => facilitator.settle(p, req)));
    assert.deepEqual(results.map((r) => r.success), [true, true, true, true], JSON.stringify(results));
    assert.equal(new Set(results.map((r) => r.transaction)).size, 4);
    assert.deepEqual(await balances(payTo, ...payers.map((p) => p.address)), [
      payToBefore + 8000n, ...payers.map(() => HUNDRED_USDC - 2000n),
    ]);
  });
});

describe('x402 v1 exact on "base" through the official v1 facilitator scheme', () => {
  it('verifies and settles a payload made by the x402 v1 client; a replay is refused', async () => {
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const req = requirementsV1(payTo);
    const payload = await createV1PaymentPayload(payer, req);
    assert.equal(payload.x402Version, 1);
    assert.equal(payload.network, 'base');
    const [payerBefore, payToBefore] = await balances(payer.address, payTo);
    assert.equal(payerBefore, HUNDRED_USDC);

    // x402Facilitator's signatures are typed for v2; v1 objects are routed by x402Version.
    const v = await facilitator.verify(payload as unknown as PaymentPayload, req as unknown as PaymentRequirements);
    assert.deepEqual({ isValid: v.isValid, payer: v.payer }, { isValid: true, payer: payer.address });
    const s = await facilitator.settle(payload as unknown as PaymentPayload, req as unknown as PaymentRequirements);
    assert.equal(s.success, true, JSON.stringify(s));
    assert.equal(s.network, 'base');
    assert.deepEqual(await balances(payer.address, payTo), [payerBefore - 2000n, payToBefore + 2000n]);

    await assertBalancesUnchanged([payer.address, payTo], async () => {
      const again = await facilitator.verify(payload as unknown as PaymentPayload, req as unknown as PaymentRequirements);
      assert.equal(again.isValid, false);
      assert.equal(again.invalidReason, 'invalid_exact_evm_nonce_already_used');
      const settledAgain = await facilitator.settle(payload as unknown as PaymentPayload, req as unknown as PaymentRequirements);
      assert.equal(settledAgain.success, false);
    });
  });

  it('x402-fetch (v1) with evmV1Signer picks the "base" requirement and its X-PAYMENT settles', async () => {
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const req = requirementsV1(payTo);
    const solanaFirst = {
      ...req, network: 'solana', payTo: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', extra: { feePayer: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
    };
    let settled: { success: boolean } | undefined;
    // A stand-in for the resource server (no HTTP): 402 first, then settle whatever X-PAYMENT arrives.
    const fakeFetch = (async (_input: unknown, init?: RequestInit) => {
      const header = (init?.headers as Record<string, string> | undefined)?.['X-PAYMENT'];
      if (!header) return Response.json({ x402Version: 1, error: 'payment required', accepts: [solanaFirst, req] }, { status: 402 });
      const payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentPayload;
      settled = await facilitator.settle(payload, req as unknown as PaymentRequirements);
      return Response.json({ ok: true });
    }) as typeof fetch;
    const [payerBefore, payToBefore] = await balances(payer.address, payTo);
    const res = await wrapFetchWithPayment(fakeFetch, evmV1Signer(payer, sandbox.url), 10_000n)('https://api.example.test/x');
    assert.equal(res.status, 200);
    assert.equal(settled?.success, true, JSON.stringify(settled));
    assert.deepEqual(await balances(payer.address, payTo), [payerBefore - 2000n, payToBefore + 2000n]);
  });

  it('rejects a v1 payload for less than maxAmountRequired', async () => {
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const payload = await createV1PaymentPayload(payer, requirementsV1(payTo, '1000'));
    const req = requirementsV1(payTo, '2000');
    await assertBalancesUnchanged([payer.address, payTo], async () => {
      const v = await facilitator.verify(payload as unknown as PaymentPayload, req as unknown as PaymentRequirements);
      assert.equal(v.isValid, false);
      assert.equal(v.invalidReason, 'invalid_exact_evm_authorization_value');
      const s = await facilitator.settle(payload as unknown as PaymentPayload, req as unknown as PaymentRequirements);
      assert.equal(s.success, false);
    });
  });
});

describe('sandbox USDC contract is strict on its own (no facilitator pre-checks)', () => {
  const domain = { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: USDC } as const;
  const types = {
    TransferWithAuthorization: [
      { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
      { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
    ],
  } as const;

  async function authorize(payer: LocalAccount, to: Address, value: bigint, window?: { validAfter: bigint; validBefore: bigint }) {
    const now = BigInt(Math.floor(Date.now() / 1000));
    const message = {
      from: payer.address, to, value, nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
      validAfter: window?.validAfter ?? 0n, validBefore: window?.validBefore ?? now + 600n,
    };
    const signature = await payer.signTypedData({ domain, types, primaryType: 'TransferWithAuthorization', message });
    return { message, signature };
  }

  /** Receipts are awaited with `timeout: 0` (viem's default gives up after 180 s of real time): no limit of our own. */
  function clients() {
    const relayer = newEvmPayer(); // anyone may submit an EIP-3009 authorization
    const transport = http(sandbox.url, { retryCount: 0 });
    return {
      relayer,
      pub: createPublicClient({ chain: base, transport }),
      wallet: createWalletClient({ account: relayer, chain: base, transport, pollingInterval: 50 }),
    };
  }

  it('executes both ABI forms (v,r,s and bytes signature)', async () => {
    const { pub, wallet } = clients();
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const a = await authorize(payer, payTo, 1000n);
    const { v, r, s } = parseSignature(a.signature);
    const m = a.message;
    const args = [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce] as const;
    const h1 = await wallet.writeContract({ address: USDC, abi: eip3009ABI, functionName: 'transferWithAuthorization', args: [...args, Number(v), r, s] });
    assert.equal((await pub.waitForTransactionReceipt({ hash: h1, timeout: 0 })).status, 'success');
    const b = await authorize(payer, payTo, 500n);
    const m2 = b.message;
    const h2 = await wallet.writeContract({
      address: USDC, abi: eip3009ABI, functionName: 'transferWithAuthorization',
      args: [m2.from, m2.to, m2.value, m2.validAfter, m2.validBefore, m2.nonce, b.signature],
    });
    assert.equal((await pub.waitForTransactionReceipt({ hash: h2, timeout: 0 })).status, 'success');
    assert.deepEqual(await balances(payer.address, payTo), [HUNDRED_USDC - 1500n, HUNDRED_USDC + 1500n]);
    assert.equal(
      await pub.readContract({ address: USDC, abi: eip3009ABI, functionName: 'authorizationState', args: [payer.address, m.nonce] }),
      true,
    );
  });

  it('reverts like FiatTokenV2_2: bad signer, wrong length, not-yet-valid, expired, over balance', async () => {
    const { pub, relayer } = clients();
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const now = BigInt(Math.floor(Date.now() / 1000));
    const simulate = (m: Awaited<ReturnType<typeof authorize>>['message'], signature: Hex) =>
      pub.simulateContract({
        account: relayer, address: USDC, abi: eip3009ABI, functionName: 'transferWithAuthorization',
        args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature],
      });
    await assertBalancesUnchanged([payer.address, payTo], async () => {
      const ok = await authorize(payer, payTo, 1n);
      const other = await authorize(newEvmPayer(), payTo, 1n);
      await assert.rejects(simulate(ok.message, other.signature), /FiatTokenV2: invalid signature/);
      await assert.rejects(simulate(ok.message, `${ok.signature}00`), /ECRecover: invalid signature length/);
      const early = await authorize(payer, payTo, 1n, { validAfter: now + 300n, validBefore: now + 600n });
      await assert.rejects(simulate(early.message, early.signature), /FiatTokenV2: authorization is not yet valid/);
      const late = await authorize(payer, payTo, 1n, { validAfter: 0n, validBefore: now - 1n });
      await assert.rejects(simulate(late.message, late.signature), /FiatTokenV2: authorization is expired/);
      const big = await authorize(payer, payTo, HUNDRED_USDC + 1n);
      await assert.rejects(simulate(big.message, big.signature), /ERC20: transfer amount exceeds balance/);
    });
  });

  it('mines a reverting transaction as status "reverted" without touching balances', async () => {
    const { pub, wallet } = clients();
    const payer = newEvmPayer();
    const payTo = newEvmPayer().address;
    const a = await authorize(payer, payTo, 1000n);
    const forged = await authorize(newEvmPayer(), payTo, 1000n);
    const m = a.message;
    await assertBalancesUnchanged([payer.address, payTo], async () => {
      // An explicit gas limit skips eth_estimateGas, so the bad tx really reaches a block.
      const hash = await wallet.writeContract({
        address: USDC, abi: eip3009ABI, functionName: 'transferWithAuthorization', gas: 100_000n,
        args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, forged.signature],
      });
      assert.equal((await pub.waitForTransactionReceipt({ hash, timeout: 0 })).status, 'reverted');
    });
    assert.equal(
      await pub.readContract({ address: USDC, abi: eip3009ABI, functionName: 'authorizationState', args: [payer.address, m.nonce] }),
      false,
      'a reverted transfer does not consume the authorization',
    );
  });
});
