/**
 * What the sandbox Base chain has at genesis: a declared list of contracts (address → artifact, constructor
 * arguments), deployed in order, then FiatToken initialised as Base USDC is. To add a contract, compile it (any .sol
 * under contracts/ is compiled by scripts/evm-contracts.mjs) and append an entry to {@link GENESIS_CONTRACTS}.
 *
 * Deployment puts the creation code at the target address, runs it there once as a call (so the constructor sees
 * the real `address(this)`, e.g. for Permit2's cached EIP-712 domain) and stores what it returns as the runtime code.
 */
import type { Block as VmBlock } from '@ethereumjs/block';
import { Account, bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import { BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS, PERMIT2_ADDRESS, x402UptoPermit2ProxyAddress } from '@x402/evm';
import { encodeDeployData, encodeFunctionData, maxUint256, type Abi, type Address, type Hex } from 'viem';
import { BASE_USDC_ADDRESS, MULTICALL3_ADDRESS, USDC_DECIMALS, USDC_NAME, USDC_SYMBOL } from './abi.js';
import { contractArtifact } from './artifacts.js';
import type { AbiLookup } from './funding.js';

export const USDC_IMPLEMENTATION_ARTIFACT = 'usdc/v2/FiatTokenV2_2.sol:FiatTokenV2_2';

/** The upto scheme's Permit2 proxy, where @x402/evm expects it. */
export const UPTO_PERMIT2_PROXY_ADDRESS = x402UptoPermit2ProxyAddress as Address;

/**
 * FiatToken v2.2 implementation behind the proxy. Any address works (callers only talk to the proxy); this one is
 * the sandbox's own, not Base's.
 */
const USDC_IMPLEMENTATION_ADDRESS: Address = '0x000000000000000000000000000000000f1a7022';

/** FiatToken v2.2 links Circle's SignatureChecker as an external library; the sandbox's own address for it. */
const SIGNATURE_CHECKER_ADDRESS: Address = '0x000000000000000000000000000000000f1a7051';

/**
 * FiatToken's roles. No keys exist for them: the sandbox acts as them through system calls (genesis set-up and the
 * minter's first-sight mints, src/sandbox/base/evm.ts). The proxy admin may not call the token (FiatTokenProxy
 * forbids it), hence its own address.
 */
export const SANDBOX_ROLES = {
  proxyAdmin: '0x5a4db0c0000000000000000000000000000000a1',
  owner: '0x5a4db0c0000000000000000000000000000000a2',
  masterMinter: '0x5a4db0c0000000000000000000000000000000a3',
  minter: '0x5a4db0c0000000000000000000000000000000a4',
  pauser: '0x5a4db0c0000000000000000000000000000000a5',
  blacklister: '0x5a4db0c0000000000000000000000000000000a6',
  lostAndFound: '0x5a4db0c0000000000000000000000000000000a7',
} as const satisfies Record<string, Address>;

interface GenesisContract {
  address: Address;
  /** `source path:ContractName` in the artifacts (scripts/evm-contracts.mjs). */
  artifact: string;
  constructorArgs?: readonly unknown[];
  /** ABI callers use at this address when it differs from the artifact's (a proxy: its implementation's). */
  callAbiArtifact?: string;
}

/** In deployment order: a library comes before the contracts linking it (by artifact name, from this list). */
const GENESIS_CONTRACTS: readonly GenesisContract[] = [
  { address: SIGNATURE_CHECKER_ADDRESS, artifact: 'usdc/util/SignatureChecker.sol:SignatureChecker' },
  { address: USDC_IMPLEMENTATION_ADDRESS, artifact: USDC_IMPLEMENTATION_ARTIFACT },
  {
    address: BASE_USDC_ADDRESS, artifact: 'usdc/v1/FiatTokenProxy.sol:FiatTokenProxy',
    constructorArgs: [USDC_IMPLEMENTATION_ADDRESS], callAbiArtifact: USDC_IMPLEMENTATION_ARTIFACT,
  },
  { address: PERMIT2_ADDRESS, artifact: 'permit2/src/Permit2.sol:Permit2' },
  { address: MULTICALL3_ADDRESS, artifact: 'contracts/sandbox/Multicall3.sol:Multicall3' },
  { address: UPTO_PERMIT2_PROXY_ADDRESS, artifact: 'contracts/x402/UptoPermit2Proxy.sol:x402UptoPermit2Proxy', constructorArgs: [PERMIT2_ADDRESS] },
  // x402 batch-settlement: our escrow and its deposit collectors (contracts/x402/batch-settlement/) at @x402/evm's canonical
  // addresses (@x402/evm exports no constant for the Permit2 deposit collector, hence the literal).
  { address: BATCH_SETTLEMENT_ADDRESS, artifact: 'contracts/x402/batch-settlement/X402BatchSettlement.sol:X402BatchSettlement' },
  { address: ERC3009_DEPOSIT_COLLECTOR_ADDRESS, artifact: 'contracts/x402/batch-settlement/ERC3009DepositCollector.sol:ERC3009DepositCollector' },
  { address: '0x4020425FAf3B746C082C2f942b4E5159887B0005', artifact: 'contracts/x402/batch-settlement/Permit2DepositCollector.sol:Permit2DepositCollector' },
];

/** Deploy {@link GENESIS_CONTRACTS} and initialise USDC; returns the ABI lookup first-sight funding decodes calls with. */
export async function deployGenesis({ vm, block }: { vm: VM; block: VmBlock }): Promise<AbiLookup> {
  const abis = new Map<string, Abi>();
  const deployed = new Map<string, Address>();
  for (const c of GENESIS_CONTRACTS) {
    const artifact = contractArtifact(c.artifact);
    const bytecode = link(c.artifact, artifact.bytecode, artifact.links ?? {}, deployed);
    const initCode = c.constructorArgs
      ? encodeDeployData({ abi: artifact.abi, bytecode, args: c.constructorArgs as unknown[] })
      : bytecode;
    deployed.set(c.artifact, c.address);
    await deployAt(vm, block, c.address, initCode);
    abis.set(c.address.toLowerCase(), contractArtifact(c.callAbiArtifact ?? c.artifact).abi);
  }
  await initializeUsdc(vm, block);
  return (address) => abis.get(address.toLowerCase());
}

/** Write each linked library's address over its placeholders (20 bytes at each recorded offset). */
function link(name: string, bytecode: Hex, links: Record<string, number[]>, deployed: Map<string, Address>): Hex {
  let code = bytecode.slice(2);
  for (const [library, offsets] of Object.entries(links)) {
    const address = deployed.get(library);
    if (!address) throw new Error(`sandbox genesis: ${name} links ${library}, which is not deployed before it`);
    for (const offset of offsets) code = code.slice(0, offset * 2) + address.slice(2).toLowerCase() + code.slice(offset * 2 + 40);
  }
  return `0x${code}`;
}

async function deployAt(vm: VM, block: VmBlock, address: Address, initCode: Hex): Promise<void> {
  const at = createAddressFromString(address);
  const deployer = createAddressFromString(SANDBOX_ROLES.proxyAdmin);
  await vm.stateManager.putCode(at, hexToBytes(initCode));
  const result = await vm.evm.runCall({ caller: deployer, origin: deployer, to: at, gasLimit: 100_000_000n, block });
  await vm.evm.journal.cleanup();
  if (result.execResult.exceptionError) throw new Error(`sandbox genesis: deploying ${address} failed (${result.execResult.exceptionError.error})`);
  await vm.stateManager.putCode(at, result.execResult.returnValue);
  // A contract account starts at nonce 1 (EIP-161).
  const account = (await vm.stateManager.getAccount(at)) ?? new Account();
  account.nonce = 1n;
  await vm.stateManager.putAccount(at, account);
}

/** Initialise FiatToken as Base USDC is: "USD Coin" / "USDC" / 6 decimals, EIP-712 version "2" (v2.2). */
async function initializeUsdc(vm: VM, block: VmBlock): Promise<void> {
  const abi = contractArtifact(USDC_IMPLEMENTATION_ARTIFACT).abi;
  const call = async (from: Address, functionName: string, args: readonly unknown[]): Promise<void> => {
    const caller = createAddressFromString(from);
    const result = await vm.evm.runCall({
      caller, origin: caller, to: createAddressFromString(BASE_USDC_ADDRESS), gasLimit: 30_000_000n, block,
      data: hexToBytes(encodeFunctionData({ abi, functionName, args: args as unknown[] })),
    });
    await vm.evm.journal.cleanup();
    if (result.execResult.exceptionError) {
      throw new Error(`sandbox genesis: USDC ${functionName} failed (${bytesToHex(result.execResult.returnValue)})`);
    }
  };
  const r = SANDBOX_ROLES;
  await call(r.owner, 'initialize', [USDC_NAME, USDC_SYMBOL, 'USD', USDC_DECIMALS, r.masterMinter, r.pauser, r.blacklister, r.owner]);
  await call(r.owner, 'initializeV2', [USDC_NAME]);
  await call(r.owner, 'initializeV2_1', [r.lostAndFound]);
  await call(r.owner, 'initializeV2_2', [[], USDC_SYMBOL]);
  await call(r.masterMinter, 'configureMinter', [r.minter, maxUint256]);
}
