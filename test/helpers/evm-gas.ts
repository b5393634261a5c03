/**
 * What a fee payer paid in gas, read from the chain: Σ gasUsed × effectiveGasPrice over the receipts of its
 * transactions. Tests compare it with the fee payer's ETH balance before and after a payment flow, so "the fee
 * payer paid the gas" is an exact equality rather than "the balance went down".
 */
import type { Address, Hex } from 'viem';

/** The reads this needs, structurally (any viem public client on the sandbox chain has them). */
export interface GasReader {
  getTransactionReceipt(args: { hash: Hex }): Promise<{ gasUsed: bigint; effectiveGasPrice: bigint }>;
  getBlockNumber(): Promise<bigint>;
  getBlock(args: { blockNumber: bigint; includeTransactions: true }): Promise<{ transactions: readonly { hash: Hex; from: Address }[] }>;
}

/** Wei paid for the gas of the transactions `hashes`, from their receipts. */
export async function gasPaid(client: Pick<GasReader, 'getTransactionReceipt'>, hashes: readonly Hex[]): Promise<bigint> {
  let wei = 0n;
  for (const hash of hashes) {
    const receipt = await client.getTransactionReceipt({ hash });
    wei += receipt.gasUsed * receipt.effectiveGasPrice;
  }
  return wei;
}

/** Hashes of the transactions `sender` sent in the blocks after `afterBlock` up to the latest, in chain order. */
export async function transactionsSentBy(client: Pick<GasReader, 'getBlockNumber' | 'getBlock'>, sender: Address, afterBlock: bigint): Promise<Hex[]> {
  const latest = await client.getBlockNumber();
  const hashes: Hex[] = [];
  for (let n = afterBlock + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) if (tx.from.toLowerCase() === sender.toLowerCase()) hashes.push(tx.hash);
  }
  return hashes;
}
