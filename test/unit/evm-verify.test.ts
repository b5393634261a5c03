/**
 * The fast EIP-712 verifier must answer exactly as viem's standalone verifyTypedData (pure-JS
 * recovery) for every input at an address without code: 10,000 deterministic random cases of
 * EIP-3009 TransferWithAuthorization — valid signatures in every accepted encoding and invalid ones
 * of every kind. "Same answer" means same boolean, or both throw. viem's side (~2.5 ms per pure-JS
 * recovery) dominates this file's wall time; the fast side is ~1/5 of it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bytesToHex, hexToBytes, keccak256, stringToHex, verifyTypedData, type Address, type Hex, type Signature,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  createFastTypedDataVerifier, nativeRecoveryAvailable, type TypedDataVerifyArgs,
} from '../../src/payments/facilitator/evm-verify.js';
import { transferWithAuthorizationTypes } from '../../src/sandbox/base/abi.js';
import { eip3009SignatureValid, PLAIN_SIGNATURE } from '../../src/payments/facilitator/evm-exact-checks.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
/** EIP-3009's typed data, as the sandbox USDC contract defines it. */
const TYPES = transferWithAuthorizationTypes;

/** mulberry32: a small deterministic PRNG (seeded, so every run checks the same 10,000 cases). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(0x3009_712);
const int = (n: number) => Math.floor(rand() * n);
const randHex = (bytes: number): Hex => bytesToHex(Uint8Array.from({ length: bytes }, () => int(256)));
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

type Base = TypedDataVerifyArgs & { signature: Hex };

async function signedPool(count: number): Promise<Base[]> {
  const pool: Base[] = [];
  for (let i = 0; i < count; i++) {
    const account = privateKeyToAccount(keccak256(randHex(32)));
    const domain = {
      name: pick(['USD Coin', 'USDC', 'Bridged USDC', 'EURC']), version: pick(['1', '2']),
      chainId: pick([8453, 84532, 1, 10, 137, 1 + int(1_000_000)]), verifyingContract: randHex(20) as Address,
    };
    const message = {
      from: account.address, to: randHex(20) as Address, value: BigInt(randHex(1 + int(32))),
      validAfter: BigInt(int(2_000_000_000)), validBefore: BigInt(2_000_000_000 + int(2_000_000_000)), nonce: randHex(32),
    };
    const signature = await account.signTypedData({ domain, types: TYPES, primaryType: 'TransferWithAuthorization', message });
    pool.push({ address: account.address, domain, types: TYPES, primaryType: 'TransferWithAuthorization', message, signature });
  }
  return pool;
}

const parts = (sig: Hex) => ({ r: sig.slice(2, 66), s: sig.slice(66, 130), v: parseInt(sig.slice(130, 132), 16) });
const join = (r: string, s: string, v: number): Hex => `0x${r}${s}${v.toString(16).padStart(2, '0')}`;
const hex32 = (x: bigint) => x.toString(16).padStart(64, '0');
const flipByte = (hex: string, at: number) => {
  const b = hexToBytes(`0x${hex}`);
  const k = at % b.length;
  b[k] = b[k]! ^ (1 << int(8));
  return bytesToHex(b).slice(2);
};

/** One case derived from a signed base: the mutation kind is its label in the tally. */
function mutate(base: Base, other: Base, i: number): [string, TypedDataVerifyArgs] {
  const sig: Hex = base.signature;
  const { r, s, v } = parts(sig);
  const withSig = (signature: TypedDataVerifyArgs['signature']) => ({ ...base, signature });
  const withMsg = (patch: Record<string, unknown>) => ({ ...base, message: { ...base.message, ...patch } });
  const kinds: (() => [string, TypedDataVerifyArgs])[] = [
    () => ['valid hex', base],
    () => ['valid bytes', withSig(hexToBytes(base.signature))],
    () => ['valid {r,s,yParity}', withSig({ r: `0x${r}`, s: `0x${s}`, yParity: v - 27 })],
    () => ['valid {r,s,v bigint}', withSig({ r: `0x${r}`, s: `0x${s}`, v: BigInt(v) })],
    () => ['valid v 0/1', withSig(join(r, s, v - 27))],
    () => ['valid uppercase hex', withSig(`0x${sig.slice(2).toUpperCase()}`)],
    // i / kinds.length walks 0, 1, 2, … for this kind: every v byte 0..255 is sampled (~twice).
    () => ['v byte 0..255', withSig(join(r, s, Math.floor(i / kinds.length) % 256))],
    () => ['flipped r byte', withSig(join(flipByte(r, int(32)), s, v))],
    () => ['flipped s byte', withSig(join(r, flipByte(s, int(32)), v))],
    () => ['high-s, parity flipped', withSig(join(r, hex32(N - BigInt(`0x${s}`)), v === 27 ? 28 : 27))],
    () => ['high-s, parity kept', withSig(join(r, hex32(N - BigInt(`0x${s}`)), v))],
    () => ['r or s out of range', withSig(pick([join(hex32(0n), s, v), join(r, hex32(0n), v), join(hex32(N), s, v),
      join(r, hex32(N + BigInt(int(1000))), v), join('f'.repeat(64), s, v), join(r, 'f'.repeat(64), v)]))],
    () => ['wrong length', withSig(pick([base.signature.slice(0, 130) as Hex, `${base.signature}00` as Hex,
      base.signature.slice(0, 131) as Hex, `${base.signature}0` as Hex, '0x' as Hex, base.signature.slice(0, 2 + 2 * int(65)) as Hex]))],
    () => ['wrong signer', { ...base, address: other.address }],
    () => ['altered message', withMsg(pick([{ value: BigInt(base.message.value as bigint) + 1n }, { nonce: randHex(32) },
      { to: other.address }, { validBefore: BigInt(base.message.validBefore as bigint) + 1n }, { from: other.address }]))],
    () => ['altered domain', { ...base, domain: { ...base.domain, ...pick([{ chainId: (base.domain.chainId as number) + 1 },
      { name: 'USD Coin ' }, { version: '3' }, { verifyingContract: other.address }]) } }],
    () => ['garbage hex', withSig(randHex(pick([0, 1, 32, 64, 65, 65, 65, 66, 97, 130])))],
    () => ['non-hex string', withSig(pick(['hello', 'x'.repeat(65), `0x${'zz'.repeat(65)}`, `${base.signature.slice(2)}`, ' 0x00']) as Hex)],
    () => ['malformed object', withSig(pick([{ r: `0x${r}`, s: `0x${s}` }, { r: `0x${r}`, s: `0x${s}`, v: 29n },
      { r: 'nothex' as Hex, s: `0x${s}`, yParity: 0 }, { r: `0x${r}`, s: `0x${s}`, yParity: 2 }]) as unknown as Signature)],
    () => ['address case variants', { ...base, address: pick([base.address.toLowerCase(), `0x${base.address.slice(2).toUpperCase()}`,
      `0x${[...base.address.slice(2)].map((c, k) => (k % 2 ? c.toUpperCase() : c.toLowerCase())).join('')}`]) as Address }],
    () => ['object r/s variants', withSig(pick([{ r: `0x0000${r}`, s: `0x${s}`, yParity: v - 27 }, { r: `0x${r}`, s: `0x01${s}`, yParity: v - 27 },
      { r: `0x${r}`, s: `0x${s}`, yParity: String(v - 27) }, { r: `0x${r}`, s: `0x${s}`, v: BigInt(v), yParity: 28 - v }]) as unknown as Signature)],
    () => ['malformed address/field', pick([{ ...base, address: '0x1234' as Address }, withMsg({ nonce: randHex(31) }),
      withMsg({ value: -1n }), withMsg({ to: '0xnot-an-address' })])],
  ];
  return kinds[i % kinds.length]!();
}

