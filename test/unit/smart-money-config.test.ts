/**
 * `SMART_MONEY_WALLETS` → config `smartMoneyWallets`: unset or blank is undefined (the endpoints keep
 * their default), entries are trimmed and de-duplicated in order, an invalid address or more than 30
 * wallets stops start-up.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SMART_MONEY_WALLETS, loadConfig } from '../../src/config/index.js';

const A = 'uHux2Y8XjMYJfYCUyymhkEQgU7C55kSmNhmk6usuNFj';
const B = '8e3X4xmsTfSaibLmiKhXVKE4aXAH7Ztnq8spsGSDhEbF';

test('unset or blank: undefined', () => {
  assert.equal(loadConfig({}).smartMoneyWallets, undefined);
  assert.equal(loadConfig({ SMART_MONEY_WALLETS: '' }).smartMoneyWallets, undefined);
  assert.equal(loadConfig({ SMART_MONEY_WALLETS: ' , ,' }).smartMoneyWallets, undefined);
});

test('comma-separated, trimmed, duplicates dropped, order kept', () => {
  assert.deepEqual(loadConfig({ SMART_MONEY_WALLETS: ` ${B}, ${A} ,${B},` }).smartMoneyWallets, [B, A]);
});

test('an invalid address fails start-up', () => {
  assert.throws(() => loadConfig({ SMART_MONEY_WALLETS: `${A},0xabc` }), /SMART_MONEY_WALLETS must list Solana addresses .*"0xabc"/);
  assert.throws(() => loadConfig({ SMART_MONEY_WALLETS: `${A}0` }), /SMART_MONEY_WALLETS/, '0 is not base58');
  assert.throws(() => loadConfig({ SMART_MONEY_WALLETS: 'short' }), /SMART_MONEY_WALLETS/);
});

test('at most 30 wallets (the seed bound of smart-money-flow)', () => {
  // 31 distinct valid base58 addresses of 32 characters.
  const many = Array.from({ length: MAX_SMART_MONEY_WALLETS + 1 }, (_, i) => `${'1'.repeat(30)}${'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'[i]}1`);
  assert.equal(MAX_SMART_MONEY_WALLETS, 30);
  assert.deepEqual(loadConfig({ SMART_MONEY_WALLETS: many.slice(0, 30).join(',') }).smartMoneyWallets, many.slice(0, 30));
  assert.throws(() => loadConfig({ SMART_MONEY_WALLETS: many.join(',') }), /lists 31 wallets, at most 30/);
});
