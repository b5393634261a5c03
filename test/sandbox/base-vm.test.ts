/**
 * The sandbox Base chain executes real contracts (@ethereumjs/vm): Circle's FiatToken v2.2 behind its proxy, Permit2,
 * Multicall3 and our x402UptoPermit2Proxy at their Base addresses. Each case here would fail on the old hand-written
 * emulation (no Permit2 or proxy code, no totalSupply, no gas charged, a reverted transaction used all its gas).
 * Money is asserted on chain: balances read through eth_call on the token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { x402Client } from '@x402/core/client';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentRequirements } from '@x402/core/types';
import { uptoPermit2WitnessTypes, x402UptoPermit2ProxyABI } from '@x402/evm';
import { UptoEvmScheme as UptoClientScheme } from '@x402/evm/upto/client';
import { UptoEvmScheme as UptoFacilitatorScheme } from '@x402/evm/upto/facilitator';
import {
  createPublicClient, createWalletClient, domainSeparator, erc20Abi, http, maxUint256, parseSignature, toHex, BaseError,
  ContractFunctionRevertedError, type Address, type Hex, type PrivateKeyAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import {
  createEvmFacilitatorSigner, SANDBOX_FACILITATOR_ADDRESS, SANDBOX_FACILITATOR_PRIVATE_KEY,
} from '../../src/payments/facilitator/evm.js';
import { transferWithAuthorizationTypes, usdcAbi } from '../../src/sandbox/base/abi.js';
import { contractArtifact } from '../../src/sandbox/base/artifacts.js';
import {
  DEFAULT_FUND_AMOUNT, MULTICALL3_ADDRESS, PERMIT2_ADDRESS, startBaseSandbox, UPTO_PERMIT2_PROXY_ADDRESS, USDC_NAME, USDC_VERSION,
  type BaseSandbox,
} from '../../src/sandbox/base/index.js';
import { newEvmPayer, sandboxUsdcBalance } from '../helpers/evm-payer.js';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;

const fiatTokenExtraAbi = [
  { type: 'function', name: 'totalSupply', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
] as const;

const permit2Abi = [
  { type: 'function', name: 'DOMAIN_SEPARATOR', stateMutability: 'view', inputs: [], outputs: [{ type: 'bytes32' }] },
  { type: 'error', name: 'InvalidNonce', inputs: [] },
] as const;

let sandbox: BaseSandbox;
let client: ReturnType<typeof publicClient>;

function publicClient(url: string) {
  return createPublicClient({ chain: base, transport: http(url, { retryCount: 0 }) });
}

function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ account, chain: base, transport: http(sandbox.url, { retryCount: 0 }) });
}

before(async () => {
  sandbox = await startBaseSandbox();
  client = publicClient(sandbox.url);
});
after(() => sandbox.close());

/** The name of the custom error (or the Error(string) reason) a failed write/simulation reverted with. */
function revertOf(err: unknown): string {
  const reverted = err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : undefined;
  if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName === 'Error' ? String(reverted.data.args?.[0]) : reverted.data?.errorName ?? reverted.reason ?? '';
  return err instanceof Error ? err.message : String(err);
}

