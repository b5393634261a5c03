/**
 * EIP-712 signature recovery: viem's verifyTypedData (pure-JS secp256k1 — the reference rate of
 * docs/performance.md, what the official @x402/evm facilitator does per signature check) against our exact scheme's
 * check (src/payments/facilitator/evm-exact-checks.ts `eip3009SignatureValid`: the EIP-3009 digest computed
 * directly, libsecp256k1 recovery; same answers), interleaved in ONE run so the ratio survives a noisy
 * machine. Both sides verify the same pre-signed, distinct EIP-3009 TransferWithAuthorization signatures.
 * The breakdown also times the signer-interface verifier (evm-verify.ts: viem's hashTypedData + native
 * recovery), which the official scheme never calls.
 */
import { hashTypedData, keccak256, numberToHex, verifyTypedData, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { fastRecoverAddress, nativeRecoveryAvailable, type TypedDataVerifyArgs } from '../src/payments/facilitator/evm-verify.js';
import { eip3009SignatureValid } from '../src/payments/facilitator/evm-exact-checks.js';
import { eip3009Digest, type Eip3009Authorization } from '../src/lib/eip3009-digest.js';
import { transferWithAuthorizationTypes } from '../src/sandbox/base/abi.js';

export interface RecoveryResult {
  /** viem verifyTypedData (hash + noble recovery) per second: the reference rate. */
  reference_per_s: number;
  /** Our scheme's check (direct digest + libsecp256k1 recovery) per second. */
  fast_per_s: number;
  ratio: number;
  /** Where the time goes, µs per call (medians): viem's generic typed-data hash, our direct digest, native recovery. */
  hash_typed_data_us: number;
  direct_digest_us: number;
  native_recover_us: number;
  native: boolean;
  rounds: number;
  target_ratio: number;
  met: boolean;
}

/** EIP-3009's typed data, as the sandbox USDC contract defines it. */
const TRANSFER_WITH_AUTHORIZATION = transferWithAuthorizationTypes;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** `count` distinct valid signatures from deterministic keys (signing is not timed). */
async function presign(count: number): Promise<TypedDataVerifyArgs[]> {
  const out: TypedDataVerifyArgs[] = [];
  for (let i = 0; i < count; i++) {
    const account = privateKeyToAccount(keccak256(numberToHex(i + 1, { size: 32 })));
    const domain = { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as Address };
    const message = {
      from: account.address, to: '0x00000000000000000000000000000000000b3c4d' as Address, value: BigInt(1000 + i),
      validAfter: 0n, validBefore: 4_000_000_000n, nonce: keccak256(numberToHex(i, { size: 32 })) as Hex,
    };
    const signature = await account.signTypedData({ domain, types: TRANSFER_WITH_AUTHORIZATION, primaryType: 'TransferWithAuthorization', message });
    out.push({ address: account.address, domain, types: TRANSFER_WITH_AUTHORIZATION, primaryType: 'TransferWithAuthorization', message, signature });
  }
  return out;
}

/** Run `count` checks of `fn` over the cases (every answer must be true); elapsed ms. */
async function timed(cases: TypedDataVerifyArgs[], fn: (a: TypedDataVerifyArgs) => Promise<boolean>, from: number, count: number): Promise<number> {
  const started = performance.now();
  for (let i = from; i < from + count; i++) {
    if (!(await fn(cases[i % cases.length]!))) throw new Error('bench/recovery: a valid signature was rejected');
  }
  return performance.now() - started;
}

/**
 * One round: small batches of each side alternate for about `ms`, so both see the same machine
 * load (the box is shared; whole-second blocks per side gave ratios from 4× to 11× on one box).
 */
async function round(cases: TypedDataVerifyArgs[], reference: (a: TypedDataVerifyArgs) => Promise<boolean>,
  fast: (a: TypedDataVerifyArgs) => Promise<boolean>, ms: number): Promise<{ ref: number; fast: number }> {
  let refMs = 0, refN = 0, fastMs = 0, fastN = 0;
  while (refMs + fastMs < ms) {
    refMs += await timed(cases, reference, refN, 4);
    refN += 4;
    fastMs += await timed(cases, fast, fastN, 32);
    fastN += 32;
  }
  return { ref: (refN * 1000) / refMs, fast: (fastN * 1000) / fastMs };
}

export async function measureRecovery(opts: { rounds?: number; msPerRound?: number } = {}): Promise<RecoveryResult> {
  const rounds = opts.rounds ?? 3;
  const msPerRound = opts.msPerRound ?? 2000;
  const cases = await presign(64);
  const authOf = (a: TypedDataVerifyArgs): Eip3009Authorization => {
    const m = a.message as Record<string, unknown>;
    return { from: String(m.from), to: String(m.to), value: String(m.value), validAfter: String(m.validAfter), validBefore: String(m.validBefore), nonce: String(m.nonce) };
  };
  const domainOf = (a: TypedDataVerifyArgs) => {
    const d = a.domain as { name: string; version: string; chainId: number; verifyingContract: string };
    return { name: d.name, version: d.version, chainId: d.chainId, token: d.verifyingContract };
  };
  const fast = async (a: TypedDataVerifyArgs) => (await eip3009SignatureValid(domainOf(a), authOf(a), a.signature as Hex)) === true;
  const reference = (a: TypedDataVerifyArgs) => verifyTypedData(a as Parameters<typeof verifyTypedData>[0]);
  // Warm both (JIT, noble's precomputed tables) outside the timed rounds.
  await round(cases, reference, fast, 300);
  const ref: number[] = [];
  const fst: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const x = await round(cases, reference, fast, msPerRound);
    ref.push(x.ref);
    fst.push(x.fast);
    ratios.push(x.fast / x.ref);
  }
  // Breakdown of the fast path: typed-data hashing (viem, pure-JS keccak) vs native recovery.
  const hashes = cases.map((c) => hashTypedData(c as Parameters<typeof hashTypedData>[0]));
  const hashUs: number[] = [];
  const digestUs: number[] = [];
  const recUs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    for (let i = 0; i < 2000; i++) hashTypedData(cases[i % cases.length] as Parameters<typeof hashTypedData>[0]);
    hashUs.push(((performance.now() - t) * 1000) / 2000);
    t = performance.now();
    for (let i = 0; i < 2000; i++) eip3009Digest(domainOf(cases[i % cases.length]!), authOf(cases[i % cases.length]!));
    digestUs.push(((performance.now() - t) * 1000) / 2000);
    t = performance.now();
    for (let i = 0; i < 2000; i++) await fastRecoverAddress(hashes[i % hashes.length]!, cases[i % cases.length]!.signature);
    recUs.push(((performance.now() - t) * 1000) / 2000);
  }
  const referencePerS = median(ref);
  const fastPerS = median(fst);
  const ratio = median(ratios);
  return {
    reference_per_s: Math.round(referencePerS), fast_per_s: Math.round(fastPerS), ratio: Math.round(ratio * 10) / 10,
    hash_typed_data_us: Math.round(median(hashUs) * 10) / 10, direct_digest_us: Math.round(median(digestUs) * 10) / 10, native_recover_us: Math.round(median(recUs) * 10) / 10,
    native: nativeRecoveryAvailable, rounds, target_ratio: 10, met: nativeRecoveryAvailable && ratio >= 10,
  };
}

export function formatRecovery(r: RecoveryResult): string[] {
  return [
    `EIP-712 recovery (1 core, same run): viem verifyTypedData ${r.reference_per_s}/s (reference) vs our exact scheme's check ${r.fast_per_s}/s` +
      ` (${r.native ? 'native libsecp256k1' : 'NATIVE BINDING MISSING: viem fallback'}) → ${r.ratio}× (target ≥ ${r.target_ratio}×) ${r.met ? 'MET' : 'NOT MET'}`,
    `  per call: direct EIP-3009 digest ${r.direct_digest_us} µs (viem hashTypedData: ${r.hash_typed_data_us} µs) + native recover→address ${r.native_recover_us} µs; medians of ${r.rounds} rounds of interleaved batches`,
  ];
}
