/**
 * In-memory emulation of Base USDC (FiatTokenV2_2) — just the EIP-3009 payment path x402 uses.
 *
 * Checks run in the same order and revert with the same strings as the real contract, so the
 * official facilitator's error classification (which regex-matches revert reasons) behaves as on Base.
 */
import {
  bytesToHex, decodeAbiParameters, domainSeparator, encodeAbiParameters, encodeEventTopics, encodeFunctionResult,
  getAddress, hexToBytes, isAddressEqual, pad, toFunctionSelector, zeroAddress, type AbiFunction, type Address, type DecodeFunctionDataReturnType, type Hex,
} from 'viem';
import { eip3009Digest } from '../../lib/eip3009-digest.js';
import { fastRecoverAddress } from '../../lib/secp256k1-recover.js';
import {
  BASE_CHAIN_ID, BASE_USDC_ADDRESS, Revert, USDC_DECIMALS, USDC_NAME, USDC_SYMBOL, USDC_VERSION, usdcAbi,
} from './abi.js';

export interface EvmLog {
  address: Address;
  topics: Hex[];
  data: Hex;
}

/**
 * Copy-on-write view of USDC storage. Every call runs in a child layer that is merged into its
 * parent only if the call succeeds — which gives eth_call (never committed) and reverts (dropped)
 * their EVM semantics for free.
 *
 * An address that was never written reads as `fundAmount`: this is the sandbox faucet ("a new payer
 * is funded on first sight"). Because it is a default rather than a side effect of the first read,
 * balances do not depend on the order in which addresses are first touched — every address
 * (payer or payee) is simply `fundAmount + received - sent`.
 */
export class LedgerState {
  private readonly balances = new Map<string, bigint>();
  private readonly usedAuthorizations = new Set<string>();

  constructor(private readonly parent: LedgerState | null, readonly fundAmount: bigint) {}

  child(): LedgerState {
    return new LedgerState(this, this.fundAmount);
  }

  balanceOf(account: Address): bigint {
    const own = this.balances.get(account.toLowerCase());
    if (own !== undefined) return own;
    return this.parent ? this.parent.balanceOf(account) : this.fundAmount;
  }

  setBalance(account: Address, amount: bigint): void {
    this.balances.set(account.toLowerCase(), amount);
  }

  isAuthorizationUsed(authorizer: Address, nonce: Hex): boolean {
    return this.usedAuthorizations.has(authKey(authorizer, nonce)) || (this.parent?.isAuthorizationUsed(authorizer, nonce) ?? false);
  }

  markAuthorizationUsed(authorizer: Address, nonce: Hex): void {
    this.usedAuthorizations.add(authKey(authorizer, nonce));
  }

  /** Merge this layer's writes into its parent (no-op on the root). */
  commit(): void {
    if (!this.parent) return;
    for (const [account, amount] of this.balances) this.parent.balances.set(account, amount);
    for (const key of this.usedAuthorizations) this.parent.usedAuthorizations.add(key);
  }
}

function authKey(authorizer: Address, nonce: Hex): string {
  return `${authorizer.toLowerCase()}:${nonce.toLowerCase()}`;
}

export interface CallContext {
  state: LedgerState;
  /** block.timestamp (seconds) of the block the call executes in. */
  timestamp: bigint;
  logs: EvmLog[];
}

const DOMAIN = {
  name: USDC_NAME,
  version: USDC_VERSION,
  chainId: BASE_CHAIN_ID,
  verifyingContract: BASE_USDC_ADDRESS,
} as const;

/** secp256k1n / 2 — ECRecover.sol rejects malleable (high-s) signatures. */
const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * Selector → function, computed once: viem's decodeFunctionData hashes every ABI entry's signature on every call,
 * which was the chain's largest cost per paid call.
 */
const FUNCTIONS = new Map((usdcAbi as readonly { type: string }[]).filter((item): item is AbiFunction => item.type === 'function').map((fn) => [toFunctionSelector(fn), fn]));
const TRANSFER_TOPIC = encodeEventTopics({ abi: usdcAbi, eventName: 'Transfer' })[0] as Hex;
const AUTHORIZATION_USED_TOPIC = encodeEventTopics({ abi: usdcAbi, eventName: 'AuthorizationUsed' })[0] as Hex;

/** decodeFunctionData's answer (throws on an unknown selector or malformed arguments) from the map above. */
function decodeCall(data: Hex): { functionName: string; args: readonly unknown[] } {
  const fn = FUNCTIONS.get(data.slice(0, 10).toLowerCase() as Hex);
  if (!fn) throw new Error('unknown selector');
  return { functionName: fn.name, args: fn.inputs.length ? decodeAbiParameters(fn.inputs, `0x${data.slice(10)}`) : [] };
}

