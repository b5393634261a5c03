import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { atomicToUsdc, usdcToAtomic } from '../../src/registry/index.js';

test('USDC prices convert exactly to 6-decimal atomic units and back', () => {
  assert.equal(usdcToAtomic('0.002'), 2000n);
  assert.equal(usdcToAtomic('0.010'), 10_000n);
  assert.equal(usdcToAtomic('0.25'), 250_000n);
  assert.equal(usdcToAtomic('1'), 1_000_000n);
  assert.equal(usdcToAtomic('0.000001'), 1n);
  assert.equal(atomicToUsdc(2000n), '0.002');
  assert.equal(atomicToUsdc(1_000_000n), '1');
  assert.throws(() => usdcToAtomic('0.0000001'));
  assert.throws(() => usdcToAtomic('-1'));
  assert.throws(() => usdcToAtomic('1e-3'));
});

test('every registered price is exact and matches the spec table', () => {
  const registry = buildServiceRegistry();
  const spot: Record<string, bigint | null> = {
    'enrich-wallet-light': 2000n, 'parse-transaction': 1000n, 'due-diligence': 20_000n, 'smart-money-flow': 100_000n,
    'consensus-signal': 5000n, 'launchpad-pairs': null, 'launchpad-launch-preflight': 250_000n, 'refvenue-smart-money': 50_000n,
  };
  for (const [key, atomic] of Object.entries(spot)) assert.equal(registry.get(key)!.priceAtomic, atomic, key);
});