type Outcome = { ok: boolean } | { threw: true };
async function outcome(fn: () => Promise<boolean>): Promise<Outcome> {
  try {
    return { ok: await fn() };
  } catch {
    return { threw: true };
  }
}
const label = (o: Outcome) => ('threw' in o ? 'throws' : o.ok ? 'true' : 'false');

test('fast verifier (and the exact scheme\'s check) agree with viem verifyTypedData on 10,000 random valid and invalid signatures', async (t) => {
  assert.ok(nativeRecoveryAvailable, 'the native secp256k1 binding must load (otherwise this only compares viem with itself)');
  const pool = await signedPool(128);
  let getCodeCalls = 0;
  const fast = createFastTypedDataVerifier({
    getCode: async () => { getCodeCalls++; return undefined; },
    fallback: async () => { throw new Error('no address has code in this test'); },
  });
  const tally = new Map<string, Record<string, number>>();
  const totals = { true: 0, false: 0, throws: 0 };
  let agreements = 0;
  let schemeCompared = 0;
  let schemeDelegated = 0;
  let viemMs = 0;
  let fastMs = 0;
  for (let i = 0; i < 10_000; i++) {
    const [kind, args] = mutate(pool[i % pool.length]!, pool[(i * 7 + 3) % pool.length]!, i);
    let t0 = performance.now();
    const expected = await outcome(() => verifyTypedData(args as Parameters<typeof verifyTypedData>[0]));
    viemMs += performance.now() - t0;
    t0 = performance.now();
    const actual = await outcome(() => fast(args));
    fastMs += performance.now() - t0;
    assert.deepEqual(actual, expected, `case ${i} (${kind}): fast ${label(actual)}, viem ${label(expected)}`);
    agreements++;
    // The exact scheme's own check (direct digest, native recovery) on the same case, where it is the scheme's
    // question: a hex signature checked against the authorization's `from`. The official scheme counts a throw
    // as "invalid"; null means the shape goes to the official scheme, so there is nothing to compare.
    const m = args.message as Record<string, unknown>;
    if (typeof args.signature === 'string' && PLAIN_SIGNATURE.test(args.signature) && String(args.address).toLowerCase() === String(m.from).toLowerCase()) {
      const d = args.domain as { name: string; version: string; chainId: number; verifyingContract: string };
      const scheme = await eip3009SignatureValid({ name: d.name, version: d.version, chainId: d.chainId, token: d.verifyingContract },
        { from: String(m.from), to: String(m.to), value: String(m.value), validAfter: String(m.validAfter), validBefore: String(m.validBefore), nonce: String(m.nonce) }, args.signature);
      if (scheme === null) schemeDelegated++;
      else {
        assert.equal(scheme, 'ok' in expected && expected.ok, `case ${i} (${kind}): scheme check ${scheme}, viem ${label(expected)}`);
        schemeCompared++;
      }
    }
    totals[label(expected) as keyof typeof totals]++;
    const row = (tally.get(kind) ?? tally.set(kind, {}).get(kind))!;
    row[label(expected)] = (row[label(expected)] ?? 0) + 1;
  }
  t.diagnostic(`agreements ${agreements}/10000: valid (true) ${totals.true}, invalid (false) ${totals.false}, rejected by throwing ${totals.throws}`);
  for (const [kind, row] of tally) t.diagnostic(`  ${kind}: ${JSON.stringify(row)}`);
  t.diagnostic(`time in viem ${Math.round(viemMs)} ms vs fast ${Math.round(fastMs)} ms`);
  // Each kind must actually exercise what it claims: valid encodings accepted, the mutations rejected.
  assert.ok(totals.true > 2_000 && totals.false > 1_000 && totals.throws > 1_000, JSON.stringify(totals));
  for (const kind of ['valid hex', 'valid bytes', 'valid {r,s,yParity}', 'valid {r,s,v bigint}', 'valid v 0/1', 'valid uppercase hex', 'high-s, parity flipped']) {
    assert.deepEqual(Object.keys(tally.get(kind)!), ['true'], kind);
  }
  assert.ok(getCodeCalls > 0);
  t.diagnostic(`exact scheme's check: ${schemeCompared} cases agree, ${schemeDelegated} left to the official scheme`);
  assert.ok(schemeCompared > 5_000, `the scheme's check must be compared on most cases (${schemeCompared})`);
});

test('an address with code, or a contract-wallet signature wrapper, goes to the fallback', async () => {
  const [base] = await signedPool(1);
  const seen: string[] = [];
  const codeAt = new Set<string>([base!.address.toLowerCase()]);
  const fast = createFastTypedDataVerifier({
    getCode: async ({ address }) => (codeAt.has(address.toLowerCase()) ? '0x6080' : '0x'),
    fallback: async (args) => { seen.push(String(args.signature).slice(0, 10)); return false; },
  });
  // A valid EOA signature, but the address has code: only the contract path may answer (here: false).
  assert.equal(await fast(base!), false);
  assert.equal(seen.length, 1);
  codeAt.clear();
  assert.equal(await fast(base!), true, 'without code the same signature is checked natively');
  assert.equal(seen.length, 1);
  // ERC-6492 wrapped signature at an address without code: counterfactual wallet → fallback.
  const wrapped = `${base!.signature}${'00'.repeat(32)}${'6492'.repeat(16)}` as Hex;
  assert.equal(await fast({ ...base!, signature: wrapped }), false);
  assert.equal(await fast({ ...base!, factory: '0x000000000000000000000000000000000000fac7', factoryData: stringToHex('init') }), false);
  assert.equal(seen.length, 3);
});