describe('sandbox Base chain on a real EVM: deployed contracts', () => {
  it('has FiatToken (as Base USDC), Permit2, Multicall3 and the upto proxy at their Base addresses', async () => {
    for (const address of [USDC, PERMIT2_ADDRESS, MULTICALL3_ADDRESS, UPTO_PERMIT2_PROXY_ADDRESS]) {
      const code = await client.getCode({ address });
      assert.ok(code && code.length > 2_000, `${address} has contract code (${code?.length ?? 0} hex chars)`);
    }
    const read = <T>(functionName: 'name' | 'symbol' | 'decimals' | 'version' | 'DOMAIN_SEPARATOR') =>
      client.readContract({ address: USDC, abi: usdcAbi, functionName }) as Promise<T>;
    assert.equal(await read('name'), USDC_NAME);
    assert.equal(await read('symbol'), 'USDC');
    assert.equal(await read('decimals'), 6);
    assert.equal(await read('version'), USDC_VERSION);
    assert.equal(await read('DOMAIN_SEPARATOR'), domainSeparator({ domain: { name: USDC_NAME, version: USDC_VERSION, chainId: 8453, verifyingContract: USDC } }));
    // Permit2's EIP-712 domain binds its real address and Base's chain id (cached in its constructor).
    assert.equal(
      await client.readContract({ address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: 'DOMAIN_SEPARATOR' }),
      domainSeparator({ domain: { name: 'Permit2', chainId: 8453, verifyingContract: PERMIT2_ADDRESS } }),
    );
    assert.equal(await client.readContract({ address: UPTO_PERMIT2_PROXY_ADDRESS, abi: x402UptoPermit2ProxyABI, functionName: 'PERMIT2' }), PERMIT2_ADDRESS);
    assert.equal(
      await client.readContract({ address: UPTO_PERMIT2_PROXY_ADDRESS, abi: x402UptoPermit2ProxyABI, functionName: 'WITNESS_TYPE_STRING' }),
      'Witness witness)TokenPermissions(address token,uint256 amount)Witness(address to,address facilitator,uint256 validAfter)',
    );
  });

  it('funds a new address on first sight by minting through FiatToken: totalSupply grows by the fund amount', async () => {
    const supply = () => client.readContract({ address: USDC, abi: fiatTokenExtraAbi, functionName: 'totalSupply' });
    const fresh = newEvmPayer().address;
    const before = await supply();
    assert.equal(sandbox.balanceOf(fresh), DEFAULT_FUND_AMOUNT, 'the direct read has no side effect');
    assert.equal(await supply(), before, 'nothing minted by the direct read');
    assert.equal(await sandboxUsdcBalance(sandbox.url, fresh), DEFAULT_FUND_AMOUNT, 'the eth_call balance read funds it');
    assert.equal(await supply(), before + DEFAULT_FUND_AMOUNT, 'minted, not assumed');
    assert.equal(await sandboxUsdcBalance(sandbox.url, fresh), DEFAULT_FUND_AMOUNT, 'once');
    assert.equal(await supply(), before + DEFAULT_FUND_AMOUNT);
    assert.equal(sandbox.balanceOf(fresh), DEFAULT_FUND_AMOUNT, 'the direct read sees the minted balance in storage');
    // FiatToken refuses to mint to address(0): a balance read of it is answered, not turned into an error.
    assert.equal(await sandboxUsdcBalance(sandbox.url, '0x0000000000000000000000000000000000000000'), 0n);
    assert.equal(await supply(), before + DEFAULT_FUND_AMOUNT);
  });
});

/** A signed EIP-3009 authorization from `payer` to `to`, valid now. */
async function authorization(payer: PrivateKeyAccount, to: Address, value: bigint) {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const message = { from: payer.address, to, value, validAfter: now - 600n, validBefore: now + 600n, nonce: toHex(crypto.getRandomValues(new Uint8Array(32))) };
  const signature = await payer.signTypedData({
    domain: { name: USDC_NAME, version: USDC_VERSION, chainId: 8453, verifyingContract: USDC },
    types: transferWithAuthorizationTypes, primaryType: 'TransferWithAuthorization', message,
  });
  const { v, r, s } = parseSignature(signature);
  return [message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce, Number(v), r, s] as const;
}

