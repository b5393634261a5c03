/**
 * The launch-platform coin assembly (src/launchpad-index/coins.ts) and its on-chain reads
 * (src/sources/launchpad-chain.ts), pure parts only:
 *  - `rewardCoinOf` over StonkFun-format tokens (a V3 transfer-fee coin, a classic SPL fee-share coin, a
 *    standard launch) with hand-built chain facts: which fee wins, the mechanism, units, mutability,
 *    adoption, holders, categories;
 *  - `totalsOf` / `tokenRewardTotals` over the platform's reward bodies;
 *  - `coinMintFacts` over jsonParsed mints exactly as getAccountInfo returns them;
 *  - `poolFacts` over a LaunchLab pool state built byte by byte here;
 *  - `top10Share` at its boundaries; `readCoinChainFacts` on a stub node.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { address, getAddressEncoder } from '@solana/kit';
import type { Payout } from '../../src/analytics/launchpad/types.js';
import { PLATFORM_FACTS_TTL_MS, rewardCoinOf, sharedPlatformFacts, tokenRewardTotals, totalsOf, type CoinParts, type PlatformFacts } from '../../src/launchpad-index/coins.js';
import type { LaunchpadClient } from '../../src/sources/launchpad.js';
import {
  coinMintFacts,
  LAUNCHLAB_PROGRAM_ID,
  POOL_OFFSETS,
  POOL_STATE_DISCRIMINATOR,
  POOL_STATE_MIN_SIZE,
  poolFacts,
  readCoinChainFacts,
  top10Share,
  type CoinChainFacts,
  type CoinMintFacts,
  type PoolFacts,
} from '../../src/sources/launchpad-chain.js';
import type { SolanaRpcClient } from '../../src/sources/solana-rpc.js';
import { wireParser } from '../../src/sources/wire.js';
import { StonkLedgerLaunchSchema, StonkTokenRewardsDataSchema, StonkTokenSchema, type StonkToken } from '../../src/sources/wire/launchpad.js';
import { checkAccount, GetAccountInfoResult, type AccountInfo } from '../../src/sources/wire/solana-rpc.js';
import {
  COIN_SPL, COIN_STD, COIN_V3, CREATOR, DISTRIBUTOR, LAUNCHLAB, LEDGER, MICRON, OPENAI, PLATFORM_REWARD, PLATFORM_STANDARD, POOL_SPL, POOL_STD,
  POOL_V3, SPYX, TOKEN_2022, TOKEN_PROGRAM, TOKEN_REWARDS, TOKEN_REWARDS_STD, TOKEN_SPL, TOKEN_STD, TOKEN_V3,
} from '../fixtures/stonkfun/bodies.js';

const parseToken = wireParser(StonkTokenSchema);
const V3 = parseToken(TOKEN_V3);
const SPL = parseToken(TOKEN_SPL);
const STD = parseToken(TOKEN_STD);
const PLATFORM: PlatformFacts = { distributor: DISTRIBUTOR, platformConfigs: { standard: PLATFORM_STANDARD, reward: PLATFORM_REWARD } };
const OTHER_KEY = 'CnP8mQKd5f3Vw6EZ3gC1Hs7tY4Rr2JbXk9LmNaPqWs1T';

const ledger = LEDGER.data.launches.map((l) => totalsOf(wireParser(StonkLedgerLaunchSchema)(l)));
const TOTALS_V3 = ledger[0]!;
const TOTALS_SPL = ledger[1]!;

const pool = (baseMint: string, platformConfig: string): PoolFacts => ({ globalConfig: 'B7ctMMdGvy46Am56myTtzfkNzt9kWZVTNGM2BWrJ9adg', platformConfig, baseMint, quoteMint: SPYX, creator: CREATOR });
const t22Mint = (fee: Partial<NonNullable<CoinMintFacts['transferFee']>> = {}): CoinMintFacts => ({
  program: 'spl-token-2022', decimals: 6, supplyRaw: '1000000000000000',
  transferFee: { bps: 100, maximumFeeRaw: '123456789', withdrawWithheldAuthority: DISTRIBUTOR, configAuthority: null, ...fee },
});
const classicMint: CoinMintFacts = { program: 'spl-token', decimals: 6, supplyRaw: '1000000000000000', transferFee: null };
const RECENT: Payout[] = [{ at: Date.parse('2026-09-06T10:43:29.035Z'), quote_amount: 0.54775939, signature: LEDGER.data.recentDistributions[0]!.signature }];

function parts(token: StonkToken, over: Partial<CoinParts> = {}): CoinParts {
  return {
    token,
    totals: null,
    chain: { mint: t22Mint(), pool: pool(token.mint, PLATFORM_REWARD), top10Pct: 23.45 },
    platform: PLATFORM,
    quotePriceUsd: 776.39,
    recent: [],
    ...over,
  };
}
const chain = (over: Partial<CoinChainFacts>, token: StonkToken = V3): CoinChainFacts => ({ mint: t22Mint(), pool: pool(token.mint, PLATFORM_REWARD), top10Pct: 23.45, ...over });

describe('rewardCoinOf', () => {
  test('V3 transfer-fee coin: every field; the chain\'s fee (100 bps) wins over the API\'s (300)', () => {
    assert.deepEqual(rewardCoinOf(parts(V3, { totals: TOTALS_V3, recent: RECENT })), {
      mint: COIN_V3,
      symbol: 'ZCAT',
      pool: POOL_V3,
      quote_mint: SPYX,
      quote_symbol: 'SPYX',
      quote_category: 'xstock',
      quote_category_raw: 'xstock',
      reward_mechanism: 'transfer_fee',
      transfer_fee_bps: 100,
      transfer_fee_max: 123.456789, // 123456789 raw ÷ 10^6
      withdraw_authority: DISTRIBUTOR,
      platform_distributor: DISTRIBUTOR,
      fee_mutable: false,
      adopted: true,
      created_at: Date.parse('2026-08-30T23:30:26.185Z'),
      holders: 12_580,
      top10_pct: 23.45,
      market_cap_usd: 85_479_403.63,
      volume_24h_usd: 19_512_885.93,
      price_change_24h_pct: 275.4,
      distributed_quote: 1446.90050624,
      payout_count: 300_226,
      last_payout_at: Date.parse('2026-09-06T10:43:29.035Z'),
      quote_price_usd: 776.39,
      recent_payouts: RECENT,
      flywheel: true,
    });
  });

  test('classic SPL reward coin: fee share — no bps, no cap, no withdraw authority, immutable; raw category kept', () => {
    const c = rewardCoinOf(parts(SPL, { totals: TOTALS_SPL, chain: chain({ mint: classicMint, pool: pool(COIN_SPL, PLATFORM_REWARD) }, SPL) }));
    assert.deepEqual(
      [c.reward_mechanism, c.transfer_fee_bps, c.transfer_fee_max, c.withdraw_authority, c.fee_mutable, c.adopted],
      ['fee_share', null, null, null, false, true],
    );
    assert.deepEqual([c.quote_mint, c.quote_category, c.quote_category_raw], [OPENAI, 'xstock', 'tessera']);
    assert.deepEqual([c.holders, c.distributed_quote, c.payout_count, c.pool], [577, 10_926_161.422378844, 6_866, POOL_SPL]);
  });

  test('standard launch: no mechanism, no totals (holders null, nothing distributed), no 24 h change, no flywheel', () => {
    const c = rewardCoinOf(parts(STD, { chain: chain({ mint: classicMint, pool: pool(COIN_STD, PLATFORM_STANDARD) }, STD) }));
    assert.deepEqual(
      [c.reward_mechanism, c.transfer_fee_bps, c.transfer_fee_max, c.adopted, c.holders, c.distributed_quote, c.payout_count, c.last_payout_at],
      [null, null, null, true, null, 0, 0, null],
    );
    assert.deepEqual([c.price_change_24h_pct, c.flywheel, c.volume_24h_usd], [null, false, 0]);
    assert.deepEqual([c.quote_mint, c.quote_category, c.quote_category_raw, c.pool], [MICRON, 'prestock', 'backpack', POOL_STD]);
  });

  test('a standard launch whose mint carries a transfer fee: still no mechanism, the chain\'s bps reported', () => {
    const c = rewardCoinOf(parts(STD, { chain: chain({ mint: t22Mint({ bps: 250 }), pool: pool(COIN_STD, PLATFORM_STANDARD) }, STD) }));
    assert.deepEqual([c.reward_mechanism, c.transfer_fee_bps], [null, 250]);
  });

  test('mechanism when the chain and the API disagree or the mint is unreadable', () => {
    // The mint has no transfer-fee extension although the API says transferFee: the chain wins → fee share.
    const noExt = rewardCoinOf(parts(V3, { chain: chain({ mint: classicMint }) }));
    assert.deepEqual([noExt.reward_mechanism, noExt.transfer_fee_bps], ['fee_share', null]);
    // Mint unreadable: the API's transferFee decides; its bps stand in; nothing else is known.
    const unread = rewardCoinOf(parts(V3, { chain: chain({ mint: null }) }));
    assert.deepEqual(
      [unread.reward_mechanism, unread.transfer_fee_bps, unread.transfer_fee_max, unread.withdraw_authority, unread.fee_mutable],
      ['transfer_fee', 300, null, null, false],
    );
    const unreadNoFee = rewardCoinOf(parts(SPL, { chain: chain({ mint: null, pool: pool(COIN_SPL, PLATFORM_REWARD) }, SPL) }));
    assert.deepEqual([unreadNoFee.reward_mechanism, unreadNoFee.transfer_fee_bps], ['fee_share', null]);
    const nullFee = rewardCoinOf(parts({ ...V3, transferFee: null }, { chain: chain({ mint: null }) }));
    assert.equal(nullFee.reward_mechanism, 'fee_share');
  });

  test('transfer_fee_max in UI units (raw ÷ 10^decimals): 0 raw is a 0 cap; 9 decimals', () => {
    assert.equal(rewardCoinOf(parts(V3, { chain: chain({ mint: t22Mint({ maximumFeeRaw: '0' }) }) })).transfer_fee_max, 0);
    assert.equal(rewardCoinOf(parts(V3, { chain: chain({ mint: { ...t22Mint({ maximumFeeRaw: '1500000000' }), decimals: 9 } }) })).transfer_fee_max, 1.5);
    assert.equal(rewardCoinOf(parts(V3, { chain: chain({ mint: t22Mint({ maximumFeeRaw: '1000000000000000' }) }) })).transfer_fee_max, 1_000_000_000);
  });

  test('fee_mutable from the transfer-fee config authority; withdraw authority as read', () => {
    const c = rewardCoinOf(parts(V3, { chain: chain({ mint: t22Mint({ configAuthority: OTHER_KEY, withdrawWithheldAuthority: OTHER_KEY }) }) }));
    assert.deepEqual([c.fee_mutable, c.withdraw_authority, c.platform_distributor], [true, OTHER_KEY, DISTRIBUTOR]);
    assert.equal(rewardCoinOf(parts(V3, { chain: chain({ mint: t22Mint({ withdrawWithheldAuthority: null }) }) })).withdraw_authority, null);
  });

  test('adoption: the pool\'s platform config must be the one of the coin\'s mode', () => {
    const adopted = (token: StonkToken, p: PoolFacts | null, mint: CoinMintFacts | null = t22Mint()) => rewardCoinOf(parts(token, { chain: chain({ mint, pool: p }, token) })).adopted;
    assert.equal(adopted(V3, pool(COIN_V3, PLATFORM_REWARD)), true);
    assert.equal(adopted(V3, pool(COIN_V3, PLATFORM_STANDARD)), false, 'a reward coin under the standard config');
    assert.equal(adopted(V3, pool(COIN_V3, OTHER_KEY)), false, 'another platform\'s config');
    assert.equal(adopted(V3, null), false, 'no LaunchLab pool state');
    assert.equal(adopted(SPL, pool(COIN_SPL, PLATFORM_REWARD), classicMint), true, 'fee share is a reward mode too');
    assert.equal(adopted(STD, pool(COIN_STD, PLATFORM_STANDARD), classicMint), true);
    assert.equal(adopted(STD, pool(COIN_STD, PLATFORM_REWARD), classicMint), false, 'a standard launch under the reward config');
  });

  test('a coin on another launchpad (no LaunchLab pool to judge) is taken as adopted', () => {
    assert.equal(rewardCoinOf(parts({ ...V3, launchpad: 'pump' }, { chain: chain({ pool: null }) })).adopted, true);
    assert.equal(rewardCoinOf(parts({ ...V3, launchpad: 'pump' }, { chain: chain({ pool: pool(COIN_V3, OTHER_KEY) }) })).adopted, true);
  });

  test('categories: normalized case-insensitively, an unknown or absent one is custom; the raw value kept', () => {
    const cat = (category: string | undefined) => {
      const c = rewardCoinOf(parts({ ...V3, quote: { ...V3.quote, category } }));
      return [c.quote_category, c.quote_category_raw];
    };
    assert.deepEqual(cat('XStock'), ['xstock', 'XStock']);
    assert.deepEqual(cat('backpack'), ['prestock', 'backpack']);
    assert.deepEqual(cat('meme'), ['custom', 'meme']);
    assert.deepEqual(cat(undefined), ['custom', 'custom']);
  });

  test('no quote price → null; no largest-accounts read → top10 null', () => {
    const c = rewardCoinOf(parts(V3, { quotePriceUsd: null, chain: chain({ top10Pct: null }) }));
    assert.deepEqual([c.quote_price_usd, c.top10_pct], [null, null]);
  });
});

describe('totalsOf / tokenRewardTotals', () => {
  test('the ledger\'s lifetime totals: UI amount, count, holders, last payout in epoch ms', () => {
    assert.deepEqual(TOTALS_V3, { distributed_quote: 1446.90050624, payout_count: 300_226, holders: 12_580, last_payout_at: Date.parse('2026-09-06T10:43:29.035Z') });
    assert.equal(totalsOf({ distributedTokens: 0, payoutCount: 0, holderCount: 3, lastPayoutAt: null }).last_payout_at, null);
  });
  test('/tokens/{mint}/rewards: the totals of a reward coin; null for a standard launch', () => {
    const parse = wireParser(StonkTokenRewardsDataSchema);
    assert.deepEqual(tokenRewardTotals(parse(TOKEN_REWARDS.data)), TOTALS_V3);
    assert.equal(tokenRewardTotals(parse(TOKEN_REWARDS_STD.data)), null);
  });
});

// ── coinMintFacts: getAccountInfo (jsonParsed) values, as the node sends them ─────────────────────────
const WITHDRAW = DISTRIBUTOR;
/** A Token-2022 mint with a transfer fee (a change scheduled: older 100 bps, newer 300 bps) and a metadata pointer. */
const T22_BODY = `{"context":{"apiVersion":"2.2.3","slot":364501234},"value":{"data":{"parsed":{"info":{"decimals":6,"extensions":[
  {"extension":"transferFeeConfig","state":{"newerTransferFee":{"epoch":845,"maximumFee":1000000000000000,"transferFeeBasisPoints":300},
   "olderTransferFee":{"epoch":812,"maximumFee":5000,"transferFeeBasisPoints":100},"transferFeeConfigAuthority":null,
   "withdrawWithheldAuthority":"${WITHDRAW}","withheldAmount":18734521}},
  {"extension":"metadataPointer","state":{"authority":null,"metadataAddress":"${COIN_V3}"}}],
  "freezeAuthority":null,"isInitialized":true,"mintAuthority":null,"supply":"999999871234567"},"type":"mint"},
  "program":"spl-token-2022","space":346},"executable":false,"lamports":3299040,"owner":"${TOKEN_2022}","rentEpoch":18446744073709551615,"space":346}}`;
