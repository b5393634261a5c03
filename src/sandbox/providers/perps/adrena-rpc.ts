/**
 * The sandbox pool venue B node (leg `perps_venue_b`): a Solana JSON-RPC 2.0 handler (single and batch
 * requests) serving the Adrena program's accounts rendered from the perps world at `now()`
 * (`./adrena-encode.ts`), in the shapes a mainnet node answers:
 *
 *  - `getAccountInfo(address, { encoding })` → `{ context, value: account | null }`
 *  - `getMultipleAccounts(addresses ≤ 100, { encoding })` → `{ context, value: (account | null)[] }`
 *  - `getProgramAccounts(program, { encoding, filters?, withContext? })` → `[{ pubkey, account }]`
 *    (or `{ context, value }` with `withContext`), with the node's generic filters: `{ dataSize }` and
 *    `{ memcmp: { offset, bytes, encoding? } }` (bytes base58 by default, or base64), at most 4.
 *  - `getHealth`, `getSlot`.
 *
 * An account is `{ data: [base64, "base64"], executable, lamports, owner, rentEpoch, space }`. Sandbox
 * limit (said here, not hidden): account data is served only as base64; other encodings get a -32602
 * naming the limit. Unknown addresses are `null`, another program's accounts `[]`, as on mainnet.
 */
import { isAddress } from '@solana/kit';
import { ADRENA_PROGRAM_ID } from '../../../sources/perps/adrena-layout.js';
import type { PerpsWorld } from '../../../sources/perps/types.js';
import { rentExemptMinimum } from '../../solana/constants.js';
import { RpcError } from '../../solana/errors.js';
import { base58Decode } from '../../world/random.js';
import { slotAt, toUnix } from '../../world/time.js';
import type { ProviderHandler } from '../server.js';
import { renderAdrenaAccounts } from './adrena-encode.js';

const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_FILTERS = 4;
/** `rentEpoch` of every rent-exempt account (u64::MAX, rounded by JSON as a real node's is). */
const RENT_EPOCH = Number(18446744073709551615n);

type Json = Record<string, unknown>;
type Params = unknown[];

function config(params: Params, position: number): Json {
  const value = params[position];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function addressParam(value: unknown): string {
  if (typeof value !== 'string' || !isAddress(value)) throw new RpcError(-32602, 'Invalid param: Invalid');
  return value;
}

function requireBase64(options: Json): void {
  const encoding = options.encoding ?? 'binary';
  if (encoding !== 'base64') throw new RpcError(-32602, `Invalid params: the sandbox serves Adrena accounts only as base64 (asked ${String(encoding)})`);
}

type Filter = (data: Uint8Array) => boolean;

/** One `getProgramAccounts` filter, validated as a node does (-32602 for anything else). */
function parseFilter(raw: unknown): Filter {
  const f = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Json) : null;
  if (f && 'dataSize' in f) {
    const size = f.dataSize;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw new RpcError(-32602, 'Invalid params: invalid dataSize filter');
    return (data) => data.length === size;
  }
  const memcmp = f && f.memcmp && typeof f.memcmp === 'object' ? (f.memcmp as Json) : null;
  if (memcmp) {
    const { offset, bytes, encoding = 'base58' } = memcmp;
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || typeof bytes !== 'string') throw new RpcError(-32602, 'Invalid params: invalid memcmp filter');
    let wanted: Uint8Array | null;
    if (encoding === 'base58') wanted = base58Decode(bytes);
    else if (encoding === 'base64') wanted = /^[A-Za-z0-9+/]*={0,2}$/.test(bytes) ? new Uint8Array(Buffer.from(bytes, 'base64')) : null;
    else throw new RpcError(-32602, `Invalid params: unknown memcmp encoding ${String(encoding)}`);
    if (!wanted || wanted.length > 128) throw new RpcError(-32602, 'Invalid params: invalid memcmp bytes');
    const expected = wanted;
    return (data) => offset + expected.length <= data.length && expected.every((b, i) => data[offset + i] === b);
  }
  throw new RpcError(-32602, 'Invalid params: unknown filter');
}

