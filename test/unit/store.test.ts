import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/store/sqlite.js';

const claim = (key: string) => ({
  idempotencyKey: key, endpoint: 'test-echo', network: 'eip155:8453', payer: '0xabc', amountAtomic: 2000n, requestId: 'req_1', claimedAt: new Date('2026-11-22T00:00:00Z'),
});

test('a payment key is claimed exactly once, even by concurrent claims', async () => {
  const store = openSqliteStore(':memory:');
  const results = await Promise.all(Array.from({ length: 20 }, () => store.claimPayment(claim('evm:0xabc:0x1'))));
  assert.equal(results.filter(Boolean).length, 1);
  assert.equal(await store.claimPayment(claim('evm:0xabc:0x2')), true);
  await store.close();
});

test('claim outcomes are recorded and survive reopening (migrations run once)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-store-')), 'db.sqlite');
  const store = openSqliteStore(file);
  await store.claimPayment(claim('k1'));
  await store.finishClaim('k1', { status: 'settled', transaction: '0xtx', referralCode: 'ref', at: new Date('2026-11-22T00:00:01Z') });
  await store.close();
  const reopened = openSqliteStore(file);
  const stored = await reopened.getClaim('k1');
  assert.equal(stored?.status, 'settled');
  assert.equal(stored?.transaction, '0xtx');
  assert.equal(stored?.referralCode, 'ref');
  assert.equal(stored?.amountAtomic, 2000n);
  assert.equal(await reopened.claimPayment(claim('k1')), false, 'still claimed after a restart');
  assert.equal(await reopened.getClaim('missing'), undefined);
  await reopened.close();
});
