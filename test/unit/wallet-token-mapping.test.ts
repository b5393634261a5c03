/** Mapping provider data into the analytics' domain types, and the small pure helpers of the wallet profile. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectedWallets } from '../../src/analytics/connections.js';
import { defiPositions } from '../../src/analytics/defi-positions.js';
import { mintExtensionsToDomain } from '../../src/endpoints/shared/token-mapping.js';
import { toTransactionInput } from '../../src/endpoints/wallet-token/parse-transaction/transaction.js';
import { isFungible, toActivity, toHolding, toNft } from '../../src/endpoints/shared/wallet-mapping.js';
import type { DasAsset, EnhancedTransaction } from '../../src/sources/wire/helius.js';

const ownership = { frozen: false, delegated: false, ownership_model: 'token', owner: 'W' };

test('a DAS fungible becomes a holding with exact raw amount, UI amount and value', () => {
  const item: DasAsset = {
    interface: 'FungibleToken', id: 'MINT', burnt: false, ownership,
    content: { json_uri: '', metadata: { name: 'Token', symbol: 'TOK' } },
    token_info: { balance: 1_500_000, decimals: 6, price_info: { price_per_token: 2 } },
  };
  assert.equal(isFungible(item), true);
  assert.deepEqual(toHolding(item), { mint: 'MINT', symbol: 'TOK', name: 'Token', amountRaw: '1500000', decimals: 6, uiAmount: 1.5, priceUsd: 2, valueUsd: 3 });
  const unpriced = toHolding({ ...item, token_info: { balance: 5, decimals: 0 } });
  assert.equal(unpriced.valueUsd, null, 'no price → unknown value, not 0');
});

test('a DAS NFT keeps compression, name, description and its collection', () => {
  const nft: DasAsset = {
    interface: 'V1_NFT', id: 'N', burnt: false, ownership: { ...ownership, ownership_model: 'single' },
    content: { json_uri: '', metadata: { name: 'Claim 1000 SOL', description: 'visit claim-sol.xyz' } },
    compression: { eligible: false, compressed: true },
    grouping: [{ group_key: 'collection', group_value: 'COLL', collection_metadata: { name: 'Drops' } }],
  };
  assert.equal(isFungible(nft), false);
  assert.deepEqual(toNft(nft), { id: 'N', name: 'Claim 1000 SOL', description: 'visit claim-sol.xyz', collection: { address: 'COLL', name: 'Drops' }, compressed: true });
});

const tx: EnhancedTransaction = {
  description: 'W swapped', type: 'SWAP', source: 'JUPITER', fee: 5000, feePayer: 'W', signature: 'SIG', slot: 1, timestamp: 1_700_000_000,
  nativeTransfers: [{ fromUserAccount: 'W', toUserAccount: 'POOL', amount: 1_000_000_000 }],
  tokenTransfers: [{ fromUserAccount: 'POOL', toUserAccount: 'W', fromTokenAccount: 'PA', toTokenAccount: 'WA', tokenAmount: 150, mint: 'USDC' }],
  accountData: [{ account: 'WA', nativeBalanceChange: 0, tokenBalanceChanges: [{ userAccount: 'W', tokenAccount: 'WA', mint: 'USDC', rawTokenAmount: { tokenAmount: '150000000', decimals: 6 } }] }],
  instructions: [{ programId: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4', innerInstructions: [{ programId: '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8' }] }],
  transactionError: null,
};

test('an enhanced transaction becomes activity: programs incl. inner ones, counterparties without self', () => {
  assert.deepEqual(toActivity(tx, 'W'), {
    signature: 'SIG', timestamp: 1_700_000_000, type: 'SWAP', source: 'JUPITER',
    programIds: ['JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4', '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8'],
    counterparties: ['POOL'], success: true,
  });
  assert.equal(toActivity({ ...tx, transactionError: { error: 'x' } }, 'W').success, false);
});

test('a transaction input carries exact raw token amounts from the balance changes', () => {
  const input = toTransactionInput(tx);
  assert.equal(input.tokenTransfers![0]!.amountRaw, '150000000');
  assert.equal(input.nativeTransfers![0]!.amountLamports, 1_000_000_000);
  assert.equal(input.success, true);
  assert.equal(toTransactionInput({ ...tx, transactionError: { error: 'custom program error: 0x1771' } }).error, 'custom program error: 0x1771');
});

test('Token-2022 facts map to the risk analytics, absent extensions stay absent', () => {
  assert.deepEqual(mintExtensionsToDomain({}), {});
  assert.deepEqual(
    mintExtensionsToDomain({ transferFee: { basisPoints: 300, maximumFeeRaw: '5000' }, transferHookProgram: 'H', permanentDelegate: 'D', nonTransferable: true, defaultAccountStateFrozen: true, mintCloseAuthority: 'C' }),
    { transferFee: { basisPoints: 300, maximumFeeRaw: '5000' }, transferHook: { programId: 'H' }, permanentDelegate: 'D', nonTransferable: true, defaultAccountState: 'frozen', mintCloseAuthority: 'C' },
  );
  assert.deepEqual(mintExtensionsToDomain({ defaultAccountStateFrozen: false }), { defaultAccountState: 'initialized' });
});

test('DeFi positions from holdings: known LST mints and LP tokens, by value', () => {
  const positions = defiPositions([
    { mint: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', symbol: 'mSOL', name: 'Marinade staked SOL', uiAmount: 10, valueUsd: 1900 },
    { mint: 'LPMINT', symbol: 'RLP', name: 'Raydium SOL-USDC LP', uiAmount: 3, valueUsd: 5000 },
    { mint: 'OTHER', symbol: 'BONK', name: 'Bonk', uiAmount: 1e6, valueUsd: 20 },
  ]);
  assert.deepEqual(positions.map((p) => [p.protocol, p.kind, p.evidence]), [['Raydium', 'liquidity', 'lp_token_name'], ['Marinade', 'staking', 'known_lst_mint']]);
});

test('connected wallets: ranked by interactions, programs and self excluded', () => {
  const a = (ts: number, counterparties: string[]) => ({ signature: String(ts), timestamp: ts, type: 'TRANSFER', programIds: [], counterparties, success: true });
  const ranked = connectedWallets('ME', [a(1, ['X', 'PROG']), a(2, ['X', 'Y']), a(3, ['X', 'ME'])], (addr) => addr === 'PROG');
  assert.deepEqual(ranked.map((c) => [c.address, c.interactions, c.first_at, c.last_at]), [['X', 3, 1, 3], ['Y', 1, 2, 2]]);
});
