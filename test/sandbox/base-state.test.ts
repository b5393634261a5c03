/**
 * The sandbox Base chain's VM plumbing: LayeredState (checkpoints as diff layers) keeps EVM journaling semantics,
 * and the native ecrecover the VM uses answers exactly as @ethereumjs/util's pure-JS one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Account, createAddressFromString, ecrecover } from '@ethereumjs/util';
import { bytesToHex, hexToBytes, keccak256, parseSignature, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { vmCrypto } from '../../src/sandbox/base/crypto.js';
import { LayeredState } from '../../src/sandbox/base/state.js';

const A = createAddressFromString('0x00000000000000000000000000000000000000aa');
const SLOT = hexToBytes(`0x${'00'.repeat(31)}01`);
const word = (n: number) => new Uint8Array([n]);

describe('LayeredState', () => {
  it('revert drops a checkpoint\'s writes, commit keeps them, nested layers in order', async () => {
    const state = new LayeredState();
    await state.putStorage(A, SLOT, word(1));
    await state.checkpoint();
    await state.putStorage(A, SLOT, word(2));
    await state.checkpoint();
    await state.putStorage(A, SLOT, word(3));
    assert.deepEqual(await state.getStorage(A, SLOT), word(3));
    await state.revert();
    assert.deepEqual(await state.getStorage(A, SLOT), word(2));
    await state.commit();
    assert.deepEqual(await state.getStorage(A, SLOT), word(2));
    assert.deepEqual(state.peekStorage(A.toString(), bytesToHex(SLOT)), word(2), 'the synchronous read agrees');
    await state.checkpoint();
    await state.putStorage(A, SLOT, new Uint8Array(0));
    assert.equal((await state.getStorage(A, SLOT)).length, 0, 'a cleared slot shadows the layer below');
    await state.revert();
    assert.deepEqual(await state.getStorage(A, SLOT), word(2));
  });

  it('an account read is a copy: mutating it without putting it back changes nothing, even under a checkpoint', async () => {
    const state = new LayeredState();
    await state.putAccount(A, new Account(0n, 100n));
    await state.checkpoint();
    const read = (await state.getAccount(A))!;
    read.balance = 1n;
    assert.equal((await state.getAccount(A))!.balance, 100n);
    await state.putAccount(A, read);
    assert.equal((await state.getAccount(A))!.balance, 1n);
    await state.revert();
    assert.equal((await state.getAccount(A))!.balance, 100n);
    await state.deleteAccount(A);
    assert.equal(await state.getAccount(A), undefined);
  });

  it('putCode sets code, size and hash; storage originals are the first value read in a transaction', async () => {
    const state = new LayeredState();
    const code = hexToBytes('0x6001600055');
    await state.putCode(A, code);
    assert.equal(state.peekCodeSize(A.toString()), 5);
    assert.equal(bytesToHex((await state.getAccount(A))!.codeHash), keccak256(code));
    await state.putStorage(A, SLOT, word(7));
    assert.deepEqual(await state.originalStorageCache.get(A, SLOT), word(7));
    await state.putStorage(A, SLOT, word(8));
    assert.deepEqual(await state.originalStorageCache.get(A, SLOT), word(7), 'original kept within the transaction');
    state.originalStorageCache.clear();
    assert.deepEqual(await state.originalStorageCache.get(A, SLOT), word(8));
  });
});

describe('native ecrecover for the VM', () => {
  it('recovers the same public key as @ethereumjs/util for v 27/28, 0/1 and EIP-155 v, and throws where it throws', { skip: vmCrypto === undefined }, async () => {
    const recover = vmCrypto!.ecrecover!;
    for (let i = 0; i < 50; i++) {
      const hash = keccak256(toHex(`message ${i}`));
      const sig = parseSignature(await privateKeyToAccount(generatePrivateKey()).sign({ hash }));
      const [m, r, s] = [hexToBytes(hash), hexToBytes(sig.r), hexToBytes(sig.s)];
      const yParity = BigInt(sig.yParity!);
      for (const [v, chainId] of [[27n + yParity, undefined], [yParity, undefined], [8453n * 2n + 35n + yParity, 8453n]] as const) {
        assert.equal(bytesToHex(recover(m, v, r, s, chainId)), bytesToHex(ecrecover(m, v, r, s, chainId)));
      }
    }
    const m = hexToBytes(keccak256('0x01'));
    const bad = [
      { v: 29n, r: hexToBytes(`0x${'11'.repeat(32)}`), s: hexToBytes(`0x${'22'.repeat(32)}`) },
      { v: 27n, r: new Uint8Array(32), s: hexToBytes(`0x${'22'.repeat(32)}`) },
      { v: 27n, r: hexToBytes(`0x${'ff'.repeat(32)}`), s: hexToBytes(`0x${'22'.repeat(32)}`) },
    ];
    for (const { v, r, s } of bad) {
      assert.throws(() => ecrecover(m, v, r, s));
      assert.throws(() => recover(m, v, r, s));
    }
  });
});
