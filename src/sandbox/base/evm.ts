/**
 * The sandbox Base chain's execution layer: @ethereumjs/vm running the real contracts (Circle's FiatToken v2.2
 * behind its proxy, Permit2, the x402 upto proxy, Multicall3; src/sandbox/base/deployments.ts) with real gas.
 *
 * State lives in {@link LayeredState} (in-memory maps, checkpoints as diff layers, no trie): the sandbox serves no
 * proofs or state roots, and its maps can be read synchronously, which is how `balanceOf` on the sandbox handle
 * reads the token's storage.
 *
 * Funding ("a new payer is funded with 100 sandbox USDC on first sight"): the first time an address is seen — as a
 * transaction sender or eth_call `from`, or as an address argument of a call to a sandbox contract (a balance read,
 * an authorization's `from` and `to`, a Permit2 owner, also inside Multicall3 sub-calls) — the token's minter mints
 * it the fund amount through FiatToken's own `mint`, and an account without ETH is given ample ETH for gas. These
 * mints are system operations outside any block (no transaction, no receipt). An address never seen reads as if it
 * had been funded: its on-chain balance plus the fund amount, so every account is `fund + received - sent`.
 */
import { createBlock, type Block as VmBlock } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { createFeeMarket1559Tx, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { Account, bytesToBigInt, bytesToHex, createAddressFromString, hexToBytes, type Address as VmAddress } from '@ethereumjs/util';
import { createVM, runTx, type VM } from '@ethereumjs/vm';
import {
  decodeErrorResult, encodeAbiParameters, encodeFunctionData, getAddress, keccak256, type Abi, type Address, type Hex,
} from 'viem';
import { BASE_CHAIN_ID, BASE_USDC_ADDRESS, Revert } from './abi.js';
import { contractArtifact } from './artifacts.js';
import { deployGenesis, SANDBOX_ROLES, USDC_IMPLEMENTATION_ARTIFACT } from './deployments.js';
import { addressesInCall, type AbiLookup } from './funding.js';
import { LayeredState } from './state.js';
import { vmCrypto } from './crypto.js';

/** Base-like fee market: ~0.001 gwei base fee plus a 0.001 gwei tip. */
export const BASE_FEE_PER_GAS = 1_000_000n;
export const PRIORITY_FEE_PER_GAS = 1_000_000n;
export const BLOCK_GAS_LIMIT = 150_000_000n;
/** The sequencer fee vault as coinbase, as on Base. */
const COINBASE: Address = '0x4200000000000000000000000000000000000011';
/** ETH an account without any is given on first sight: ample for gas at Base fees. */
const NATIVE_FUND_AMOUNT = 10n ** 21n; // 1000 ETH
/** Addresses up to here are the zero address and precompiles (0x01…0x11, P-256 at 0x100). */
const LAST_RESERVED_ADDRESS = 0x1ffn;
/** Gas an eth_call may use (geth's default RPC gas cap is 50M). */
const CALL_GAS_CAP = 50_000_000n;

export interface EvmLog {
  address: Address;
  topics: Hex[];
  data: Hex;
}

export interface CallRequest {
  from?: Address;
  to?: Address;
  data?: Hex;
  value?: bigint;
}

/** What a block header gives execution: its number and block.timestamp. */
export interface BlockContext {
  number: bigint;
  timestamp: bigint;
}

export interface TxOutcome {
  status: 'success' | 'reverted';
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: EvmLog[];
  contractAddress: Address | null;
}

/** A transaction the VM refuses before execution (fee below base fee, gas below intrinsic, no funds for gas). */
export class InvalidTransaction extends Error {}

export class SandboxEvm {
  /** Addresses funded (or that were contracts) when first seen, lowercase. */
  private readonly seen = new Set<string>();
  private readonly balanceSlotBase: bigint;

  private constructor(
    private readonly vm: VM,
    private readonly state: LayeredState,
    readonly common: Common,
    readonly fundAmount: bigint,
    private readonly abiOf: AbiLookup,
  ) {
    const slot = contractArtifact(USDC_IMPLEMENTATION_ARTIFACT).storage?.balanceAndBlacklistStates;
    if (slot === undefined) throw new Error('FiatToken artifact has no storage layout for balanceAndBlacklistStates');
    this.balanceSlotBase = BigInt(slot);
  }

  static async create(fundAmount: bigint, genesisTimestamp: bigint): Promise<SandboxEvm> {
    const common = createCustomCommon({ chainId: BASE_CHAIN_ID, name: 'base-sandbox' }, Mainnet, {
      hardfork: Hardfork.Prague, ...(vmCrypto ? { customCrypto: vmCrypto } : {}),
    });
    const state = new LayeredState();
    const vm = await createVM({ common, stateManager: state });
    const abiOf = await deployGenesis({
      vm,
      block: makeVmBlock(common, { number: 0n, timestamp: genesisTimestamp }),
    });
    return new SandboxEvm(vm, state, common, fundAmount, abiOf);
  }

  // ---- synchronous reads (the sandbox handle) -------------------------------------------------------------------

  /** USDC balance read straight from FiatToken's storage; an address never seen reads as funded. */
  peekUsdcBalance(address: Address): bigint {
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [address, this.balanceSlotBase]));
    const word = this.state.peekStorage(BASE_USDC_ADDRESS, slot);
    const raw = word.length ? bytesToBigInt(word) : 0n;
    // FiatToken v2.2 keeps the blacklist flag in the top bit of the balance word.
    const onChain = raw & ((1n << 255n) - 1n);
    return this.seen.has(address.toLowerCase()) || this.state.peekCodeSize(address) > 0 ? onChain : onChain + this.fundAmount;
  }

  // ---- state reads ----------------------------------------------------------------------------------------------

  async getCode(address: Address): Promise<Hex> {
    return bytesToHex(await this.state.getCode(vmAddress(address))) as Hex;
  }

  async getBalance(address: Address): Promise<bigint> {
    await this.fundOnSight([address]);
    return (await this.state.getAccount(vmAddress(address)))?.balance ?? 0n;
  }

  async getStorageAt(address: Address, slot: Hex): Promise<Hex> {
    const key = hexToBytes(`0x${slot.slice(2).padStart(64, '0')}`);
    const value = await this.state.getStorage(vmAddress(address), key);
    return `0x${bytesToBigInt(value).toString(16).padStart(64, '0')}`;
  }

  // ---- execution ------------------------------------------------------------------------------------------------

  /** eth_call: run against the latest state in a `block` context, never commit (first-sight funding aside). Throws {@link Revert}. */
  async call(req: CallRequest, block: BlockContext): Promise<Hex> {
    await this.fundForCall(req);
    const result = await this.simulate(req, block, CALL_GAS_CAP);
    if (result.failed) throw result.revert;
    return result.returnData;
  }

  /**
   * eth_estimateGas: intrinsic gas plus the execution's gas, raised until the call succeeds with that limit (a
   * call forwarding all but 1/64 of its gas needs more than it uses). A reverting call fails estimation, as on geth.
   */
  async estimateGas(req: CallRequest, block: BlockContext): Promise<bigint> {
    await this.fundForCall(req);
    const first = await this.simulate(req, block, CALL_GAS_CAP);
    if (first.failed) throw first.revert;
    const { intrinsic, minimum } = this.intrinsicGas(req);
    let limit = first.gasUsed;
    for (let attempt = 0; attempt < 8; attempt++) {
      const trial = await this.simulate(req, block, limit);
      // EIP-7623: a transaction pays at least its calldata floor.
      if (!trial.failed) return max(intrinsic + limit, minimum);
      limit = (limit * 64n) / 63n + 2_300n;
    }
    return intrinsic + CALL_GAS_CAP;
  }

  /** Parse a signed raw transaction as the VM sees it (throws on malformed input). */
  parseTransaction(raw: Hex): TypedTransaction {
    return createTxFromRLP(hexToBytes(raw), { common: this.common }) as TypedTransaction;
  }

  /**
   * Execute a signed transaction in a block and commit its effects (a revert still charges gas and takes the nonce).
   * Throws {@link InvalidTransaction} when the VM refuses it before execution (nothing changes).
   */
  async runTransaction(tx: TypedTransaction, from: Address, block: BlockContext, blockGasUsed: bigint): Promise<TxOutcome> {
    await this.fundOnSight([from, ...(tx.to ? this.addressesIn(getAddress(tx.to.toString()), bytesToHex(tx.data) as Hex) : [])]);
    let result;
    try {
      result = await runTx(this.vm, {
        tx,
        block: makeVmBlock(this.common, block),
        // Nonces are the chain's bookkeeping (chain.ts): gaps and out-of-order arrival are accepted there.
        skipNonce: true,
        skipBlockGasLimitValidation: true,
        blockGasUsed,
      });
    } catch (err) {
      throw new InvalidTransaction(firstLine(err));
    }
    const maxFee = 'maxFeePerGas' in tx ? tx.maxFeePerGas : (tx as { gasPrice: bigint }).gasPrice;
    const tip = 'maxPriorityFeePerGas' in tx ? tx.maxPriorityFeePerGas : maxFee - BASE_FEE_PER_GAS;
    const failed = result.execResult.exceptionError !== undefined;
    return {
      status: failed ? 'reverted' : 'success',
      gasUsed: result.totalGasSpent,
      effectiveGasPrice: min(maxFee, BASE_FEE_PER_GAS + tip),
      logs: failed ? [] : (result.execResult.logs ?? []).map(([address, topics, data]) => ({
        address: getAddress(bytesToHex(address)),
        topics: topics.map((t) => bytesToHex(t) as Hex),
        data: bytesToHex(data) as Hex,
      })),
      contractAddress: result.createdAddress ? getAddress(result.createdAddress.toString()) : null,
    };
  }

  // ---- internals ------------------------------------------------------------------------------------------------

  private async fundForCall(req: CallRequest): Promise<void> {
    await this.fundOnSight([...(req.from ? [req.from] : []), ...(req.to && req.data ? this.addressesIn(req.to, req.data) : [])]);
  }

  private addressesIn(to: Address, data: Hex): Address[] {
    return addressesInCall(to, data, this.abiOf);
  }

  /** First sight: mint the fund amount (FiatToken `mint` by the sandbox minter) and give ETH to an account without. */
  private async fundOnSight(addresses: readonly Address[]): Promise<void> {
    for (const address of addresses) {
      const key = address.toLowerCase();
      // The zero address and precompiles are never funded (FiatToken refuses to mint to address(0)).
      if (this.seen.has(key) || BigInt(address) <= LAST_RESERVED_ADDRESS) continue;
      this.seen.add(key);
      const at = vmAddress(address);
      if ((await this.state.getCode(at)).length > 0) continue;
      const account = (await this.state.getAccount(at)) ?? new Account();
      if (account.balance === 0n) {
        account.balance = NATIVE_FUND_AMOUNT;
        await this.state.putAccount(at, account);
      }
      if (this.fundAmount === 0n) continue;
      const minted = await this.systemCall(SANDBOX_ROLES.minter, BASE_USDC_ADDRESS, encodeFunctionData({
        abi: contractArtifact(USDC_IMPLEMENTATION_ARTIFACT).abi, functionName: 'mint', args: [address, this.fundAmount],
      }));
      // FiatToken refused (a blacklisted address, a paused token): the address stays as the token left it.
      if (!minted) this.seen.delete(key);
    }
  }

  /** A call from a sandbox role outside any block (first-sight mints), committed if it succeeds; false if it reverted. */
  private async systemCall(from: Address, to: Address, data: Hex): Promise<boolean> {
    const result = await this.vm.evm.runCall({
      caller: vmAddress(from), origin: vmAddress(from), to: vmAddress(to), data: hexToBytes(data), gasLimit: CALL_GAS_CAP,
      block: makeVmBlock(this.common, { number: 0n, timestamp: 0n }),
    });
    await this.vm.evm.journal.cleanup();
    return result.execResult.exceptionError === undefined;
  }

  /** Run a call on a checkpoint that is always reverted. */
  private async simulate(req: CallRequest, block: BlockContext, gasLimit: bigint): Promise<
    { failed: false; returnData: Hex; gasUsed: bigint } | { failed: true; revert: Revert; gasUsed: bigint }
  > {
    const caller = vmAddress(req.from ?? '0x0000000000000000000000000000000000000000');
    await this.state.checkpoint();
    try {
      const result = await this.vm.evm.runCall({
        caller, origin: caller, gasLimit, gasPrice: 0n,
        ...(req.to ? { to: vmAddress(req.to) } : {}),
        data: hexToBytes(req.data ?? '0x'),
        value: req.value ?? 0n,
        block: makeVmBlock(this.common, block),
        // eth_call semantics: a `from` without ETH may still send `value` (geth raises the balance for the call).
        skipBalance: true,
      });
      const returnData = bytesToHex(result.execResult.returnValue) as Hex;
      const gasUsed = result.execResult.executionGasUsed;
      if (result.execResult.exceptionError) {
        // Out of gas and other exceptional halts carry no data; a REVERT carries the contract's revert payload.
        const data = result.execResult.exceptionError.error === 'revert' ? returnData : '0x';
        return { failed: true, revert: revertOf(data), gasUsed };
      }
      return { failed: false, returnData, gasUsed };
    } finally {
      await this.state.revert();
      await this.vm.evm.journal.cleanup();
    }
  }

  /** The transaction's intrinsic gas and its minimum gas limit (the EIP-7623 calldata floor, when higher). */
  private intrinsicGas(req: CallRequest): { intrinsic: bigint; minimum: bigint } {
    const tx = createFeeMarket1559Tx({
      ...(req.to ? { to: req.to } : {}), data: req.data ?? '0x', value: req.value ?? 0n, gasLimit: CALL_GAS_CAP,
      maxFeePerGas: BASE_FEE_PER_GAS + PRIORITY_FEE_PER_GAS, maxPriorityFeePerGas: PRIORITY_FEE_PER_GAS,
    }, { common: this.common });
    return { intrinsic: tx.getIntrinsicGas(), minimum: tx.getMinimumGasLimit() };
  }
}

/** The ethereumjs block a call or transaction executes in: Base-like base fee and gas limit, block.timestamp given. */
function makeVmBlock(common: Common, ctx: BlockContext): VmBlock {
  return createBlock({
    header: {
      number: ctx.number, timestamp: ctx.timestamp, baseFeePerGas: BASE_FEE_PER_GAS, gasLimit: BLOCK_GAS_LIMIT,
      coinbase: COINBASE,
    },
  }, { common, skipConsensusFormatValidation: true });
}

const ERROR_STRING_ABI: Abi = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }];

/** The revert a node reports: Error(string) gives a reason; custom errors and empty reverts carry only data. */
function revertOf(data: Hex): Revert {
  if (data.startsWith('0x08c379a0')) {
    try {
      const decoded = decodeErrorResult({ abi: ERROR_STRING_ABI, data });
      return new Revert(String(decoded.args?.[0] ?? ''), data);
    } catch { /* malformed Error(string): data only */ }
  }
  return new Revert('', data);
}

function vmAddress(address: Address): VmAddress {
  return createAddressFromString(address);
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