describe('sandbox Base chain on a real EVM: gas and reverts are the VM\'s', () => {
  it('charges the sender real gas: its ETH falls by gasUsed × effectiveGasPrice; USDC moves exactly', async () => {
    const payer = newEvmPayer();
    const payee = newEvmPayer().address;
    const relayer = walletOf(privateKeyToAccount(generatePrivateKey()));
    const args = await authorization(payer, payee, 1234n);
    const [ethBefore, payerBefore, payeeBefore] = [await client.getBalance({ address: relayer.account.address }), await sandboxUsdcBalance(sandbox.url, payer.address), await sandboxUsdcBalance(sandbox.url, payee)];
    const hash = await relayer.writeContract({ address: USDC, abi: usdcAbi, functionName: 'transferWithAuthorization', args });
    const receipt = await client.getTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success');
    // FiatToken's transferWithAuthorization: intrinsic 21k + calldata + ecrecover + cold storage writes.
    assert.ok(receipt.gasUsed > 50_000n && receipt.gasUsed < 150_000n, `gasUsed ${receipt.gasUsed}`);
    assert.equal(await client.getBalance({ address: relayer.account.address }), ethBefore - receipt.gasUsed * receipt.effectiveGasPrice, 'gas paid in ETH');
    assert.equal(await sandboxUsdcBalance(sandbox.url, payer.address), payerBefore - 1234n);
    assert.equal(await sandboxUsdcBalance(sandbox.url, payee), payeeBefore + 1234n);
    assert.deepEqual(receipt.logs.map((l) => l.address.toLowerCase()), [USDC.toLowerCase(), USDC.toLowerCase()], 'AuthorizationUsed and Transfer, emitted by the proxy');
  });

  it('a used authorization reverts with FiatToken\'s own reason, in eth_call and mined (gas used below the limit)', async () => {
    const payer = newEvmPayer();
    const relayer = walletOf(privateKeyToAccount(generatePrivateKey()));
    const args = await authorization(payer, newEvmPayer().address, 1n);
    await client.waitForTransactionReceipt({ hash: await relayer.writeContract({ address: USDC, abi: usdcAbi, functionName: 'transferWithAuthorization', args }) });
    await assert.rejects(
      client.simulateContract({ address: USDC, abi: usdcAbi, functionName: 'transferWithAuthorization', args, account: relayer.account.address }),
      (err) => revertOf(err) === 'FiatTokenV2: authorization is used or canceled',
    );
    const gas = 300_000n;
    const hash = await relayer.writeContract({ address: USDC, abi: usdcAbi, functionName: 'transferWithAuthorization', args, gas });
    const receipt = await client.getTransactionReceipt({ hash });
    assert.equal(receipt.status, 'reverted');
    assert.ok(receipt.gasUsed < gas, `a REVERT refunds the unused gas (used ${receipt.gasUsed} of ${gas})`);
  });
});

describe('sandbox Base chain on a real EVM: contract deployment', () => {
  it('deploys a contract by transaction: the receipt names it and it answers calls', async () => {
    const deployer = walletOf(privateKeyToAccount(generatePrivateKey()));
    const { abi, bytecode } = contractArtifact('contracts/sandbox/Multicall3.sol:Multicall3');
    const receipt = await client.waitForTransactionReceipt({ hash: await deployer.deployContract({ abi, bytecode, args: [] }) });
    assert.equal(receipt.status, 'success');
    assert.ok(receipt.contractAddress, 'contractAddress set');
    assert.ok(((await client.getCode({ address: receipt.contractAddress })) ?? '0x').length > 2);
    const aggregate3 = [{
      type: 'function', name: 'aggregate3', stateMutability: 'payable',
      inputs: [{ name: 'calls', type: 'tuple[]', components: [{ name: 'target', type: 'address' }, { name: 'allowFailure', type: 'bool' }, { name: 'callData', type: 'bytes' }] }],
      outputs: [{ name: '', type: 'tuple[]', components: [{ name: 'success', type: 'bool' }, { name: 'returnData', type: 'bytes' }] }],
    }] as const;
    const { result: [result] } = await client.simulateContract({
      address: receipt.contractAddress, abi: aggregate3, functionName: 'aggregate3',
      args: [[{ target: USDC, allowFailure: false, callData: '0x313ce567' }]], // decimals()
    });
    assert.deepEqual(result, { success: true, returnData: `0x${'0'.repeat(63)}6` });
  });
});

