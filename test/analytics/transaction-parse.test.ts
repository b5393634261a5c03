import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTransaction } from '../../src/analytics/transaction-parse.js';
import {
  BUBBLEGUM_PROGRAM, COMPUTE_BUDGET_PROGRAM, JUPITER_V6, MAGIC_EDEN_V2, MARINADE_PROGRAM, RAYDIUM_AMM_V4, STAKE_PROGRAM,
  SYSTEM_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM, WORMHOLE_CORE,
} from '../../src/analytics/known-programs.js';
import type { TransactionInput } from '../../src/analytics/types.js';

const PAYER = 'Payer11111111111111111111111111111111111111';
const BOB = 'Bob1111111111111111111111111111111111111111';
const POOL = 'Poo11111111111111111111111111111111111111111';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const NFT = 'Nft11111111111111111111111111111111111111111';
const UNKNOWN_PROGRAM = 'Unkn0wn1111111111111111111111111111111111111';
const BINANCE = 'HXsKP7wrBWaQ8T2Vtjry3Nj3oUgwYcqq9vrHDM12G664';

const base = (over: Partial<TransactionInput>): TransactionInput => ({ signature: 'sig', feePayer: PAYER, programIds: [], ...over });

test('plain SOL transfer: inferred TRANSFER via System Program, roles and amounts', () => {
  const r = parseTransaction(base({
    programIds: [COMPUTE_BUDGET_PROGRAM, SYSTEM_PROGRAM],
    nativeTransfers: [{ from: PAYER, to: BINANCE, amountLamports: '1500000000' }],
  }));
  assert.equal(r.type, 'TRANSFER');
  assert.equal(r.type_source, 'inferred');
  assert.equal(r.status, 'success');
  assert.equal(r.error, null);
  assert.deepEqual(r.protocol, { name: 'System Program', program_id: SYSTEM_PROGRAM });
  assert.deepEqual(r.transfers, [{ kind: 'native', from: PAYER, to: BINANCE, amount_raw: '1500000000', ui_amount: 1.5 }]);
  assert.deepEqual(r.account_roles.map((a) => [a.address, a.roles]), [
    [PAYER, ['fee_payer', 'signer', 'sender']],
    [BINANCE, ['receiver']],
    [COMPUTE_BUDGET_PROGRAM, ['program']],
    [SYSTEM_PROGRAM, ['program']],
  ]);
  assert.equal(r.account_roles[1]!.entity!.kind, 'cex');
  assert.equal(r.account_roles[0]!.entity, null);
});

test('provider type wins when it maps; Jupiter swap', () => {
  const r = parseTransaction(base({
    type: 'SWAP',
    programIds: [COMPUTE_BUDGET_PROGRAM, JUPITER_V6, RAYDIUM_AMM_V4, TOKEN_PROGRAM],
    nativeTransfers: [{ from: PAYER, to: POOL, amountLamports: 1_000_000_000 }],
    tokenTransfers: [{ from: POOL, to: PAYER, mint: USDC, amountRaw: '150000000', uiAmount: 150 }],
  }));
  assert.equal(r.type, 'SWAP');
  assert.equal(r.type_source, 'provider');
  assert.deepEqual(r.protocol, { name: 'Jupiter Aggregator v6', program_id: JUPITER_V6 });
  assert.deepEqual(r.transfers[1], { kind: 'token', from: POOL, to: PAYER, mint: USDC, amount_raw: '150000000', ui_amount: 150 });
  assert.deepEqual(r.account_roles.find((a) => a.address === POOL)!.roles, ['sender', 'receiver']);
});

test('swap inferred from programs, and from a two-asset exchange by the fee payer', () => {
  assert.equal(parseTransaction(base({ type: 'UNKNOWN', programIds: [RAYDIUM_AMM_V4] })).type, 'SWAP');
  const r = parseTransaction(base({
    programIds: [UNKNOWN_PROGRAM, TOKEN_PROGRAM],
    nativeTransfers: [{ from: PAYER, to: POOL, amountLamports: 5 }],
    tokenTransfers: [{ from: POOL, to: PAYER, mint: USDC, uiAmount: 1 }],
  }));
  assert.equal(r.type, 'SWAP');
  assert.equal(r.protocol, null); // unrecognised program: not guessed
  assert.deepEqual(r.programs.map((p) => p.name), [null, 'SPL Token']);
});

