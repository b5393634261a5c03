/**
 * Render sandbox records in the exact JSON-RPC shapes geth/op-geth return, so viem's formatters
 * (including the OP-stack ones of the `base` chain definition) parse them without special cases.
 */
import { numberToHex, type Hex } from 'viem';
import type { Block, MinedTransaction, PendingTransaction, SandboxChain } from './chain.js';
import { BASE_FEE_PER_GAS, BLOCK_GAS_LIMIT } from './chain.js';

const ZERO_BLOOM: Hex = `0x${'00'.repeat(256)}`;
const EMPTY_ROOT: Hex = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const EMPTY_UNCLES: Hex = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
const SEQUENCER: Hex = '0x4200000000000000000000000000000000000011'; // Base's SequencerFeeVault, the block "miner"

const TX_TYPES: Record<string, Hex> = { legacy: '0x0', eip2930: '0x1', eip1559: '0x2', eip4844: '0x3', eip7702: '0x4' };

const q = (n: bigint | number): Hex => numberToHex(n);

export function formatBlock(block: Block, chain: SandboxChain, fullTransactions: boolean): Record<string, unknown> {
  return {
    number: q(block.number),
    hash: block.hash,
    parentHash: block.parentHash,
    nonce: '0x0000000000000000',
    mixHash: block.parentHash,
    sha3Uncles: EMPTY_UNCLES,
    logsBloom: ZERO_BLOOM, // no bloom filtering: the sandbox does not serve eth_getLogs
    transactionsRoot: block.transactions.length ? block.hash : EMPTY_ROOT,
    stateRoot: block.hash,
    receiptsRoot: block.transactions.length ? block.hash : EMPTY_ROOT,
    miner: SEQUENCER,
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: '0x',
    size: q(1000 + 200 * block.transactions.length),
    gasLimit: q(BLOCK_GAS_LIMIT),
    gasUsed: q(block.gasUsed),
    timestamp: q(block.timestamp),
    baseFeePerGas: q(BASE_FEE_PER_GAS),
    withdrawals: [],
    withdrawalsRoot: EMPTY_ROOT,
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: block.parentHash,
    uncles: [],
    transactions: fullTransactions
      ? block.transactions.map((h) => formatTransaction(chain.transaction(h)!))
      : block.transactions,
  };
}

/** A mined transaction, or (blockHash, blockNumber and transactionIndex null, as geth shows it) a pending one. */
export function formatTransaction(m: MinedTransaction | PendingTransaction): Record<string, unknown> {
  const { tx } = m;
  const mined = 'blockHash' in m ? m : undefined;
  const out: Record<string, unknown> = {
    hash: m.hash,
    blockHash: mined ? mined.blockHash : null,
    blockNumber: mined ? q(mined.blockNumber) : null,
    transactionIndex: mined ? q(mined.index ?? 0) : null,
    from: m.from,
    to: tx.to ?? null,
    input: tx.data ?? '0x',
    nonce: q(tx.nonce ?? 0),
    gas: q(tx.gas ?? 0n),
    value: q(tx.value ?? 0n),
    type: TX_TYPES[tx.type ?? 'legacy'] ?? '0x0',
    chainId: q(tx.chainId ?? 0),
    // Pending: what the sender offers (geth reports maxFeePerGas for a pending EIP-1559 transaction).
    gasPrice: q(mined ? mined.effectiveGasPrice : tx.maxFeePerGas ?? tx.gasPrice ?? 0n),
    r: tx.r ?? '0x0',
    s: tx.s ?? '0x0',
    v: q(tx.v ?? BigInt(tx.yParity ?? 0)),
  };
  if (tx.type !== 'legacy') {
    out.yParity = q(tx.yParity ?? 0);
    out.accessList = tx.accessList ?? [];
  }
  if (tx.maxFeePerGas !== undefined) out.maxFeePerGas = q(tx.maxFeePerGas);
  if (tx.maxPriorityFeePerGas !== undefined) out.maxPriorityFeePerGas = q(tx.maxPriorityFeePerGas);
  return out;
}

export function formatReceipt(m: MinedTransaction): Record<string, unknown> {
  return {
    transactionHash: m.hash,
    transactionIndex: q(m.index ?? 0),
    blockHash: m.blockHash,
    blockNumber: q(m.blockNumber),
    from: m.from,
    to: m.tx.to ?? null,
    contractAddress: m.contractAddress,
    cumulativeGasUsed: q(m.cumulativeGasUsed ?? m.gasUsed),
    gasUsed: q(m.gasUsed),
    effectiveGasPrice: q(m.effectiveGasPrice),
    type: TX_TYPES[m.tx.type ?? 'legacy'] ?? '0x0',
    status: m.status === 'success' ? '0x1' : '0x0',
    logsBloom: ZERO_BLOOM,
    logs: m.logs.map((log, i) => ({
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockHash: m.blockHash,
      blockNumber: q(m.blockNumber),
      transactionHash: m.hash,
      transactionIndex: q(m.index ?? 0),
      logIndex: q((m.firstLogIndex ?? 0) + i),
      removed: false,
    })),
  };
}
