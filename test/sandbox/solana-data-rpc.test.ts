/**
 * The sandbox data RPC node renders world facts in the node's wire format: checked through the real
 * SolanaRpcClient (so its typed parse is the judge of the format) and with raw JSON-RPC where the wire
 * detail itself (batches, error codes) is the point. The world is a small stub, not the generator.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import { createSolanaDataRpcHandler } from '../../src/sandbox/providers/solana-data-rpc/index.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import type { SandboxWorld, TokenState, TransactionState, WalletState } from '../../src/sandbox/world/types.js';
import { SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { SolanaRpcClient, readMint, readTokenAccount } from '../../src/sources/solana-rpc.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const b58 = getBase58Decoder();
const addr = (label: string) => b58.decode(createHash('sha256').update(label).digest());
const sig = (label: string) => b58.decode(createHash('sha512').update(label).digest());

const NOW = new Date('2025-03-01T12:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const JUP = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const SYSTEM = '11111111111111111111111111111111';
const WALLET = addr('wallet');
const EMPTY = addr('empty');
const POOL = addr('pool');
const CLASSIC = addr('classic-mint');
const T22 = addr('t22-mint');

function token(mint: string, overrides: Partial<TokenState>): TokenState {
  return {
    mint, name: 'Classic', symbol: 'CLS', decimals: 6, supplyRaw: '1000000000000000', program: 'spl-token',
    mintAuthority: null, freezeAuthority: null, extensions: {}, verified: true, tags: [],
    prices: { walletProvider: 1, marketData: 1, priceAggregator: 1 }, priceChange: { h1: 0, h6: 0, h24: 0 },
    marketCapUsd: 1e9, fdvUsd: 1e9, pools: [], holderCount: 3, createdAt: T - 86_400 * 90, uri: 'https://arweave.net/x', image: 'https://arweave.net/y',
    topHolders: [
      { owner: POOL, tokenAccount: addr('ta-pool'), amountRaw: '600000000000000', kind: 'pool' },
      { owner: WALLET, tokenAccount: addr('ta-wallet'), amountRaw: '250000000000000', kind: 'wallet' },
      { owner: addr('exchange'), tokenAccount: addr('ta-exchange'), amountRaw: '150000000000000', kind: 'exchange' },
    ],
    ...overrides,
  };
}

const TOKENS: Record<string, TokenState> = {
  [CLASSIC]: token(CLASSIC, { mintAuthority: addr('classic-authority') }),
  [T22]: token(T22, {
    name: 'Sticky', symbol: 'STK', decimals: 9, program: 'token-2022', mintAuthority: addr('t22-authority'), freezeAuthority: addr('t22-authority'),
    extensions: {
      transferFee: { basisPoints: 250, maximumFeeRaw: '5000000000' },
      permanentDelegate: addr('delegate'),
      transferHookProgram: addr('hook'),
      defaultAccountStateFrozen: true,
      mintCloseAuthority: addr('closer'),
    },
  }),
};

const SWAP: TransactionState = {
  signature: sig('swap'), slot: 320_000_000, timestamp: T - 60, type: 'SWAP', source: 'JUPITER',
  programIds: [COMPUTE_BUDGET, JUP, WHIRLPOOL], feePayer: WALLET, signers: [WALLET], feeLamports: '45000',
  nativeTransfers: [],
  tokenTransfers: [
    { from: WALLET, to: POOL, fromTokenAccount: addr('ta-wallet'), toTokenAccount: addr('ta-pool'), mint: CLASSIC, amountRaw: '5000000', decimals: 6 },
    { from: POOL, to: WALLET, fromTokenAccount: addr('t22-pool'), toTokenAccount: addr('t22-wallet'), mint: T22, amountRaw: '700000000000', decimals: 9 },
  ],
  error: null, description: 'swap',
};
const FAILED: TransactionState = {
  ...SWAP, signature: sig('failed'), slot: 319_999_000, timestamp: T - 600, error: 'InstructionError: custom program error: 0x1771', description: 'failed swap',
};
const TRANSFER: TransactionState = {
  signature: sig('transfer'), slot: 319_990_000, timestamp: T - 3600, type: 'TRANSFER', source: 'SYSTEM_PROGRAM', programIds: [SYSTEM],
  feePayer: WALLET, signers: [WALLET], feeLamports: '5000', nativeTransfers: [{ from: WALLET, to: EMPTY, lamports: '250000000' }],
  tokenTransfers: [], error: null, description: 'transfer',
};
const TXS = [SWAP, FAILED, TRANSFER];

const WALLETS: Record<string, WalletState> = {
  [WALLET]: {
    address: WALLET, lamports: '2500000000', nfts: [], defiPositions: [], transactions: TXS,
    tokens: [{ mint: CLASSIC, tokenAccount: addr('ta-wallet'), amountRaw: '250000000000000', decimals: 6 }],
  },
};

const world: SandboxWorld = {
  seed: 'test',
  token: (mint) => TOKENS[mint] ?? null,
  wallet: (address) => (TOKENS[address] ? null : WALLETS[address] ?? { address, lamports: '0', tokens: [], nfts: [], transactions: [], defiPositions: [] }),
  transaction: (signature) => TXS.find((t) => t.signature === signature) ?? null,
  quote: () => null,
  protocol: () => null,
  protocols: () => [],
};

let server: ProviderServer;
let client: SolanaRpcClient;
const faults = new FaultController();

async function rpc(body: unknown): Promise<any> {
  const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

describe('sandbox data RPC node', () => {
  before(async () => {
    server = await startProviderServer('chain_rpc', createSolanaDataRpcHandler(world, () => NOW), faults);
    client = new SolanaRpcClient({ http: new HttpSource({ leg: 'chain_rpc', baseUrl: server.url, backoffMs: 1, retries: 1, timers: sourceTimers }) });
  });
  after(() => server.close());

  it('a Token-2022 mint round-trips: world extensions → jsonParsed → readMint gives the same facts', async () => {
    const mint = readMint((await client.getAccountInfo(T22)).value);
    const t = TOKENS[T22]!;
    assert.deepEqual(mint, {
      program: 'spl-token-2022', decimals: 9, supplyRaw: t.supplyRaw, mintAuthority: t.mintAuthority, freezeAuthority: t.freezeAuthority, extensions: t.extensions,
    });
  });

  it('a classic mint is spl-token with no extensions, owned by the Token program', async () => {
    const info = (await client.getAccountInfo(CLASSIC)).value;
    assert.equal(info?.owner, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    assert.deepEqual(readMint(info)?.extensions, {});
    assert.equal(readMint(info)?.mintAuthority, TOKENS[CLASSIC]!.mintAuthority);
  });

  it('largest accounts are the top holders; their owners resolve through getMultipleAccounts', async () => {
    const largest = (await client.getTokenLargestAccounts(CLASSIC)).value;
    const holders = TOKENS[CLASSIC]!.topHolders;
    assert.deepEqual(largest.map((l) => [l.address, l.amount]), holders.map((h) => [h.tokenAccount, h.amountRaw]));
    assert.equal(largest[0]!.uiAmountString, '600000000');
    const accounts = (await client.getMultipleAccounts(largest.map((l) => l.address))).value.map(readTokenAccount);
    assert.deepEqual(accounts.map((a) => a?.owner), holders.map((h) => h.owner));
    assert.deepEqual(accounts.map((a) => a?.mint), holders.map(() => CLASSIC));
  });

  it('supply and balances come from the world; an empty wallet does not exist as an account', async () => {
    assert.equal((await client.getTokenSupply(T22)).value.amount, TOKENS[T22]!.supplyRaw);
    assert.equal((await client.getBalance(WALLET)).value, 2_500_000_000);
    assert.equal((await client.getBalance(EMPTY)).value, 0);
    assert.equal((await client.getAccountInfo(EMPTY)).value, null);
    assert.equal(readMint((await client.getAccountInfo(WALLET)).value), null);
  });

  it('token methods on a non-mint answer like a node: -32602 "not a Token mint" / "could not find account"', async () => {
    await assert.rejects(client.getTokenLargestAccounts(WALLET), (e: unknown) => e instanceof SourceError && e.leg === 'chain_rpc');
    const notMint = await rpc({ jsonrpc: '2.0', id: 7, method: 'getTokenSupply', params: [WALLET] });
    assert.deepEqual(notMint, { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid param: not a Token mint' }, id: 7 });
    const missing = await rpc({ jsonrpc: '2.0', id: 8, method: 'getTokenLargestAccounts', params: [EMPTY] });
    assert.equal(missing.error.message, 'Invalid param: could not find account');
  });

  it('signatures are newest first with err on the failed one; before/limit page through them', async () => {
    const all = await client.getSignaturesForAddress(WALLET);
    assert.deepEqual(all.map((s) => s.signature), TXS.map((t) => t.signature));
    assert.equal(all[0]!.err, null);
    // Compute-budget instructions come first, so the swap fails in instruction 2.
    assert.deepEqual(all[1]!.err, { InstructionError: [2, { Custom: 0x1771 }] });
    const page = await client.getSignaturesForAddress(WALLET, { before: SWAP.signature, limit: 1 });
    assert.deepEqual(page.map((s) => s.signature), [FAILED.signature]);
    assert.deepEqual(await client.getSignaturesForAddress(CLASSIC), []);
  });

  it('a successful swap: parsed token transfers inside the outer program, balances moved by the transfers', async () => {
    const tx = await client.getTransaction(SWAP.signature);
    assert.ok(tx?.meta);
    assert.equal(tx.meta.err, null);
    assert.equal(tx.blockTime, SWAP.timestamp);
    assert.equal(tx.transaction.message.accountKeys[0]!.pubkey, WALLET);
    assert.equal(tx.transaction.message.accountKeys[0]!.signer, true);
    assert.deepEqual(tx.transaction.message.instructions.map((i) => i.programId), [COMPUTE_BUDGET, COMPUTE_BUDGET, JUP]);
    const inner = tx.meta.innerInstructions?.[0];
    assert.equal(inner?.index, 2);
    const transfers = inner!.instructions.filter((i) => 'parsed' in i && (i.parsed as { type: string }).type === 'transferChecked');
    assert.equal(transfers.length, 2);
    assert.equal(transfers[1]!.programId, 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    // Token balance deltas equal the transferred amounts, per token account.
    const keyIndex = (a: string) => tx.transaction.message.accountKeys.findIndex((k) => k.pubkey === a);
    const amount = (rows: typeof tx.meta.preTokenBalances, a: string) => BigInt(rows!.find((r) => r.accountIndex === keyIndex(a))!.uiTokenAmount.amount);
    assert.equal(amount(tx.meta.postTokenBalances, addr('t22-wallet')) - amount(tx.meta.preTokenBalances, addr('t22-wallet')), 700000000000n);
    assert.equal(amount(tx.meta.preTokenBalances, addr('ta-wallet')) - amount(tx.meta.postTokenBalances, addr('ta-wallet')), 5000000n);
    assert.equal(tx.meta.preBalances[0]! - tx.meta.postBalances[0]!, 45000);
  });

  it('a failed transaction: meta.err/status set, only the fee moves, no inner instructions', async () => {
    const tx = await client.getTransaction(FAILED.signature);
    assert.ok(tx?.meta);
    assert.deepEqual(tx.meta.err, { InstructionError: [2, { Custom: 6001 }] });
    assert.equal(tx.meta.preBalances[0]! - tx.meta.postBalances[0]!, 45000);
    assert.deepEqual(tx.meta.preBalances.slice(1), tx.meta.postBalances.slice(1));
    assert.deepEqual(tx.meta.preTokenBalances, tx.meta.postTokenBalances);
    assert.deepEqual(tx.meta.innerInstructions, []);
    assert.match(tx.meta.logMessages!.at(-1)!, /failed: custom program error: 0x1771$/);
  });

  it('a SOL transfer is a parsed system instruction; an unknown signature is null', async () => {
    const tx = await client.getTransaction(TRANSFER.signature);
    const ix = tx?.transaction.message.instructions[0];
    assert.ok(ix && 'parsed' in ix);
    assert.deepEqual(ix.parsed, { info: { destination: EMPTY, lamports: 250000000, source: WALLET }, type: 'transfer' });
    assert.equal(await client.getTransaction(sig('unknown')), null);
  });

  it('the same clock gives byte-identical answers', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [SWAP.signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }] };
    assert.equal(JSON.stringify(await rpc(body)), JSON.stringify(await rpc(body)));
  });

  it('JSON-RPC framing: batches answer in order with ids; unknown methods, v0 without opt-in and >100 keys are errors', async () => {
    const batch = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [WALLET] },
      { jsonrpc: '2.0', id: 2, method: 'getSlot' },
      { jsonrpc: '2.0', id: 3, method: 'getNothing' },
    ]);
    assert.deepEqual(batch.map((r: any) => r.id), [1, 2, 3]);
    assert.equal(batch[0].result.value, 2_500_000_000);
    assert.equal(batch[0].result.context.slot, batch[1].result);
    assert.equal(batch[2].error.code, -32601);
    const legacy = await rpc({ jsonrpc: '2.0', id: 4, method: 'getTransaction', params: [SWAP.signature, { encoding: 'jsonParsed' }] });
    assert.equal(legacy.error.code, -32015);
    const tooMany = await rpc({ jsonrpc: '2.0', id: 5, method: 'getMultipleAccounts', params: [Array(101).fill(WALLET), { encoding: 'jsonParsed' }] });
    assert.equal(tooMany.error.message, 'Too many inputs provided; max 100');
    assert.equal((await rpc({ jsonrpc: '2.0', id: 6, method: 'getBalance', params: ['nope'] })).error.code, -32602);
  });

  it('injected faults reach the client: a malformed body is `malformed`', async () => {
    faults.set('chain_rpc', { malformed: true });
    try {
      await assert.rejects(client.getBalance(WALLET), (e: unknown) => e instanceof SourceError && e.kind === 'malformed');
    } finally {
      faults.set('chain_rpc', undefined);
    }
  });
});
