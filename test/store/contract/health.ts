/** The health contract: the store answers a ping, and instances opening at once migrate once. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { StoreHealth } from '../../../src/store/types.js';
import { type Backend, withStoreOf } from './kit.js';

export function healthContract(backend: Backend<StoreHealth>): void {
  describe(`store health: ${backend.name}`, () => {
    const withStore = withStoreOf(backend);
    const { open } = backend;

    test('ping answers', () => withStore(async (store) => {
      assert.equal(await store.ping(), true);
    }));

    if (backend.shared) {
      describe('several instances on one database', () => {
        test('instances opening at once migrate once and all open fine', async () => {
          const stores = await Promise.all(Array.from({ length: 4 }, () => open()));
          try {
            for (const s of stores) assert.equal(await s.ping(), true);
          } finally {
            await Promise.all(stores.map((s) => s.close()));
          }
        });
      });
    }
  });
}
