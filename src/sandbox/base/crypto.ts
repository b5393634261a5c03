/**
 * Native secp256k1 public-key recovery for the VM (ethereumjs `customCrypto.ecrecover`): the ecrecover precompile
 * FiatToken and Permit2 call for every signature, and transaction senders. @ethereumjs uses pure-JS noble curves,
 * about 2 ms a recovery here; libsecp256k1 (the `secp256k1` package's native binding, as src/lib/secp256k1-recover.ts
 * uses) is 1–2 orders faster. Same inputs accepted and same key out: the recovery id is derived exactly as
 * @ethereumjs/util's ecrecover does, and an invalid signature throws as it does. Without the binding the VM keeps
 * its own implementation (undefined here).
 */
import type { CustomCrypto } from '@ethereumjs/common';
import { nativeSecp256k1 } from '../../lib/secp256k1-recover.js';

const native = nativeSecp256k1;

/** @ethereumjs/util calculateSigRecovery: v ∈ {0, 1}, else 27/28, else EIP-155 (v − 2·chainId − 35). */
function recoveryId(v: bigint, chainId: bigint | undefined): number {
  const recovery = v === 0n || v === 1n ? v : chainId === undefined ? v - 27n : v - (chainId * 2n + 35n);
  if (recovery !== 0n && recovery !== 1n) throw new Error('Invalid signature v value');
  return Number(recovery);
}

export const vmCrypto: CustomCrypto | undefined = native
  ? {
    ecrecover(msgHash: Uint8Array, v: bigint, r: Uint8Array, s: Uint8Array, chainId?: bigint): Uint8Array {
      const signature = new Uint8Array(64);
      signature.set(r.subarray(Math.max(0, r.length - 32)), 32 - Math.min(32, r.length));
      signature.set(s.subarray(Math.max(0, s.length - 32)), 64 - Math.min(32, s.length));
      // 65-byte uncompressed key without its 0x04 prefix, as @ethereumjs/util's ecrecover returns.
      return native.ecdsaRecover(signature, recoveryId(v, chainId), msgHash, false).subarray(1);
    },
  }
  : undefined;
