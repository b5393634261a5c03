/**
 * Sandbox-only identities derived from `SANDBOX_SEED`: the facilitator's keys and the operator's
 * receiving addresses. Deterministic, so every run of the sandbox uses the same addresses; public by
 * construction, so never to be used on a real chain (live mode requires explicit keys and addresses).
 */
import { createHash } from 'node:crypto';
import { getAddressDecoder } from '@solana/kit';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ed25519PrivateKey, ed25519RawPublicKey } from '../lib/ed25519-keys.js';

function derive(seed: string, label: string): Buffer {
  return createHash('sha256').update(`${seed}:${label}`).digest();
}

/** The base58 address of the ed25519 key with this 32-byte seed. */
export function solanaAddressOfSeed(seed32: Uint8Array): string {
  return getAddressDecoder().decode(ed25519RawPublicKey(ed25519PrivateKey(seed32)));
}

export interface SandboxIdentities {
  facilitatorEvmKey: Hex;
  facilitatorSvmSeed: Uint8Array;
  payToBase: string;
  payToSolana: string;
}

export function deriveSandboxIdentities(seed: string): SandboxIdentities {
  const facilitatorEvmKey = `0x${derive(seed, 'facilitator:base').toString('hex')}` as Hex;
  const operatorEvmKey = `0x${derive(seed, 'operator:base').toString('hex')}` as Hex;
  return {
    facilitatorEvmKey,
    facilitatorSvmSeed: new Uint8Array(derive(seed, 'facilitator:solana')),
    payToBase: privateKeyToAccount(operatorEvmKey).address,
    payToSolana: solanaAddressOfSeed(derive(seed, 'operator:solana')),
  };
}