/** A classic SPL Token mint (82 bytes, no extensions). */
const SPL_BODY = `{"context":{"slot":364501234},"value":{"data":{"parsed":{"info":{"decimals":9,"freezeAuthority":null,"isInitialized":true,
  "mintAuthority":null,"supply":"1000000000000000000"},"type":"mint"},"program":"spl-token","space":82},"executable":false,
  "lamports":1461600,"owner":"${TOKEN_PROGRAM}","rentEpoch":18446744073709551615,"space":82}}`;

/** The account as the RPC client hands it on: schema-checked, token layouts and extension states checked. */
function accountOf(body: string): AccountInfo | null {
  const account = wireParser(GetAccountInfoResult)(JSON.parse(body)).value;
  checkAccount(account);
  return account;
}

describe('coinMintFacts', () => {
  test('Token-2022 mint: program, decimals, supply and the NEWER transfer fee with both authorities', () => {
    assert.deepEqual(coinMintFacts(accountOf(T22_BODY)), {
      program: 'spl-token-2022',
      decimals: 6,
      supplyRaw: '999999871234567',
      transferFee: { bps: 300, maximumFeeRaw: '1000000000000000', withdrawWithheldAuthority: WITHDRAW, configAuthority: null },
    });
  });
  test('a set config authority is reported (the rate can still change)', () => {
    const facts = coinMintFacts(accountOf(T22_BODY.replace('"transferFeeConfigAuthority":null', `"transferFeeConfigAuthority":"${OTHER_KEY}"`)));
    assert.equal(facts?.transferFee?.configAuthority, OTHER_KEY);
  });
  test('a Token-2022 mint with only the metadata pointer has no transfer fee', () => {
    const body = T22_BODY.replace(/\{"extension":"transferFeeConfig".*?"withheldAmount":18734521\}\},/s, '');
    assert.ok(!body.includes('transferFeeConfig'));
    assert.deepEqual(coinMintFacts(accountOf(body)), { program: 'spl-token-2022', decimals: 6, supplyRaw: '999999871234567', transferFee: null });
  });
  test('classic SPL mint (82 bytes): no extension, so no transfer fee', () => {
    assert.deepEqual(coinMintFacts(accountOf(SPL_BODY)), { program: 'spl-token', decimals: 9, supplyRaw: '1000000000000000000', transferFee: null });
  });
  test('not a mint: a missing account, a token account, base64 data, another program\'s parsed data', () => {
    assert.equal(coinMintFacts(null), null);
    const tokenAccount = accountOf(`{"context":{"slot":1},"value":{"data":{"parsed":{"info":{"isNative":false,"mint":"${COIN_V3}","owner":"${CREATOR}",
      "state":"initialized","tokenAmount":{"amount":"5","decimals":6,"uiAmount":0.000005,"uiAmountString":"0.000005"}},"type":"account"},
      "program":"spl-token-2022","space":170},"executable":false,"lamports":2074080,"owner":"${TOKEN_2022}","space":170}}`);
    assert.equal(coinMintFacts(tokenAccount), null);
    const raw: AccountInfo = { data: ['AAAA', 'base64'], executable: false, lamports: 1, owner: TOKEN_PROGRAM };
    assert.equal(coinMintFacts(raw), null);
    const other: AccountInfo = { data: { program: 'stake', parsed: { type: 'mint', info: {} }, space: 200 }, executable: false, lamports: 1, owner: TOKEN_PROGRAM };
    assert.equal(coinMintFacts(other), null);
  });
});