test('NFT sale, NFT mint, stake, bridge', () => {
  const sale = parseTransaction(base({
    programIds: [MAGIC_EDEN_V2, TOKEN_PROGRAM],
    nativeTransfers: [{ from: PAYER, to: BOB, amountLamports: 2_000_000_000 }],
    tokenTransfers: [{ from: BOB, to: PAYER, mint: NFT, amountRaw: '1', uiAmount: 1 }],
  }));
  assert.equal(sale.type, 'NFT_SALE');
  assert.equal(sale.protocol!.name, 'Magic Eden v2');
  assert.equal(parseTransaction(base({ type: 'NFT_SALE', programIds: [MAGIC_EDEN_V2] })).type, 'NFT_SALE');

  assert.equal(parseTransaction(base({ programIds: [TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM] })).type, 'NFT_MINT');
  assert.equal(parseTransaction(base({ programIds: [BUBBLEGUM_PROGRAM] })).type, 'NFT_MINT');
  assert.equal(parseTransaction(base({ type: 'COMPRESSED_NFT_MINT', programIds: [BUBBLEGUM_PROGRAM] })).type_source, 'provider');

  const stake = parseTransaction(base({ programIds: [SYSTEM_PROGRAM, STAKE_PROGRAM], nativeTransfers: [{ from: PAYER, to: BOB, amountLamports: 10 }] }));
  assert.equal(stake.type, 'STAKE');
  assert.deepEqual(stake.protocol, { name: 'Stake Program', program_id: STAKE_PROGRAM });
  assert.equal(parseTransaction(base({ programIds: [MARINADE_PROGRAM] })).type, 'STAKE');
  assert.equal(parseTransaction(base({ type: 'STAKE_SOL', programIds: [] })).type, 'STAKE');
  assert.equal(parseTransaction(base({ type: 'UNSTAKE_SOL', programIds: [] })).type, 'UNSTAKE');

  const bridge = parseTransaction(base({ programIds: [WORMHOLE_CORE] }));
  assert.equal(bridge.type, 'BRIDGE');
  assert.equal(bridge.account_roles.find((a) => a.address === WORMHOLE_CORE)!.entity!.kind, 'bridge');
});

test('failed transactions and unknown types', () => {
  const failed = parseTransaction(base({ type: 'SWAP', programIds: [JUPITER_V6], error: 'custom program error: 0x1771' }));
  assert.equal(failed.status, 'failed');
  assert.equal(failed.error, 'custom program error: 0x1771');
  const flagged = parseTransaction(base({ programIds: [SYSTEM_PROGRAM], success: false }));
  assert.equal(flagged.status, 'failed');
  assert.equal(flagged.error, 'transaction failed');
  const unknown = parseTransaction(base({ type: 'SOMETHING_NEW', programIds: [UNKNOWN_PROGRAM] }));
  assert.equal(unknown.type, 'UNKNOWN');
  assert.equal(unknown.provider_type, 'SOMETHING_NEW');
  assert.equal(unknown.protocol, null);
  // Only infrastructure and no transfers: nothing to call it.
  assert.equal(parseTransaction(base({ programIds: [COMPUTE_BUDGET_PROGRAM] })).type, 'UNKNOWN');
});

test('extra signers and a custom label directory', () => {
  const r = parseTransaction(base({ signers: [PAYER, BOB], programIds: [SYSTEM_PROGRAM] }), (a) => (a === BOB ? { name: 'Bob', kind: 'foundation', tags: [], confidence: 'high' } : null));
  assert.deepEqual(r.account_roles.map((a) => [a.address, a.roles, a.entity?.name ?? null]), [
    [PAYER, ['fee_payer', 'signer'], null],
    [BOB, ['signer'], 'Bob'],
    [SYSTEM_PROGRAM, ['program'], null],
  ]);
});
