/**
 * Constants of the sandbox Base chain and the USDC ABI subset callers use.
 *
 * Addresses and the EIP-712 domain are those of the real Base mainnet deployments (the contracts themselves are
 * the real ones, run by @ethereumjs/vm: src/sandbox/base/evm.ts), so the official x402 client/facilitator code runs
 * against the sandbox unchanged.
 */
import { encodeErrorResult, type Hex } from 'viem';

export const BASE_CHAIN_ID = 8453 as const;

/** Native USDC on Base mainnet (FiatTokenProxy → FiatTokenV2_2); same address `@x402/evm` uses for eip155:8453. */
export const BASE_USDC_ADDRESS = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;

/** Multicall3 (same address on every chain); the x402 facilitator diagnoses failed simulations through it. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

/** EIP-712 domain of Base USDC (FiatTokenV2_2). */
export const USDC_NAME = 'USD Coin';
export const USDC_VERSION = '2';
export const USDC_SYMBOL = 'USDC';
export const USDC_DECIMALS = 6;

export const transferWithAuthorizationTypes = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

const authArgs = [
  { name: 'from', type: 'address' },
  { name: 'to', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'validAfter', type: 'uint256' },
  { name: 'validBefore', type: 'uint256' },
  { name: 'nonce', type: 'bytes32' },
] as const;

/** The subset of FiatTokenV2_2's ABI callers and tests use (both transferWithAuthorization overloads). */
export const usdcAbi = [
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'string' }] },
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'string' }] },
  { type: 'function', name: 'version', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint8' }] },
  { type: 'function', name: 'DOMAIN_SEPARATOR', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'bytes32' }] },
  {
    type: 'function', name: 'balanceOf', stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }], outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function', name: 'authorizationState', stateMutability: 'view',
    inputs: [{ name: 'authorizer', type: 'address' }, { name: 'nonce', type: 'bytes32' }],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function', name: 'transferWithAuthorization', stateMutability: 'nonpayable',
    inputs: [...authArgs, { name: 'v', type: 'uint8' }, { name: 'r', type: 'bytes32' }, { name: 's', type: 'bytes32' }],
    outputs: [],
  },
  {
    type: 'function', name: 'transferWithAuthorization', stateMutability: 'nonpayable',
    inputs: [...authArgs, { name: 'signature', type: 'bytes' }],
    outputs: [],
  },
  {
    type: 'event', name: 'Transfer', anonymous: false,
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
  {
    type: 'event', name: 'AuthorizationUsed', anonymous: false,
    inputs: [
      { name: 'authorizer', type: 'address', indexed: true },
      { name: 'nonce', type: 'bytes32', indexed: true },
    ],
  },
] as const;

/** A contract revert: `data` is the ABI-encoded revert payload a real node returns (Error(string) here). */
export class Revert extends Error {
  readonly data: Hex;
  constructor(readonly reason: string, data?: Hex) {
    super(reason);
    this.data = data ?? (reason === '' ? '0x' : encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
      errorName: 'Error',
      args: [reason],
    }));
  }
}