// ── poolFacts: a LaunchLab PoolState built here ──────────────────────────────────────────────────────
const GLOBAL = 'B7ctMMdGvy46Am56myTtzfkNzt9kWZVTNGM2BWrJ9adg';
const keyBytes = (a: string) => getAddressEncoder().encode(address(a));

/** A 429-byte pool state: noise everywhere, the discriminator, then each key at its offset (encoded by @solana/kit). */
function poolBytes(size = 429): Uint8Array {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = (i * 37 + 11) & 0xff;
  b.set(POOL_STATE_DISCRIMINATOR, 0);
  const keys: [number, string][] = [
    [POOL_OFFSETS.globalConfig, GLOBAL], [POOL_OFFSETS.platformConfig, PLATFORM_REWARD], [POOL_OFFSETS.baseMint, COIN_V3],
    [POOL_OFFSETS.quoteMint, SPYX], [POOL_OFFSETS.creator, CREATOR],
  ];
  for (const [offset, key] of keys) if (offset + 32 <= size) b.set(keyBytes(key), offset);
  return b;
}
const poolAccount = (bytes: Uint8Array, owner = LAUNCHLAB): AccountInfo => ({
  data: [Buffer.from(bytes).toString('base64'), 'base64'], executable: false, lamports: 3_876_720, owner, rentEpoch: 0, space: bytes.length,
});

