/** The health contract: the store answers a ping, and instances opening at once migrate once. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StoreHealth } from '../../../src/store/types.js';
import { contractSuite } from './kit.js';

export const healthContract = contractSuite<StoreHealth>('store health', ({ withStore, open, onSharedDatabase }) => {
  test('ping answers', () => withStore(async (store) => {
    assert.equal(await store.ping(), true);
  }));

  onSharedDatabase(() => {
    test('instances opening at once migrate once and all open fine', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, () => open()));
      try {
        for (const s of stores) assert.equal(await s.ping(), true);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });
  });
});