/** Execute USDC calldata; returns the ABI-encoded return data or throws {@link Revert}. */
export async function executeUsdc(data: Hex, ctx: CallContext): Promise<Hex> {
  let call;
  try {
    call = decodeCall(data) as DecodeFunctionDataReturnType<typeof usdcAbi>;
  } catch {
    // Unknown selector / malformed arguments: the proxy has no fallback, so it reverts without data.
    throw new Revert('');
  }
  switch (call.functionName) {
    case 'name':
      return encodeFunctionResult({ abi: usdcAbi, functionName: 'name', result: USDC_NAME });
    case 'symbol':
      return encodeFunctionResult({ abi: usdcAbi, functionName: 'symbol', result: USDC_SYMBOL });
    case 'version':
      return encodeFunctionResult({ abi: usdcAbi, functionName: 'version', result: USDC_VERSION });
    case 'decimals':
      return encodeFunctionResult({ abi: usdcAbi, functionName: 'decimals', result: USDC_DECIMALS });
    case 'DOMAIN_SEPARATOR':
      return encodeFunctionResult({ abi: usdcAbi, functionName: 'DOMAIN_SEPARATOR', result: domainSeparator({ domain: DOMAIN }) });
    case 'balanceOf':
      return encodeFunctionResult({ abi: usdcAbi, functionName: 'balanceOf', result: ctx.state.balanceOf(call.args[0]) });
    case 'authorizationState':
      return encodeFunctionResult({
        abi: usdcAbi, functionName: 'authorizationState', result: ctx.state.isAuthorizationUsed(call.args[0], call.args[1]),
      });
    case 'transferWithAuthorization': {
      const args = call.args;
      const [from, to, value, validAfter, validBefore, nonce] = args;
      // The (v, r, s) overload packs the signature as r ‖ s ‖ v, exactly like FiatTokenV2_2.
      const signature = args.length === 9 ? packSignature(args[6], args[7], args[8]) : args[6];
      await transferWithAuthorization(ctx, { from, to, value, validAfter, validBefore, nonce }, signature);
      return '0x';
    }
  }
}

interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

async function transferWithAuthorization(ctx: CallContext, auth: Authorization, signature: Hex): Promise<void> {
  // _requireValidAuthorization: time window (strict on both ends, like the contract), then nonce.
  if (!(ctx.timestamp > auth.validAfter)) throw new Revert('FiatTokenV2: authorization is not yet valid');
  if (!(ctx.timestamp < auth.validBefore)) throw new Revert('FiatTokenV2: authorization is expired');
  if (ctx.state.isAuthorizationUsed(auth.from, auth.nonce)) throw new Revert('FiatTokenV2: authorization is used or canceled');

  // _requireValidSignature: EOA path of SignatureChecker → ECRecover.recover(digest, signature) == from.
  // viem's hashTypedData, computed directly (src/lib/eip3009-digest.ts proves the two equal).
  const digest = eip3009Digest({ name: DOMAIN.name, version: DOMAIN.version, chainId: DOMAIN.chainId, token: DOMAIN.verifyingContract }, {
    from: auth.from, to: auth.to, value: auth.value.toString(), validAfter: auth.validAfter.toString(), validBefore: auth.validBefore.toString(), nonce: auth.nonce,
  })!;
  const signer = await ecRecover(digest, signature);
  if (!isAddressEqual(signer, auth.from)) throw new Revert('FiatTokenV2: invalid signature');

  ctx.state.markAuthorizationUsed(auth.from, auth.nonce);
  ctx.logs.push({
    address: BASE_USDC_ADDRESS,
    topics: [AUTHORIZATION_USED_TOPIC, pad(auth.from.toLowerCase() as Hex), auth.nonce.toLowerCase() as Hex],
    data: '0x',
  });
  transfer(ctx, auth.from, auth.to, auth.value);
}

function transfer(ctx: CallContext, from: Address, to: Address, value: bigint): void {
  if (isAddressEqual(from, zeroAddress)) throw new Revert('ERC20: transfer from the zero address');
  if (isAddressEqual(to, zeroAddress)) throw new Revert('ERC20: transfer to the zero address');
  const fromBalance = ctx.state.balanceOf(from);
  if (value > fromBalance) throw new Revert('ERC20: transfer amount exceeds balance');
  ctx.state.setBalance(from, fromBalance - value);
  ctx.state.setBalance(to, ctx.state.balanceOf(to) + value);
  ctx.logs.push({
    address: BASE_USDC_ADDRESS,
    topics: [TRANSFER_TOPIC, pad(from.toLowerCase() as Hex), pad(to.toLowerCase() as Hex)],
    data: encodeAbiParameters([{ type: 'uint256' }], [value]),
  });
}

function packSignature(v: number, r: Hex, s: Hex): Hex {
  return bytesToHex(new Uint8Array([...hexToBytes(r), ...hexToBytes(s), v]));
}

/** Circle's ECRecover.sol: 65-byte signatures only, low-s, v ∈ {27, 28}, non-zero signer. */
async function ecRecover(digest: Hex, signature: Hex): Promise<Address> {
  const bytes = hexToBytes(signature);
  if (bytes.length !== 65) throw new Revert('ECRecover: invalid signature length');
  const s = BigInt(bytesToHex(bytes.slice(32, 64)));
  const v = bytes[64]!;
  if (s > SECP256K1_HALF_N) throw new Revert("ECRecover: invalid signature 's' value");
  if (v !== 27 && v !== 28) throw new Revert("ECRecover: invalid signature 'v' value");
  try {
    return getAddress(await fastRecoverAddress(digest, signature));
  } catch {
    // The precompile returns address(0) for unrecoverable input; ECRecover.sol turns that into this revert.
    throw new Revert('ECRecover: invalid signature');
  }
}