describe('poolFacts', () => {
  test('the discriminator is Anchor\'s sha256("account:PoolState")[0..8]; the program is LaunchLab', () => {
    assert.deepEqual([...POOL_STATE_DISCRIMINATOR], [...createHash('sha256').update('account:PoolState').digest().subarray(0, 8)]);
    assert.equal(LAUNCHLAB_PROGRAM_ID, LAUNCHLAB);
  });
  test('a 429-byte LaunchLab pool state: every key at its offset', () => {
    assert.deepEqual(poolFacts(poolAccount(poolBytes())), { globalConfig: GLOBAL, platformConfig: PLATFORM_REWARD, baseMint: COIN_V3, quoteMint: SPYX, creator: CREATOR });
  });
  test('exactly the minimum size (through the creator key) reads; one byte less does not', () => {
    assert.equal(POOL_STATE_MIN_SIZE, 365);
    assert.equal(poolFacts(poolAccount(poolBytes(POOL_STATE_MIN_SIZE)))?.creator, CREATOR);
    assert.equal(poolFacts(poolAccount(poolBytes(POOL_STATE_MIN_SIZE - 1))), null);
  });
  test('not a pool state: wrong owner, wrong discriminator, not base64, missing account', () => {
    assert.equal(poolFacts(poolAccount(poolBytes(), TOKEN_PROGRAM)), null);
    for (const i of [0, 7]) {
      const bad = poolBytes();
      bad[i] = bad[i]! ^ 1;
      assert.equal(poolFacts(poolAccount(bad)), null, `discriminator byte ${i}`);
    }
    assert.equal(poolFacts({ ...poolAccount(poolBytes()), data: { program: 'x', parsed: {}, space: 429 } }), null);
    assert.equal(poolFacts({ ...poolAccount(poolBytes()), data: [Buffer.from(poolBytes()).toString('base64'), 'base58'] }), null);
    assert.equal(poolFacts(null), null);
  });
});