describe('sandbox Base chain on a real EVM: Permit2 witness transfers through the upto proxy', () => {
  const facilitatorSigner = privateKeyToAccount(SANDBOX_FACILITATOR_PRIVATE_KEY);

  async function approvePermit2(payer: PrivateKeyAccount): Promise<void> {
    const hash = await walletOf(payer).writeContract({ address: USDC, abi: erc20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, maxUint256] });
    assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success');
  }

  async function signUpto(payer: PrivateKeyAccount, payee: Address, permitted: bigint, facilitator: Address) {
    const permit = { permitted: { token: USDC as Address, amount: permitted }, nonce: BigInt(toHex(crypto.getRandomValues(new Uint8Array(16)))), deadline: BigInt(Math.floor(Date.now() / 1000) + 600) };
    const witness = { to: payee, facilitator, validAfter: 0n };
    const signature = await payer.signTypedData({
      domain: { name: 'Permit2', chainId: 8453, verifyingContract: PERMIT2_ADDRESS },
      types: uptoPermit2WitnessTypes, primaryType: 'PermitWitnessTransferFrom',
      message: { permitted: permit.permitted, spender: UPTO_PERMIT2_PROXY_ADDRESS, nonce: permit.nonce, deadline: permit.deadline, witness },
    });
    return { permit, witness, signature };
  }

  it('settles up to the signed cap once, only by the named facilitator, never above the cap', async () => {
    const payer = newEvmPayer();
    const payee = newEvmPayer().address;
    await approvePermit2(payer);
    const { permit, witness, signature } = await signUpto(payer, payee, 2_000n, facilitatorSigner.address);
    const settle = (amount: bigint, by = facilitatorSigner) => walletOf(by).writeContract({
      address: UPTO_PERMIT2_PROXY_ADDRESS, abi: x402UptoPermit2ProxyABI, functionName: 'settle', args: [permit, amount, payer.address, witness, signature],
    });
    const simulate = (amount: bigint, by: Address) => client.simulateContract({
      address: UPTO_PERMIT2_PROXY_ADDRESS, abi: [...x402UptoPermit2ProxyABI, ...permit2Abi], functionName: 'settle', args: [permit, amount, payer.address, witness, signature], account: by,
    });
    const [payerBefore, payeeBefore] = [await sandboxUsdcBalance(sandbox.url, payer.address), await sandboxUsdcBalance(sandbox.url, payee)];

    await assert.rejects(simulate(2_001n, facilitatorSigner.address), (err) => revertOf(err) === 'AmountExceedsPermitted');
    await assert.rejects(simulate(1_500n, newEvmPayer().address), (err) => revertOf(err) === 'UnauthorizedFacilitator');

    const receipt = await client.waitForTransactionReceipt({ hash: await settle(1_500n) });
    assert.equal(receipt.status, 'success');
    assert.equal(await sandboxUsdcBalance(sandbox.url, payer.address), payerBefore - 1_500n, 'payer debited the settled amount, not the cap');
    assert.equal(await sandboxUsdcBalance(sandbox.url, payee), payeeBefore + 1_500n);
    assert.equal(await sandboxUsdcBalance(sandbox.url, UPTO_PERMIT2_PROXY_ADDRESS), 0n, 'nothing stays in the proxy');

    // Permit2's nonce bitmap: the authorization served once.
    await assert.rejects(simulate(500n, facilitatorSigner.address), (err) => revertOf(err) === 'InvalidNonce');
    assert.equal(await sandboxUsdcBalance(sandbox.url, payer.address), payerBefore - 1_500n);
  });

  it('the official @x402/evm upto client and facilitator verify and settle through Permit2 and the proxy', async () => {
    const payer = newEvmPayer();
    const payee = newEvmPayer().address;
    await approvePermit2(payer);
    const facilitator = new x402Facilitator().register('eip155:8453', new UptoFacilitatorScheme(createEvmFacilitatorSigner(sandbox.url, SANDBOX_FACILITATOR_PRIVATE_KEY)));
    const requirements: PaymentRequirements = {
      scheme: 'upto', network: 'eip155:8453', asset: USDC, amount: '5000', payTo: payee, maxTimeoutSeconds: 300,
      extra: { name: USDC_NAME, version: USDC_VERSION, facilitatorAddress: SANDBOX_FACILITATOR_ADDRESS },
    };
    const payload = await new x402Client().register('eip155:*', new UptoClientScheme(payer)).createPaymentPayload({
      x402Version: 2, resource: { url: 'https://api.example.test/v1/metered', description: 'test', mimeType: 'application/json' }, accepts: [requirements],
    });
    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.isValid, true, JSON.stringify(verified));
    const [payerBefore, payeeBefore] = [await sandboxUsdcBalance(sandbox.url, payer.address), await sandboxUsdcBalance(sandbox.url, payee)];
    // Metered: the server settles what was used (3,210 of the 5,000 authorized).
    const settled = await facilitator.settle(payload, { ...requirements, amount: '3210' });
    assert.equal(settled.success, true, JSON.stringify(settled));
    assert.equal((await client.getTransactionReceipt({ hash: settled.transaction as Hex })).to?.toLowerCase(), UPTO_PERMIT2_PROXY_ADDRESS.toLowerCase());
    assert.equal(await sandboxUsdcBalance(sandbox.url, payer.address), payerBefore - 3_210n);
    assert.equal(await sandboxUsdcBalance(sandbox.url, payee), payeeBefore + 3_210n);
  });
});