function accountJson(data: Uint8Array): Json {
  return {
    data: [Buffer.from(data).toString('base64'), 'base64'],
    executable: false,
    lamports: Number(rentExemptMinimum(data.length)),
    owner: ADRENA_PROGRAM_ID,
    rentEpoch: RENT_EPOCH,
    space: data.length,
  };
}

/** One request's view of the venue: the accounts are rendered once, on first use. */
class AdrenaNode {
  private rendered: Map<string, Uint8Array> | null = null;
  constructor(private readonly world: PerpsWorld, private readonly at: Date) {}

  get slot(): number {
    return slotAt(toUnix(this.at));
  }

  private get accounts(): Map<string, Uint8Array> {
    this.rendered ??= renderAdrenaAccounts(this.world.poolMarkets('B', this.at), this.world.poolPositions('B', this.at), toUnix(this.at));
    return this.rendered;
  }

  withContext(value: unknown): Json {
    return { context: { apiVersion: '2.2.14', slot: this.slot }, value };
  }

  account(address: string): Json | null {
    const data = this.accounts.get(address);
    return data ? accountJson(data) : null;
  }

  programAccounts(program: string, filters: Filter[]): Json[] {
    if (program !== ADRENA_PROGRAM_ID) return [];
    return [...this.accounts]
      .filter(([, data]) => filters.every((f) => f(data)))
      .map(([pubkey, data]) => ({ pubkey, account: accountJson(data) }));
  }
}

type Method = (node: AdrenaNode, params: Params) => unknown;

const METHODS: Record<string, Method> = {
  getHealth: () => 'ok',
  getSlot: (node) => node.slot,
  getAccountInfo: (node, params) => {
    const address = addressParam(params[0]);
    requireBase64(config(params, 1));
    return node.withContext(node.account(address));
  },
  getMultipleAccounts: (node, params) => {
    if (!Array.isArray(params[0])) throw new RpcError(-32602, 'Invalid params: invalid type: expected a sequence');
    const addresses = (params[0] as unknown[]).map(addressParam);
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw new RpcError(-32602, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    requireBase64(config(params, 1));
    return node.withContext(addresses.map((a) => node.account(a)));
  },
  getProgramAccounts: (node, params) => {
    const program = addressParam(params[0]);
    const options = config(params, 1);
    requireBase64(options);
    const rawFilters = options.filters ?? [];
    if (!Array.isArray(rawFilters)) throw new RpcError(-32602, 'Invalid params: filters must be a sequence');
    if (rawFilters.length > MAX_FILTERS) throw new RpcError(-32602, `Too many filters provided; max ${MAX_FILTERS}`);
    const accounts = node.programAccounts(program, rawFilters.map(parseFilter));
    return options.withContext === true ? node.withContext(accounts) : accounts;
  },
};

function handleOne(node: AdrenaNode, request: unknown): Json {
  const r = (request && typeof request === 'object' && !Array.isArray(request) ? request : {}) as Json;
  const id = r.id ?? null;
  if (r.jsonrpc !== '2.0' || typeof r.method !== 'string') return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id };
  const method = Object.hasOwn(METHODS, r.method) ? METHODS[r.method] : undefined;
  if (!method) return { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id };
  try {
    return { jsonrpc: '2.0', result: method(node, Array.isArray(r.params) ? r.params : []), id };
  } catch (err) {
    if (err instanceof RpcError) return { jsonrpc: '2.0', error: { code: err.code, message: err.message }, id };
    return { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id };
  }
}

/** The pool venue B node over the perps world, at the time `now()` says (read once per HTTP request). */
export function createAdrenaRpcHandler(world: PerpsWorld, now: () => Date): ProviderHandler {
  return (req) => {
    if (req.method !== 'POST') return { status: 405, body: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: use POST' }, id: null } };
    // The provider server hands over non-JSON bodies as text.
    if (typeof req.body !== 'object' || req.body === null) return { body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null } };
    const node = new AdrenaNode(world, now());
    if (Array.isArray(req.body)) {
      if (req.body.length === 0) return { body: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null } };
      return { body: req.body.map((r) => handleOne(node, r)) };
    }
    return { body: handleOne(node, req.body) };
  };
}