describe('top10Share', () => {
  test('zero or unknown supply → null', () => {
    assert.equal(top10Share(['5'], '0'), null);
    assert.equal(top10Share(['5'], null), null);
  });
  test('fewer than 10 accounts: all of them; none: 0', () => {
    assert.equal(top10Share(['100', '200'], '1000'), 30);
    assert.equal(top10Share([], '1000'), 0);
  });
  test('more than 10 accounts, in any order: the 10 largest only', () => {
    const amounts = [7, 1, 12, 3, 9, 2, 11, 5, 10, 4, 8, 6].map(String);
    assert.equal(top10Share(amounts, '100'), 75); // 3 + 4 + … + 12
  });
  test('exact in integers beyond 2^53: 10 × 1,844,674,407,370,955,161 of 18,446,744,073,709,551,610 is 100', () => {
    assert.equal(top10Share(Array(10).fill('1844674407370955161'), '18446744073709551610'), 100);
    assert.equal(top10Share(['9007199254740993'], '18014398509481986'), 50);
  });
  test('2 decimals: 1/3 → 33.33, 1,234 of 10,000 → 12.34', () => {
    assert.equal(top10Share(['1'], '3'), 33.33);
    assert.equal(top10Share(['1234'], '10000'), 12.34);
  });
  test('half-away-from-zero like every other percentage (src/analytics/round.ts): 2/3 → 66.67, 1/800 → 0.13', () => {
    assert.equal(top10Share(['2'], '3'), 66.67);
    assert.equal(top10Share(['1'], '800'), 0.13);
  });
});

