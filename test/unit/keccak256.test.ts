/** The native Keccak-256 (src/lib/keccak256.ts) gives noble's bytes for every length around the 136-byte rate. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keccak_256 } from '@noble/hashes/sha3';
import { keccak256Bytes, keccak256Hex, nativeKeccakAvailable } from '../../src/lib/keccak256.js';

test('native keccak256 equals @noble/hashes on inputs of 0..600 bytes', () => {
  assert.ok(nativeKeccakAvailable, 'the native binding must load (otherwise this compares noble with itself)');
  for (let len = 0; len <= 600; len++) {
    const data = crypto.getRandomValues(new Uint8Array(len));
    assert.deepEqual(Buffer.from(keccak256Bytes(data)), Buffer.from(keccak_256(data)), `length ${len}`);
  }
  // A view into a larger buffer hashes only its own bytes.
  const big = crypto.getRandomValues(new Uint8Array(100));
  assert.equal(keccak256Hex(big.subarray(10, 50)), `0x${Buffer.from(keccak_256(big.subarray(10, 50))).toString('hex')}`);
  assert.equal(keccak256Hex(new Uint8Array(0)), '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
});
