/**
 * A faster, equally strict EIP-712 signature check for the EVM facilitator's signer
 * (`FacilitatorEvmSigner.verifyTypedData`): the same answer as viem's for every input, with the curve step
 * done natively (src/lib/secp256k1-recover.ts). Everything that decides acceptance is viem's:
 *
 * - address: `getAddress(address)` first (malformed → throws, like viem);
 * - digest: viem's `hashTypedData` (schema/field validation and its errors are viem's);
 * - signature: parsed exactly as viem's `recoverPublicKey` (see the recovery module);
 * - comparison: `isAddressEqual` against the recovered address.
 *
 * Addresses with code (smart wallets, EIP-7702 delegations) and signatures that only a contract
 * path can judge (ERC-6492 / ERC-8010 wrappers, explicit factory data) go to `fallback` — viem's
 * client path, unchanged.
 *
 * Note (docs/performance.md): @x402/evm 2.27's exact schemes recover the signer themselves (viem's
 * `recoverAddress` after `signer.getCode`) and never call `signer.verifyTypedData`, so this verifier serves
 * only callers of the signer interface. The paid path's recoveries are our exact scheme's own
 * (evm-exact-checks.ts `eip3009SignatureValid`), which the official scheme sits behind.
 */
import { InvalidAddressError, getAddress, hashTypedData, isAddress, isAddressEqual, isHex, type Address, type ByteArray, type Hex, type Signature } from 'viem';
import { fastRecoverAddress, nativeRecoveryAvailable, recoverLowercase } from '../../lib/secp256k1-recover.js';

export { fastRecoverAddress, nativeRecoveryAvailable };

/** The argument shape of `FacilitatorEvmSigner.verifyTypedData` (viem's, loosely typed). */
export interface TypedDataVerifyArgs {
  address: Address;
  domain: Record<string, unknown>;
  types: Record<string, unknown>;
  primaryType: string;
  message: Record<string, unknown>;
  signature: Hex | ByteArray | Signature;
  /** Counterfactual (ERC-6492) deployment data: only the contract path can judge these. */
  factory?: Address;
  factoryData?: Hex;
}

export interface FastTypedDataVerifierOptions {
  /** Code at an address ("0x" or undefined for an EOA) — the same chain view as the fallback's. */
  getCode: (args: { address: Address }) => Promise<Hex | undefined>;
  /** viem's full client path (ERC-1271 / ERC-6492 / ERC-8010); used whenever the address has code. */
  fallback: (args: TypedDataVerifyArgs) => Promise<boolean>;
}

/** 32-byte suffixes of ERC-6492 (counterfactual wallet) and ERC-8010 (EIP-7702 authorization) wrappers. */
const WRAPPER_SUFFIXES = ['6492'.repeat(16), '8010'.repeat(16)];

/**
 * Signatures whose meaning depends on contract code even at an address without code: viem's
 * client path deploys/delegates before checking them, so they are its to judge.
 */
function needsContractPath(args: TypedDataVerifyArgs): boolean {
  if (args.factory !== undefined || args.factoryData !== undefined) return true;
  const sig = args.signature;
  if (typeof sig !== 'string' || !isHex(sig) || sig.length <= 2 + 65 * 2) return false;
  const suffix = sig.slice(-64).toLowerCase();
  return WRAPPER_SUFFIXES.includes(suffix);
}

/**
 * `verifyTypedData(args)` answering exactly as viem's standalone `verifyTypedData` for addresses
 * without code, and as `fallback` (viem's client path) for everything else.
 */
export function createFastTypedDataVerifier(opts: FastTypedDataVerifierOptions): (args: TypedDataVerifyArgs) => Promise<boolean> {
  return async (args) => {
    if (needsContractPath(args)) return opts.fallback(args);
    const code = await opts.getCode({ address: args.address });
    if (code !== undefined && code !== '0x') return opts.fallback(args);
    // Same order and error as viem's getAddress(address): validated before the typed data is
    // hashed; the checksum it would compute is not needed for a case-insensitive comparison.
    if (!isAddress(args.address, { strict: false })) throw new InvalidAddressError({ address: args.address });
    const expected = args.address;
    const hash = hashTypedData({
      domain: args.domain,
      types: args.types,
      primaryType: args.primaryType,
      message: args.message,
    } as Parameters<typeof hashTypedData>[0]);
    return isAddressEqual(expected, await fastRecoverAddress(hash, args.signature));
  };
}