describe('readCoinChainFacts (stub node)', () => {
  test('mints and pools in one batch; a pool whose base mint is another coin is dropped; top-10 from the mint\'s supply', async () => {
    const t22 = accountOf(T22_BODY);
    const calls: string[][] = [];
    const rpc = {
      getMultipleAccounts: async (addresses: readonly string[]) => {
        calls.push([...addresses]);
        // V3's pool belongs to V3; SPL's "pool" is V3's too (wrong base mint).
        return { context: { slot: 1 }, value: [t22, poolAccount(poolBytes()), t22, poolAccount(poolBytes())] };
      },
      getTokenLargestAccounts: async () => ({ context: { slot: 1 }, value: [{ address: CREATOR, amount: '100000000000000', decimals: 6, uiAmount: 100_000_000, uiAmountString: '100000000' }] }),
    } as unknown as SolanaRpcClient;
    const facts = await readCoinChainFacts(rpc, [{ mint: COIN_V3, pool: POOL_V3 }, { mint: COIN_SPL, pool: POOL_SPL }]);
    assert.deepEqual(calls, [[COIN_V3, POOL_V3, COIN_SPL, POOL_SPL]]);
    assert.equal(facts.get(COIN_V3)?.pool?.baseMint, COIN_V3);
    assert.equal(facts.get(COIN_SPL)?.pool, null);
    assert.equal(facts.get(COIN_V3)?.top10Pct, 10); // 10^14 of 999,999,871,234,567 = 10.0000013 %
  });
});

