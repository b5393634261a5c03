/**
 * The wallet profile's per-collection NFT rows: assets without a verified collection are grouped per bucket
 * under `address: null` (src/analytics/nft-summary.ts), so the declared output schema must admit null there —
 * every spam receiver (its claim-bait airdrops carry no collection) answered off its own schema before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nftSummary } from '../../src/analytics/nft-summary.js';
import { createAjv } from '../../src/registry/validation.js';
import { WalletProfileFullSchema, WalletProfileLightSchema } from '../../src/endpoints/shared/wallet-token-schemas.js';

describe('wallet profile schema: NFT collection rows', () => {
  const summary = nftSummary([
    { id: 'a1', name: 'Monke #1', compressed: false, collection: { address: 'Co11ection1111111111111111111111111111111111', name: 'Monkes' } },
    { id: 'a2', name: 'Free SOL at claim-sol.xyz', compressed: true, collection: null },
  ]);
  const { nft_count: _n, ...nft_summary } = summary;

  it('the analytics group collection-less assets under address null', () => {
    assert.ok(summary.collections.some((c) => c.address === null), JSON.stringify(summary.collections));
  });

  for (const [name, schema] of [['light', WalletProfileLightSchema], ['full', WalletProfileFullSchema]] as const) {
    it(`the ${name} profile schema accepts those rows`, () => {
      const ajv = createAjv();
      const collections = (schema as unknown as { properties: Record<string, { properties: Record<string, unknown> }> }).properties.nft_summary!.properties.collections;
      const validate = ajv.compile(collections as object);
      assert.ok(validate(nft_summary.collections), ajv.errorsText(validate.errors));
    });
  }
});
