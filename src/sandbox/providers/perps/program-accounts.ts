/**
 * What the pool venues' nodes (A: ./jupiter-perps-rpc.ts, B: ./adrena-rpc.ts) share about program accounts:
 * the envelope a node renders an account's raw data in, and getProgramAccounts' generic filters
 * (`{ dataSize }`, `{ memcmp }`, at most 4). Each node parses a filter itself: B validates more strictly than A
 * (a bad dataSize is an error rather than ignored, memcmp base64 is checked, ≤ 128 bytes) and says so in its
 * messages.
 */
import { rentExemptMinimum } from '../../solana/constants.js';
import { RpcError } from '../../solana/errors.js';
import { RENT_EPOCH, type Json } from '../json-rpc-node.js';

export const MAX_FILTERS = 4;

export type AccountFilter = (data: Uint8Array) => boolean;

export function dataSizeFilter(size: number): AccountFilter {
  return (data) => data.length === size;
}

/** `bytes` at `offset` (an account too short to hold them does not match). */
export function memcmpFilter(offset: number, bytes: Uint8Array): AccountFilter {
  return (data) => offset + bytes.length <= data.length && bytes.every((b, i) => data[offset + i] === b);
}

/**
 * `options.filters` (none when absent), each parsed by the node's `parse`. A non-sequence gets -32602 with the
 * node's `notSequenceMessage`; more than 4 filters the node's "Too many filters provided".
 */
export function filtersParam(options: Json, parse: (raw: unknown) => AccountFilter, notSequenceMessage: string): AccountFilter[] {
  const rawFilters = options.filters ?? [];
  if (!Array.isArray(rawFilters)) throw new RpcError(-32602, notSequenceMessage);
  if (rawFilters.length > MAX_FILTERS) throw new RpcError(-32602, `Too many filters provided; max ${MAX_FILTERS}`);
  return rawFilters.map((raw) => parse(raw));
}

/** A rent-exempt program account as a node answers it, `data` as `[encoded, encoding]` (base64 by default). */
export function programAccountJson(data: Uint8Array, owner: string, encoded: [string, string] = [Buffer.from(data).toString('base64'), 'base64']): Json {
  return {
    data: encoded,
    executable: false,
    lamports: Number(rentExemptMinimum(data.length)),
    owner,
    rentEpoch: RENT_EPOCH,
    space: data.length,
  };
}
