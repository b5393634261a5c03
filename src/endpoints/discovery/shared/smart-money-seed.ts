/**
 * The curated default seed list of `smart-money-flow` (and the smart buyers `smart-money-trenches` and
 * the trenches endpoints look for) when the caller names no wallets.
 *
 * In sandbox mode these are the sandbox's smart-money cast (src/sandbox/world/smart-money.ts
 * `SMART_MONEY_SEED`, docs/sandbox-cast.md): five winners (WALLET_SMART_1…5, win rates 0.78 … 0.625),
 * two losers (WALLET_SMART_NOT_1/2, under 0.45) and the copy-trade cast's profitable and losing traders
 * (WALLET_TRADER_SKILLED ≈ 0.8, WALLET_TRADER_LOSING ≈ 0.2). The addresses are written out because the
 * service never imports the sandbox; test/sandbox/smart-money.test.ts checks the two lists agree.
 *
 * In live mode these sandbox addresses mean nothing and are never read: the operator's list comes from the
 * `SMART_MONEY_WALLETS` environment variable (comma-separated, config `smartMoneyWallets`), and without one
 * the seed is derived from public trading at call time (smart-money-derived-seed.ts).
 */
export const DEFAULT_SMART_MONEY_WALLETS: readonly string[] = [
  'uHux2Y8XjMYJfYCUyymhkEQgU7C55kSmNhmk6usuNFj', // WALLET_SMART_1
  '8e3X4xmsTfSaibLmiKhXVKE4aXAH7Ztnq8spsGSDhEbF', // WALLET_SMART_2
  'Bt52h89zaix4q7QKYAc2iZXeW9SmSEw4xwX2qquryrYm', // WALLET_SMART_3
  'Bt6PXMABXzXd2YKGqwaNTVBX2i3hxJZN1PQq6Hx3HZo9', // WALLET_SMART_4
  '5YB2kEA458aLdFq4z21eoeBHqqDTAKj3dvD16F23pSJv', // WALLET_SMART_5
  '6VEj9nYRouhUFG1ssV8adqknD6VjdFSftQzHuswvd6Hv', // WALLET_SMART_NOT_1
  'CPcKNWZukKRTDz8P8FLvoMnW1ZJ58vpUu9wx2MFr4iGR', // WALLET_SMART_NOT_2
  '8PXSN3TYynn68wYKLbyJ6T7JNjX1cyWYw7fx3dCt7d2t', // WALLET_TRADER_SKILLED
  'GabCpmgZfyJdaaxT7PBFxiuKLDauUEcYbEVqKMeggTfi', // WALLET_TRADER_LOSING
];
