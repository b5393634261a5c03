/**
 * A minimal in-process Base chain for the batch-settlement contract tests: an @ethereumjs/vm (chain id 8453)
 * with our escrow, its ERC-3009 deposit collector and Multicall3 placed at their canonical addresses, and a
 * USDC stand-in at USDC's address (a small ERC-20 with EIP-3009 `receiveWithAuthorization`, EIP-712 domain
 * "USD Coin" / "2", compiled here from the source below). It exposes the facilitator signer interface of
 * @x402/evm directly (reads are eth_calls, writes are mined one transaction per block), so the official
 * batch-settlement client and facilitator run against our contracts unchanged. Block timestamps come from an
 * injected clock. Every mined transaction is counted, so a test can say how many went on chain.
 */
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createVM, runTx, type VM } from '@ethereumjs/vm';
import { createCustomCommon, Mainnet, Hardfork } from '@ethereumjs/common';
import { createFeeMarket1559Tx } from '@ethereumjs/tx';
import { createBlock } from '@ethereumjs/block';
import { Account, createAddressFromString, hexToBytes, bytesToHex } from '@ethereumjs/util';
import {
  decodeFunctionResult, encodeFunctionData, getAddress, verifyTypedData, type Abi, type Hex, type Log,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export const BASE_CHAIN_ID = 8453;
export const USDC_ADDRESS = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;
export const ESCROW_ADDRESS = '0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003' as const;
export const ERC3009_COLLECTOR_ADDRESS = '0x4020806089470a89826cB9fB1f4059150b550004' as const;
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

/** The USDC stand-in: only what the ERC-3009 deposit path and balance reads need. */
const TEST_USDC_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;
contract TestUsdc {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(bytes32 => bool)) public authorizationState;
    bytes32 constant RECEIVE_TYPEHASH = keccak256("ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)");
    function mint(address to, uint256 amount) external { balanceOf[to] += amount; }
    function transfer(address to, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount, "balance");
        balanceOf[msg.sender] -= amount; balanceOf[to] += amount; return true;
    }
    function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes memory signature) external {
        require(to == msg.sender, "caller must be the payee");
        require(block.timestamp > validAfter && block.timestamp < validBefore, "authorization time");
        require(!authorizationState[from][nonce], "authorization used");
        bytes32 domain = keccak256(abi.encode(keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"), keccak256("USD Coin"), keccak256("2"), block.chainid, address(this)));
        bytes32 digest = keccak256(abi.encodePacked("\\x19\\x01", domain, keccak256(abi.encode(RECEIVE_TYPEHASH, from, to, value, validAfter, validBefore, nonce))));
        require(signature.length == 65, "signature length");
        bytes32 r; bytes32 s; uint8 v;
        assembly { r := mload(add(signature, 0x20)) s := mload(add(signature, 0x40)) v := byte(0, mload(add(signature, 0x60))) }
        require(ecrecover(digest, v, r, s) == from, "invalid signature");
        authorizationState[from][nonce] = true;
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value; balanceOf[to] += value;
    }
}`;

interface CompiledContract { abi: Abi; runtime: Hex }

/** Compiles contracts/x402/batch-settlement/*.sol, the sandbox's Multicall3 and the USDC stand-in with solc 0.8.17. */
export function compileBatchSettlementContracts(): Record<string, CompiledContract> {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const dir = resolve(process.cwd(), 'contracts/x402/batch-settlement');
  const sources: Record<string, { content: string }> = { 'test/TestUsdc.sol': { content: TEST_USDC_SOURCE } };
  for (const file of readdirSync(dir)) if (file.endsWith('.sol')) sources[`x402/batch-settlement/${file}`] = { content: readFileSync(join(dir, file), 'utf8') };
  sources['sandbox/Multicall3.sol'] = { content: readFileSync(resolve(process.cwd(), 'contracts/sandbox/Multicall3.sol'), 'utf8') };
  const input = {
    language: 'Solidity',
    sources,
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const out: Record<string, CompiledContract> = {};
  for (const file of Object.values(output.contracts)) {
    for (const [name, c] of Object.entries(file)) out[name] = { abi: c.abi, runtime: `0x${c.evm.deployedBytecode.object}` };
  }
  return out;
}

export interface MinedTx { hash: Hex; from: Hex; to: Hex; status: 'success' | 'reverted'; gasUsed: bigint; logs: Log[]; error?: string }

export const ERC20_ABI = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'a', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] },
] as const;

/** Gas price of every mined transaction (1 gwei): the fee payer's ETH falls by gasUsed × this. */
export const GAS_PRICE = 1_000_000_000n;

export class BatchSettlementChain {
  readonly mined: MinedTx[] = [];
  private blockNumber = 1n;

  private constructor(private readonly vm: VM, private readonly nowS: () => number, readonly contracts: Record<string, CompiledContract>) {}

  static async create(nowS: () => number): Promise<BatchSettlementChain> {
    const common = createCustomCommon({ chainId: BASE_CHAIN_ID }, Mainnet, { hardfork: Hardfork.Shanghai });
    const vm = await createVM({ common });
    const contracts = compileBatchSettlementContracts();
    const chain = new BatchSettlementChain(vm, nowS, contracts);
    await chain.place(ESCROW_ADDRESS, contracts.X402BatchSettlement!.runtime);
    await chain.place(ERC3009_COLLECTOR_ADDRESS, contracts.ERC3009DepositCollector!.runtime);
    await chain.place(MULTICALL3_ADDRESS, contracts.Multicall3!.runtime);
    await chain.place(USDC_ADDRESS, contracts.TestUsdc!.runtime);
    return chain;
  }

  private async place(address: Hex, runtime: Hex): Promise<void> {
    await this.vm.stateManager.putCode(createAddressFromString(address), hexToBytes(runtime));
  }

  private block() {
    return createBlock({ header: { number: this.blockNumber, timestamp: BigInt(this.nowS()), gasLimit: 60_000_000n, baseFeePerGas: 1n } }, { common: this.vm.common });
  }

  async fundEth(address: Hex, wei: bigint): Promise<void> {
    await this.vm.stateManager.putAccount(createAddressFromString(address), new Account(0n, wei));
  }

  async ethBalance(address: Hex): Promise<bigint> {
    const account = await this.vm.stateManager.getAccount(createAddressFromString(address));
    return account?.balance ?? 0n;
  }

  async usdcBalance(address: Hex): Promise<bigint> {
    return (await this.read({ address: USDC_ADDRESS, abi: ERC20_ABI, functionName: 'balanceOf', args: [address] })) as bigint;
  }

  /** An eth_call at the current clock; throws on revert, as an RPC read does. */
  async read(args: { address: Hex; abi: readonly unknown[]; functionName: string; args?: readonly unknown[] }): Promise<unknown> {
    const abi = args.abi as Abi;
    const data = encodeFunctionData({ abi, functionName: args.functionName, args: args.args ?? [] } as Parameters<typeof encodeFunctionData>[0]);
    // An eth_call changes nothing: its state writes are rolled back.
    await this.vm.stateManager.checkpoint();
    const result = await this.vm.evm.runCall({
      to: createAddressFromString(args.address),
      caller: createAddressFromString('0x0000000000000000000000000000000000000001'),
      data: hexToBytes(data),
      gasLimit: 30_000_000n,
      block: this.block(),
    }).finally(() => this.vm.stateManager.revert());
    if (result.execResult.exceptionError) {
      throw new Error(`execution reverted: ${args.functionName} (${result.execResult.exceptionError.error}) ${bytesToHex(result.execResult.returnValue)}`);
    }
    return decodeFunctionResult({ abi, functionName: args.functionName, data: bytesToHex(result.execResult.returnValue) } as Parameters<typeof decodeFunctionResult>[0]);
  }

  /** Signs, mines (one transaction per block) and records a transaction; a revert is mined too, as on a chain. */
  async send(privateKey: Hex, to: Hex, data: Hex, gasLimit = 3_000_000n): Promise<MinedTx> {
    const from = privateKeyToAccount(privateKey).address;
    const nonce = (await this.vm.stateManager.getAccount(createAddressFromString(from)))?.nonce ?? 0n;
    const tx = createFeeMarket1559Tx({
      chainId: BigInt(BASE_CHAIN_ID), nonce, to, data, gasLimit, maxFeePerGas: GAS_PRICE, maxPriorityFeePerGas: GAS_PRICE - 1n, value: 0n,
    }, { common: this.vm.common }).sign(hexToBytes(privateKey));
    const block = this.block();
    this.blockNumber += 1n;
    const result = await runTx(this.vm, { tx, block, skipBlockGasLimitValidation: true });
    const hash = bytesToHex(tx.hash()) as Hex;
    const error = result.execResult.exceptionError ? `${result.execResult.exceptionError.error} ${bytesToHex(result.execResult.returnValue)}` : undefined;
    const logs = (result.execResult.logs ?? []).map((entry, i) => ({
      address: getAddress(bytesToHex(entry[0])),
      topics: entry[1].map((t) => bytesToHex(t)),
      data: bytesToHex(entry[2]),
      blockHash: null, blockNumber: block.header.number, logIndex: i, transactionHash: hash, transactionIndex: 0, removed: false,
    })) as unknown as Log[];
    const mined: MinedTx = { hash, from, to, status: error ? 'reverted' : 'success', gasUsed: result.totalGasSpent, logs, ...(error ? { error } : {}) };
    this.mined.push(mined);
    return mined;
  }

  /** The @x402/evm facilitator signer, sending from `privateKey` (the fee payer). */
  facilitatorSigner(privateKey: Hex) {
    const address = privateKeyToAccount(privateKey).address;
    const receipts = new Map<Hex, MinedTx>();
    const write = async (to: Hex, data: Hex, gas?: bigint) => {
      const mined = await this.send(privateKey, to, data, gas ?? 3_000_000n);
      receipts.set(mined.hash, mined);
      return mined.hash;
    };
    return {
      getAddresses: () => [address] as readonly Hex[],
      readContract: (args: { address: Hex; abi: readonly unknown[]; functionName: string; args?: readonly unknown[] }) => this.read(args),
      verifyTypedData: (args: { address: Hex; domain: Record<string, unknown>; types: Record<string, unknown>; primaryType: string; message: Record<string, unknown>; signature: Hex }) =>
        verifyTypedData(args as Parameters<typeof verifyTypedData>[0]),
      writeContract: (args: { address: Hex; abi: readonly unknown[]; functionName: string; args: readonly unknown[]; gas?: bigint; dataSuffix?: Hex }) => {
        const data = encodeFunctionData({ abi: args.abi as Abi, functionName: args.functionName, args: args.args } as Parameters<typeof encodeFunctionData>[0]);
        return write(args.address, (args.dataSuffix ? data + args.dataSuffix.slice(2) : data) as Hex, args.gas);
      },
      sendTransaction: (args: { to: Hex; data: Hex }) => write(args.to, args.data),
      waitForTransactionReceipt: async (args: { hash: Hex }) => {
        const mined = receipts.get(args.hash);
        if (!mined) throw new Error(`unknown transaction ${args.hash}`);
        return { status: mined.status, logs: mined.logs };
      },
      getCode: async (args: { address: Hex }) => bytesToHex(await this.vm.stateManager.getCode(createAddressFromString(args.address))) as Hex,
    };
  }
}