describe('sharedPlatformFacts (live reads reuse the distributor and configs)', () => {
  /** A client stand-in counting its calls; `fail` makes the next pairs read throw. */
  function fakeClient() {
    const calls = { pairs: 0, pricing: 0, fail: false };
    const client = {
      async pairs() {
        calls.pairs++;
        if (calls.fail) throw new Error('platform down');
        return { items: [{ mint: 'Q', launchable: true, launchLabReady: true }], skipped: 0, firstError: null };
      },
      async launchLabPricing() {
        calls.pricing++;
        return { modes: { reward: { withdrawWithheldAuthority: DISTRIBUTOR } }, platform: { standard: PLATFORM_STANDARD, reward: PLATFORM_REWARD } };
      },
    } as unknown as LaunchpadClient;
    return { client, calls };
  }

  test('concurrent and later reads inside the TTL share one read; at the TTL exactly a new one is made', async () => {
    const { client, calls } = fakeClient();
    const [a, b] = await Promise.all([sharedPlatformFacts(client, 0), sharedPlatformFacts(client, 0)]);
    assert.deepEqual(a, PLATFORM);
    assert.equal(b, a);
    await sharedPlatformFacts(client, PLATFORM_FACTS_TTL_MS - 1);
    assert.deepEqual([calls.pairs, calls.pricing], [1, 1]);
    await sharedPlatformFacts(client, PLATFORM_FACTS_TTL_MS);
    assert.deepEqual([calls.pairs, calls.pricing], [2, 2]);
  });

  test('a failed read is not kept: the next call reads again', async () => {
    const { client, calls } = fakeClient();
    calls.fail = true;
    await assert.rejects(sharedPlatformFacts(client, 0), /platform down/);
    calls.fail = false;
    assert.deepEqual(await sharedPlatformFacts(client, 1), PLATFORM);
    assert.equal(calls.pairs, 2);
  });
});
