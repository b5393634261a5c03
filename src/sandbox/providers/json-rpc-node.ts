/**
 * What the sandbox's Solana JSON-RPC nodes share (the data node `./solana-data-rpc/` and the pool venues'
 * nodes `./perps/jupiter-perps-rpc.ts` and `./perps/adrena-rpc.ts`): the JSON-RPC 2.0 envelope (single and
 * batch requests, method dispatch, `RpcError` → the error object, the node's -32600/-32601/-32603/-32700
 * answers), the parameter helpers every method reads its arguments with, and the constants a mainnet node
 * answers with. Each node keeps only its accounts and its methods.
 */
import { isAddress } from '@solana/kit';
import { RpcError } from '../solana/errors.js';
import type { ProviderHandler } from './server.js';

/** The `solana-core` version the nodes report (`context.apiVersion`, getVersion). */
export const API_VERSION = '2.2.14';
/** `rentEpoch` of every rent-exempt account (u64::MAX; JSON numbers round it, as they do from a real node). */
export const RENT_EPOCH = Number(18446744073709551615n);
export const MAX_MULTIPLE_ACCOUNTS = 100;

export type Json = Record<string, unknown>;
export type Params = unknown[];
/** One JSON-RPC method of a node: its result, or an `RpcError` thrown for the node's error answer. */
export type RpcMethod<Node> = (node: Node, params: Params) => unknown;

/** The config object at `position` (`{}` when absent or not an object). */
export function config(params: Params, position: number): Json {
  const value = params[position];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

export function addressParam(value: unknown): string {
  if (typeof value !== 'string' || !isAddress(value)) throw new RpcError(-32602, 'Invalid param: Invalid');
  return value;
}

/** getMultipleAccounts' address list: a sequence, every entry an address (checked first), at most 100. */
export function addressesParam(value: unknown): string[] {
  if (!Array.isArray(value)) throw new RpcError(-32602, 'Invalid params: invalid type: expected a sequence');
  const addresses = value.map(addressParam);
  if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw new RpcError(-32602, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
  return addresses;
}

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

function handleOne<Node>(methods: Record<string, RpcMethod<Node>>, node: Node, request: unknown): Json {
  const r = (request && typeof request === 'object' && !Array.isArray(request) ? request : {}) as JsonRpcRequest;
  const id = r.id ?? null;
  if (r.jsonrpc !== '2.0' || typeof r.method !== 'string') return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id };
  const method = Object.hasOwn(methods, r.method) ? methods[r.method] : undefined;
  if (!method) return { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id };
  try {
    return { jsonrpc: '2.0', result: method(node, Array.isArray(r.params) ? r.params : []), id };
  } catch (err) {
    if (err instanceof RpcError) return { jsonrpc: '2.0', error: { code: err.code, message: err.message }, id };
    return { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id };
  }
}

/**
 * A JSON-RPC 2.0 endpoint over `methods`. `nodeFor()` is called once per valid HTTP request, so a node reads
 * its clock once and every call of a batch answers from the same instant.
 */
export function jsonRpcHandler<Node>(methods: Record<string, RpcMethod<Node>>, nodeFor: () => Node): ProviderHandler {
  return (req) => {
    if (req.method !== 'POST') return { status: 405, body: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: use POST' }, id: null } };
    // The provider server hands over non-JSON bodies as text.
    if (typeof req.body !== 'object' || req.body === null) return { body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null } };
    const node = nodeFor();
    if (Array.isArray(req.body)) {
      if (req.body.length === 0) return { body: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null } };
      return { body: req.body.map((r) => handleOne(methods, node, r)) };
    }
    return { body: handleOne(methods, node, req.body) };
  };
}
