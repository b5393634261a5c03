/** The data node's JSON-RPC method table: each method's parameters read and answered through the DataNode. */
import { uiAmount } from '../../solana/accounts.js';
import { MAINNET_GENESIS_HASH } from '../../solana/constants.js';
import { RpcError } from '../../solana/errors.js';
import { API_VERSION, MAX_MULTIPLE_ACCOUNTS, addressParam, config, type RpcMethod } from '../json-rpc-node.js';
import type { DataNode } from './data-node.js';
import { signatureParam } from './wire-basics.js';

export const METHODS: Record<string, RpcMethod<DataNode>> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'feature-set': 3294202862, 'solana-core': API_VERSION }),
  getGenesisHash: () => MAINNET_GENESIS_HASH,
  getSlot: (node) => node.slot,
  getBalance: (node, params) => {
    const address = addressParam(params[0]);
    const account = node.account(address, 'jsonParsed');
    return node.withContext(account ? account.lamports : 0);
  },
  getAccountInfo: (node, params) => node.withContext(node.account(addressParam(params[0]), String(config(params, 1).encoding ?? 'binary'))),
  getMultipleAccounts: (node, params) => {
    // Counted before the addresses are checked, each as it is read (not `addressesParam`, which checks all first).
    if (!Array.isArray(params[0])) throw new RpcError(-32602, 'Invalid params: invalid type: expected a sequence');
    const addresses = params[0] as unknown[];
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw new RpcError(-32602, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const encoding = String(config(params, 1).encoding ?? 'base64');
    return node.withContext(addresses.map((a) => node.account(addressParam(a), encoding)));
  },
  getTokenLargestAccounts: (node, params) => node.withContext(node.largestAccounts(addressParam(params[0]))),
  getTokenSupply: (node, params) => {
    const token = node.mint(addressParam(params[0]));
    return node.withContext(uiAmount(BigInt(token.supplyRaw), token.decimals));
  },
  getSignaturesForAddress: (node, params) => node.signatures(addressParam(params[0]), config(params, 1)),
  getTransaction: (node, params) => node.transaction(signatureParam(params[0]), config(params, 1)),
};
