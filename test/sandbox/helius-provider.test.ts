/**
 * The sandbox Helius provider, exercised through the production HeliusClient over loopback HTTP, so a
 * rendering that drifts from the wire schema fails here as `malformed`. A small stub world stands in
 * for the generator: these tests pin how world facts map to Helius' format, not what the cast is.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createHeliusHandler } from '../../src/sandbox/providers/helius/index.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import type { NftState, SandboxWorld, TokenState, TransactionState, WalletState } from '../../src/sandbox/world/types.js';
import { HeliusClient } from '../../src/sources/helius.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { SourceError } from '../../src/sources/errors.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const WALLET = '2t3WJpb4VXsT36Q65rYwZ76FQmUGowySBJXeZMShbr5M';
const EMPTY_WALLET = '3qHPwtX17Kxkd1SpPaUMuVoPwQ7CoBateDmC3tvnjhMp';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WSOL = 'So11111111111111111111111111111111111111112';
const RISKY = 'Ar6YXMzVymbbyYsQ82SdBRuwQA1W5B9fvbYYpQsqXgtk';
const UNPRICED = 'BWNqFmFEC63WwpbXCYf4CEeohPTyrujKKJhKPvCcrDym';
const ZERO_MINT = '3tBv2agKZnxRQqpHUsrm69Dq4pScRPWJkEY2NbDUjxft';
const COLLECTION = '55wmRxXJbuCmrQZadoqeCCxXSAnzc58pxcJDjcW77EzC';
const POOL = '2UCpoKckGeSre2q1gbkJEcBvMm9moPTddEJm2iy1kQLV';
const SIG = {
  swap: 'gxQLEhzVGomqaaUK1vFQwpgHwRKaz5v9vNGyNHPZJamtbdcE7vrxksGTzeJeyd1zR7rmBbEif1SeaXt7MiDiEaY',
  transfer: '3fvYQXdFMgCMYgWjHyWjkWwMWxYG5o7CjebKC96FtyvYnXVVCih84voNsSPAzryefLnkqKowCzcqbNAmGNWhu7Tc',
  failed: '5wt3DSkNqheyXexP4Sf9UN7ueMMzCDJvjtDvCKNTeSv9MYzDykFFhmaQXPKYhjfqMiWn4F2bmuDTSLyDgfsNnj87',
  nftSale: '59CPzVJBRJH1P5JDKbqd95HRWiJW1kiwRDrMacRqR97uuSTP2HJgqG3YQJ1EyQRAjD7jwpUmZgZzX5ZAfbafziPf',
  unknown: '5mxbLJUgu44r9C3iMfZGdivjhk7nAXnwXUApHWt7pCkn33b8sb7yCK1VM5qeiAeEcDLoRPugoMhrEavk4DVpm41',
};
const NOW = new Date(Date.UTC(2025, 0, 15, 12));
const T = Math.floor(NOW.getTime() / 1000);

function token(mint: string, over: Partial<TokenState>): TokenState {
  return {
    mint, name: 'Token', symbol: 'TKN', decimals: 6, supplyRaw: '1000000000000000', program: 'spl-token',
    mintAuthority: null, freezeAuthority: null, extensions: {}, verified: true, tags: [],
    prices: { walletProvider: null, marketData: null, priceAggregator: null }, priceChange: { h1: null, h6: null, h24: null },
    marketCapUsd: null, fdvUsd: null, pools: [], topHolders: [], holderCount: 0, createdAt: T - 86400 * 400,
    uri: `https://arweave.net/${mint}`, image: `https://arweave.net/${mint}.png`, ...over,
  };
}

const TOKENS = new Map<string, TokenState>([
  [USDC, token(USDC, { name: 'USD Coin', symbol: 'USDC', prices: { walletProvider: 0.9999, marketData: 1, priceAggregator: 1 }, mintAuthority: 'BJE5MMbqXjVwjAF7oxwPYXnTXDyspzZyt4vwenNw5ruG', freezeAuthority: '7dGbd2QZcCKcTndnHcTL8q7SMVXAkp688NTQYwrRCrar' })],
  [WSOL, token(WSOL, { name: 'Wrapped SOL', symbol: 'SOL', decimals: 9, prices: { walletProvider: 150, marketData: 150.2, priceAggregator: 149.9 } })],
  [RISKY, token(RISKY, {
    name: 'Rug Pull Inu', symbol: 'RUG', decimals: 9, program: 'token-2022', mintAuthority: 'DGd4LAtDs88siRGTqeB4fG5buPRMQfxVcMKdqXe4ectr',
    freezeAuthority: 'DGd4LAtDs88siRGTqeB4fG5buPRMQfxVcMKdqXe4ectr', prices: { walletProvider: 0.002, marketData: 0.0021, priceAggregator: null },
    extensions: { transferFee: { basisPoints: 500, maximumFeeRaw: '1000000000' }, permanentDelegate: 'HSZ9jfFjo5f3L8qqNCBNtWYkcRhmNnYGrEKKpCBZtXcY', transferHookProgram: '7ng7pHGsjvD4p4Z8by5hPnuMHSvitAVSi96HQN3pUiJA' },
  })],
  [UNPRICED, token(UNPRICED, { name: 'Nobody Prices Me', symbol: 'NOPE' })],
  [ZERO_MINT, token(ZERO_MINT, { name: 'Dust', symbol: 'DUST', prices: { walletProvider: 1, marketData: null, priceAggregator: null } })],
]);

const nft = (id: string, over: Partial<NftState>): NftState => ({ id, name: 'NFT', description: '', collection: null, compressed: false, spamFlag: false, image: `https://arweave.net/${id}.png`, ...over });

function tx(signature: string, over: Partial<TransactionState>): TransactionState {
  return {
    signature, slot: 312_000_000, timestamp: T - 60, type: 'TRANSFER', source: 'SYSTEM_PROGRAM', programIds: ['11111111111111111111111111111111'],
    feePayer: WALLET, signers: [WALLET], feeLamports: '5000', nativeTransfers: [], tokenTransfers: [], error: null, description: '', ...over,
  };
}

const TXS: TransactionState[] = [
  tx(SIG.swap, {
    timestamp: T - 100, slot: 312_000_900, type: 'SWAP', source: 'JUPITER', feeLamports: '85000',
    programIds: ['ComputeBudget111111111111111111111111111111', 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'],
    nativeTransfers: [{ from: WALLET, to: 'GoMCEV4eENQ3jGG8vFSTHtZo3zYcuQq4LmvyRkLzrkdB', lamports: '2000000000' }],
    tokenTransfers: [
      { from: WALLET, to: POOL, fromTokenAccount: 'GoMCEV4eENQ3jGG8vFSTHtZo3zYcuQq4LmvyRkLzrkdB', toTokenAccount: 'GLSV7x33TkXz92K8q8yse32X1JtDDUTDaZYwEZ8TFoZC', mint: WSOL, amountRaw: '2000000000', decimals: 9 },
      { from: POOL, to: WALLET, fromTokenAccount: '3QCkBmXVjnxC7sDVa1Yp1s2N86vAFTDXMtKyZKtqZMAS', toTokenAccount: '68XXMKAGWGMPfQjdDvrK8iqXnKfvUdP74XHQsNjLeSyi', mint: USDC, amountRaw: '299950000', decimals: 6 },
    ],
    description: `${WALLET} swapped 2 SOL for 299.95 USDC`,
  }),
  tx(SIG.transfer, { timestamp: T - 2000, slot: 312_000_100, nativeTransfers: [{ from: WALLET, to: EMPTY_WALLET, lamports: '500000000' }], description: `${WALLET} transferred 0.5 SOL to ${EMPTY_WALLET}.` }),
  tx(SIG.failed, {
    timestamp: T - 3000, slot: 312_000_050, type: 'UNKNOWN', source: 'JUPITER', feeLamports: '105000', error: 'custom program error: 0x1771',
    programIds: ['JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'],
    // A failed transaction moves nothing; the provider must not report these as transfers.
    nativeTransfers: [{ from: WALLET, to: POOL, lamports: '999' }],
  }),
];
const NFT_SALE = tx(SIG.nftSale, {
  timestamp: T - 5000, type: 'NFT_SALE', source: 'MAGIC_EDEN', feePayer: EMPTY_WALLET, programIds: ['M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K'],
  nativeTransfers: [{ from: EMPTY_WALLET, to: WALLET, lamports: '3000000000' }],
  tokenTransfers: [{ from: WALLET, to: EMPTY_WALLET, fromTokenAccount: 'yESYKQP8msmvggNuAg4vPghsFMRTdvLbQ9GLY3AEVB4', toTokenAccount: '7LHPFkAzdyk2YzcHhbj58yxpZvFdQsuEjj6sFx6BcLFY', mint: 'FoeKQW35FprcqmHQy3o6TTST78CrkiZqHAyeT9NYbg8j', amountRaw: '1', decimals: 0 }],
});

const WALLET_STATE: WalletState = {
  address: WALLET,
  lamports: '3500000000',
  tokens: [
    { mint: USDC, tokenAccount: '68XXMKAGWGMPfQjdDvrK8iqXnKfvUdP74XHQsNjLeSyi', amountRaw: '1250500000', decimals: 6 },
    { mint: RISKY, tokenAccount: 'yESYKQP8msmvggNuAg4vPghsFMRTdvLbQ9GLY3AEVB4', amountRaw: '5000000000000', decimals: 9 },
    { mint: UNPRICED, tokenAccount: '7LHPFkAzdyk2YzcHhbj58yxpZvFdQsuEjj6sFx6BcLFY', amountRaw: '42000000', decimals: 6 },
    { mint: ZERO_MINT, tokenAccount: 'AthMeJS1nmVgSNCHvg2xuBMJS9oiGxs7yW93tVjpqgdQ', amountRaw: '0', decimals: 6 },
  ],
  nfts: [
    nft('FoeKQW35FprcqmHQy3o6TTST78CrkiZqHAyeT9NYbg8j', { name: 'Sandbox Apes #12', description: 'An ape.', collection: { address: COLLECTION, name: 'Sandbox Apes' } }),
    nft('8oQxZxEHZom2bMiS1ewHoJM13cNxAnnufPnnYore39eb', { name: 'Moonrise #7', compressed: true, collection: { address: COLLECTION, name: 'Sandbox Apes' } }),
    nft('3zU8ZeNxCFd8QzWtHjA9YPVhBj2qSHruEdEMDXZMsP7t', { name: '5000 JUP voucher', description: 'Claim at jup-claim.xyz', compressed: true, spamFlag: true }),
  ],
  transactions: TXS,
  defiPositions: [],
};

const world: SandboxWorld = {
  seed: 'stub',
  token: (mint) => TOKENS.get(mint) ?? null,
  wallet: (address) => (TOKENS.has(address) ? null : address === WALLET ? WALLET_STATE : { address, lamports: '0', tokens: [], nfts: [], transactions: [], defiPositions: [] }),
  transaction: (sig) => [...TXS, NFT_SALE].find((t) => t.signature === sig) ?? null,
  quote: () => null,
  protocol: () => null,
  protocols: () => [],
};

const faults = new FaultController();
let server: ProviderServer;
let helius: HeliusClient;

before(async () => {
  server = await startProviderServer('wallet_assets', createHeliusHandler(world, () => NOW), faults);
  const source = () => new HttpSource({ leg: 'wallet_assets', baseUrl: server.url, query: { 'api-key': 'sandbox' }, retries: 0, timeoutMs: 2000, timers: sourceTimers });
  helius = new HeliusClient({ rpc: source(), api: source() });
});
after(() => server.close());

async function rpc(body: unknown): Promise<any> {
  const res = await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, 'DAS answers JSON-RPC errors with HTTP 200');
  return res.json();
}

describe('DAS getAssetsByOwner', () => {
  test('renders holdings, prices, NFTs and the native balance in the documented shape', async () => {
    const { items, nativeBalance, truncated } = await helius.getAssetsByOwner(WALLET);
    assert.equal(truncated, false);
    // 3 non-zero fungibles + 3 NFTs; the zero-balance DUST account is hidden (showZeroBalance: false).
    assert.equal(items.length, 6);
    assert.ok(!items.some((a) => a.id === ZERO_MINT));
    // DAS' default order is by id.
    assert.deepEqual(items.map((a) => a.id), [...items.map((a) => a.id)].sort());

    const usdc = items.find((a) => a.id === USDC)!;
    assert.equal(usdc.interface, 'FungibleToken');
    assert.equal(usdc.token_info?.balance, 1250500000);
    assert.equal(usdc.token_info?.associated_token_address, '68XXMKAGWGMPfQjdDvrK8iqXnKfvUdP74XHQsNjLeSyi');
    assert.equal(usdc.token_info?.price_info?.price_per_token, 0.9999);
    assert.equal(usdc.token_info?.price_info?.total_price, 1250.374950);
    assert.equal(usdc.content?.metadata.symbol, 'USDC');
    // The world's wallet-provider price is what Helius reports; an unpriced token has no price_info.
    assert.equal(items.find((a) => a.id === UNPRICED)!.token_info?.price_info, undefined);
    assert.equal(items.find((a) => a.id === RISKY)!.token_info?.token_program, 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');

    const nfts = items.filter((a) => a.interface !== 'FungibleToken');
    assert.deepEqual(nfts.map((a) => [a.content?.metadata.name, a.compression?.compressed]).sort(), [
      ['5000 JUP voucher', true], ['Moonrise #7', true], ['Sandbox Apes #12', false],
    ]);
    const ape = nfts.find((a) => a.content?.metadata.name === 'Sandbox Apes #12')!;
    assert.deepEqual(ape.grouping, [{ group_key: 'collection', group_value: COLLECTION, collection_metadata: { name: 'Sandbox Apes', symbol: '', image: '', description: '', external_url: '' } }]);
    assert.equal(ape.ownership.owner, WALLET);
    const spam = nfts.find((a) => a.content?.metadata.name === '5000 JUP voucher')!;
    assert.equal(spam.content?.metadata.description, 'Claim at jup-claim.xyz');
    assert.deepEqual(spam.grouping, []);
    // DAS has no spam flag: nothing of the kind may appear on the wire.
    assert.ok(!JSON.stringify(spam).toLowerCase().includes('spam'));
    assert.equal(spam.burnt, false);

    assert.deepEqual(nativeBalance, { lamports: 3500000000, price_per_sol: 150, total_price: 525 });
  });

  test('pages by limit and the client cap reports truncation', async () => {
    const capped = await helius.getAssetsByOwner(WALLET, { limit: 2, maxPages: 2 });
    assert.equal(capped.items.length, 4);
    assert.equal(capped.truncated, true);
    const all = await helius.getAssetsByOwner(WALLET, { limit: 4, maxPages: 3 });
    assert.equal(all.items.length, 6);
    assert.equal(all.truncated, false);
    assert.equal(new Set(all.items.map((a) => a.id)).size, 6, 'pages must not overlap');
  });

  test('without showFungible only NFTs come back, and collection metadata only on request (real DAS defaults)', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 7, method: 'getAssetsByOwner', params: { ownerAddress: WALLET, page: 1, limit: 10 } });
    assert.equal(res.id, 7);
    assert.equal(res.result.items.length, 3);
    assert.equal(res.result.nativeBalance, undefined);
    assert.ok(res.result.items.every((a: any) => a.grouping.every((g: any) => g.collection_metadata === undefined)));
    // `options` (current docs) and `displayOptions` (alias) mean the same.
    const viaOptions = await rpc({ jsonrpc: '2.0', id: 8, method: 'getAssetsByOwner', params: { ownerAddress: WALLET, options: { showFungible: true } } });
    assert.equal(viaOptions.result.items.length, 6);
  });

  test('an empty or unknown wallet is an empty list; a bad address is a validation error', async () => {
    const empty = await helius.getAssetsByOwner(EMPTY_WALLET);
    assert.deepEqual(empty.items, []);
    assert.equal(empty.nativeBalance?.lamports, 0);
    const bad = await rpc({ jsonrpc: '2.0', id: 1, method: 'getAssetsByOwner', params: { ownerAddress: 'not-an-address' } });
    assert.equal(bad.error.code, -32000);
    assert.match(bad.error.message, /Pubkey Validation Error/);
    const tooBig = await rpc({ jsonrpc: '2.0', id: 1, method: 'getAssetsByOwner', params: { ownerAddress: WALLET, limit: 5000 } });
    assert.equal(tooBig.error.code, -32000);
    const unknownMethod = await rpc({ jsonrpc: '2.0', id: 1, method: 'getAssetsByNothing', params: {} });
    assert.equal(unknownMethod.error.code, -32601);
  });
});

describe('DAS getAsset', () => {
  test('a Token-2022 mint shows authorities, price and its extensions', async () => {
    const asset = await helius.getAsset(RISKY);
    assert.equal(asset?.content?.metadata.name, 'Rug Pull Inu');
    assert.equal(asset?.token_info?.mint_authority, 'DGd4LAtDs88siRGTqeB4fG5buPRMQfxVcMKdqXe4ectr');
    assert.equal(asset?.token_info?.freeze_authority, 'DGd4LAtDs88siRGTqeB4fG5buPRMQfxVcMKdqXe4ectr');
    assert.equal(asset?.token_info?.supply, 1e15);
    assert.equal(asset?.token_info?.price_info?.price_per_token, 0.002);
    assert.equal(asset?.token_info?.balance, undefined, 'a mint view has no holder balance');
    assert.deepEqual(Object.keys(asset?.mint_extensions ?? {}).sort(), ['permanent_delegate', 'transfer_fee_config', 'transfer_hook']);
    assert.deepEqual((asset?.mint_extensions as any).transfer_fee_config.newer_transfer_fee, { epoch: 700, maximum_fee: 1000000000, transfer_fee_basis_points: 500 });
  });

  test('revoked authorities are absent and SPL mints carry no mint_extensions', async () => {
    const asset = await helius.getAsset(UNPRICED);
    assert.equal(asset?.token_info?.mint_authority, undefined);
    assert.equal(asset?.token_info?.freeze_authority, undefined);
    assert.equal(asset?.mint_extensions, undefined);
  });

  test('an unknown id answers the real "Asset Not Found" JSON-RPC error, which the client reads as null', async () => {
    assert.equal(await helius.getAsset(WALLET), null);
    const raw = await rpc({ jsonrpc: '2.0', id: 'x', method: 'getAsset', params: { id: WALLET } });
    assert.deepEqual(raw, { jsonrpc: '2.0', error: { code: -32000, message: 'Database Error: RecordNotFound Error: Asset Not Found' }, id: 'x' });
  });
});

describe('Enhanced transactions', () => {
  test('history: most recent first, paged with before-signature and limit', async () => {
    const all = await helius.getTransactionsByAddress(WALLET);
    assert.deepEqual(all.map((t) => t.signature), [SIG.swap, SIG.transfer, SIG.failed]);
    const page = await helius.getTransactionsByAddress(WALLET, { limit: 1, beforeSignature: SIG.swap });
    assert.deepEqual(page.map((t) => t.signature), [SIG.transfer]);
    assert.deepEqual(await helius.getTransactionsByAddress(EMPTY_WALLET), []);
  });

  test('a swap carries UI token amounts, raw balance changes, the fee and a swap event', async () => {
    const [swap] = await helius.getTransactionsByAddress(WALLET, { limit: 1 });
    assert.equal(swap!.type, 'SWAP');
    assert.equal(swap!.source, 'JUPITER');
    assert.equal(swap!.fee, 85000);
    assert.deepEqual(swap!.tokenTransfers?.map((t) => [t.mint, t.tokenAmount, t.tokenStandard]), [[WSOL, 2, 'Fungible'], [USDC, 299.95, 'Fungible']]);
    const me = swap!.accountData?.find((a) => a.account === WALLET);
    assert.equal(me?.nativeBalanceChange, -2000085000);
    const usdcAta = swap!.accountData?.find((a) => a.account === '68XXMKAGWGMPfQjdDvrK8iqXnKfvUdP74XHQsNjLeSyi');
    assert.deepEqual(usdcAta?.tokenBalanceChanges, [{ userAccount: WALLET, tokenAccount: '68XXMKAGWGMPfQjdDvrK8iqXnKfvUdP74XHQsNjLeSyi', mint: USDC, rawTokenAmount: { tokenAmount: '299950000', decimals: 6 } }]);
    assert.deepEqual(swap!.instructions?.map((i) => i.programId), ['ComputeBudget111111111111111111111111111111', 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4']);
    const event = swap!.events?.swap as any;
    assert.deepEqual(event.nativeInput, { account: WALLET, amount: '2000000000' });
    assert.equal(event.tokenOutputs[0].mint, USDC);
  });

  test('a failed transaction reports its error and only the fee moving', async () => {
    const failed = (await helius.getTransactionsByAddress(WALLET)).find((t) => t.signature === SIG.failed)!;
    assert.deepEqual(failed.transactionError, { error: 'custom program error: 0x1771' });
    assert.deepEqual(failed.nativeTransfers, []);
    assert.deepEqual(failed.tokenTransfers, []);
    assert.equal(failed.accountData?.find((a) => a.account === WALLET)?.nativeBalanceChange, -105000);
  });

  test('parse: a known signature renders, an unknown one is absent, a malformed one is a 400', async () => {
    const sale = await helius.parseTransaction(SIG.nftSale);
    assert.equal(sale?.type, 'NFT_SALE');
    assert.equal(sale?.tokenTransfers?.[0]?.tokenStandard, 'NonFungible');
    const nftEvent = sale?.events?.nft as any;
    assert.equal(nftEvent.buyer, EMPTY_WALLET);
    assert.equal(nftEvent.seller, WALLET);
    assert.equal(nftEvent.amount, 3000000000);

    assert.equal(await helius.parseTransaction(SIG.unknown), null);
    const res = await fetch(`${server.url}/v0/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transactions: ['nope'] }) });
    assert.equal(res.status, 400);
    assert.equal(typeof (await res.json()).error, 'string');
  });

  test('history limit outside 1..100 is refused like the real API', async () => {
    const res = await fetch(`${server.url}/v0/addresses/${WALLET}/transactions?limit=500`);
    assert.equal(res.status, 400);
  });
});

describe('sandbox behaviour', () => {
  test('same clock, same bytes', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAssetsByOwner', params: { ownerAddress: WALLET, displayOptions: { showFungible: true, showNativeBalance: true } } });
    const once = async () => (await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
    assert.equal(await once(), await once());
    const hist = async () => (await fetch(`${server.url}/v0/addresses/${WALLET}/transactions`)).text();
    assert.equal(await hist(), await hist());
  });

  test('injected faults on the leg reach the client as SourceErrors', async () => {
    faults.set('wallet_assets', { malformed: true });
    try {
      await assert.rejects(helius.getAssetsByOwner(WALLET), (err) => err instanceof SourceError && err.kind === 'malformed');
      faults.set('wallet_assets', { errorRate: 1, errorStatus: 503 });
      await assert.rejects(helius.getTransactionsByAddress(WALLET), (err) => err instanceof SourceError && err.kind === 'unavailable');
    } finally {
      faults.clear();
    }
  });

  test('unknown routes are 404', async () => {
    assert.equal((await fetch(`${server.url}/v1/wallet/${WALLET}/balances`)).status, 404);
  });
});
