/**
 * The sandbox's Solana node for pool venue A (leg `perps_venue_a`): a JSON-RPC 2.0 handler (single and
 * batch requests) holding the Jupiter Perpetuals accounts rendered from the perps world at request time
 * (./jupiter-perps-encode.ts) — the JLP pool at the mainnet address, its custodies, their Doves price feeds
 * and every open venue-A position.
 *
 * Methods, answered as a mainnet node does (https://solana.com/docs/rpc/http/*):
 *  - getAccountInfo(address, { encoding }) and getMultipleAccounts(addresses ≤ 100, { encoding }) →
 *    `{ context: { slot }, value }` with `value: null` for an account the node does not hold;
 *  - getProgramAccounts(program, { encoding, filters, withContext }) → a plain array of `{ pubkey, account }`
 *    (wrapped in `{ context, value }` only with `withContext: true`); filters are applied generically: at
 *    most 4, each `{ dataSize }` or `{ memcmp: { offset, bytes, encoding?: base58 | base64 } }`;
 *  - getHealth, getSlot.
 * Encodings: base64, base58 (accounts under 129 bytes, as a node requires) and jsonParsed (no parser for these
 * programs: answered in base64, as a node falls back). Account data is returned as `[data, encoding]`.
 */
import { RpcError } from '../../solana/errors.js';
import { rentExemptMinimum } from '../../solana/constants.js';
import { slotAt } from '../../world/time.js';
import { addressToBytes, base58Decode, base58Encode } from '../../world/random.js';
import { JUPITER_PERPS_MAINNET_POOL } from '../../../sources/perps/jupiter-perps.js';
import type { PerpsWorld, PoolMarket } from '../../../sources/perps/types.js';
import type { ProviderHandler } from '../server.js';
import { renderMarketAccounts, renderPositionAccounts, type SandboxAccount } from './jupiter-perps-encode.js';

const API_VERSION = '2.2.14';
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_FILTERS = 4;
const MAX_BASE58_DATA = 128;
/** u64::MAX, as nodes report for rent-exempt accounts (JSON numbers round it). */
const RENT_EPOCH = Number(18446744073709551615n);

type Json = Record<string, unknown>;

/** The accounts at one instant; positions are rendered only when a request needs them. */
class PerpsNode {
  readonly slot: number;
  private readonly markets: PoolMarket[];
  private readonly fixed: Map<string, SandboxAccount>;
  private positions: Map<string, SandboxAccount> | null = null;

  constructor(private readonly world: PerpsWorld, private readonly at: Date, private readonly poolAddress: string) {
    this.slot = slotAt(Math.floor(at.getTime() / 1000));
    this.markets = world.poolMarkets('A', at);
    this.fixed = new Map(renderMarketAccounts(poolAddress, this.markets, at).map((a) => [a.address, a]));
  }

  private positionAccounts(): Map<string, SandboxAccount> {
    if (!this.positions) {
      const rendered = renderPositionAccounts(this.poolAddress, this.markets, this.world.poolPositions('A', this.at));
      this.positions = new Map(rendered.map((a) => [a.address, a]));
    }
    return this.positions;
  }

  account(address: string): SandboxAccount | null {
    return this.fixed.get(address) ?? this.positionAccounts().get(address) ?? null;
  }

  programAccounts(program: string): SandboxAccount[] {
    return [...this.fixed.values(), ...this.positionAccounts().values()].filter((a) => a.owner === program);
  }

  withContext(value: unknown): Json {
    return { context: { apiVersion: API_VERSION, slot: this.slot }, value };
  }
}

function config(params: unknown[], position: number): Json {
  const value = params[position];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function addressParam(value: unknown): string {
  if (typeof value !== 'string' || addressToBytes(value) === null) throw new RpcError(-32602, 'Invalid param: Invalid');
  return value;
}

type Encoding = 'base64' | 'base58';

function encodingParam(options: Json): Encoding {
  const encoding = options.encoding ?? 'base58';
  if (encoding === 'base64' || encoding === 'jsonParsed') return 'base64';
  if (encoding === 'base58' || encoding === 'binary') return 'base58';
  throw new RpcError(-32602, `Invalid params: unsupported encoding ${String(encoding)} (the sandbox serves base64, base58 and jsonParsed)`);
}

function render(account: SandboxAccount, encoding: Encoding): Json {
  let data: [string, string];
  if (encoding === 'base58') {
    if (account.data.length > MAX_BASE58_DATA) throw new RpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
    data = [base58Encode(account.data), 'base58'];
  } else {
    data = [Buffer.from(account.data).toString('base64'), 'base64'];
  }
  return {
    data,
    executable: false,
    lamports: Number(rentExemptMinimum(account.data.length)),
    owner: account.owner,
    rentEpoch: RENT_EPOCH,
    space: account.data.length,
  };
}

type AccountFilter = (data: Uint8Array) => boolean;

function filterParam(raw: unknown): AccountFilter {
  const filter = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Json) : null;
  if (filter && typeof filter.dataSize === 'number' && Number.isInteger(filter.dataSize) && filter.dataSize >= 0) {
    const size = filter.dataSize;
    return (data) => data.length === size;
  }
  const memcmp = filter?.memcmp && typeof filter.memcmp === 'object' ? (filter.memcmp as Json) : null;
  if (memcmp && typeof memcmp.offset === 'number' && Number.isInteger(memcmp.offset) && memcmp.offset >= 0 && typeof memcmp.bytes === 'string') {
    const encoding = memcmp.encoding ?? 'base58';
    const bytes = encoding === 'base58' ? base58Decode(memcmp.bytes) : encoding === 'base64' ? Buffer.from(memcmp.bytes, 'base64') : null;
    if (!bytes) throw new RpcError(-32602, 'Invalid params: invalid memcmp bytes');
    const offset = memcmp.offset;
    return (data) => data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
  }
  throw new RpcError(-32602, 'Invalid params: invalid filter');
}

type Method = (node: PerpsNode, params: unknown[]) => unknown;

const METHODS: Record<string, Method> = {
  getHealth: () => 'ok',
  getSlot: (node) => node.slot,
  getAccountInfo: (node, params) => {
    const address = addressParam(params[0]);
    const encoding = encodingParam(config(params, 1));
    const account = node.account(address);
    return node.withContext(account ? render(account, encoding) : null);
  },
  getMultipleAccounts: (node, params) => {
    if (!Array.isArray(params[0])) throw new RpcError(-32602, 'Invalid params: invalid type: expected a sequence');
    const addresses = params[0].map(addressParam);
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw new RpcError(-32602, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const encoding = encodingParam(config(params, 1));
    return node.withContext(addresses.map((a) => {
      const account = node.account(a);
      return account ? render(account, encoding) : null;
    }));
  },
  getProgramAccounts: (node, params) => {
    const program = addressParam(params[0]);
    const options = config(params, 1);
    const encoding = encodingParam(options);
    const rawFilters = options.filters ?? [];
    if (!Array.isArray(rawFilters) || rawFilters.length > MAX_FILTERS) throw new RpcError(-32602, `Too many filters provided; max ${MAX_FILTERS}`);
    const filters = rawFilters.map(filterParam);
    const matches = node
      .programAccounts(program)
      .filter((a) => filters.every((f) => f(a.data)))
      .map((a) => ({ pubkey: a.address, account: render(a, encoding) }));
    return options.withContext === true ? node.withContext(matches) : matches;
  },
};

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

function handleOne(node: PerpsNode, request: unknown): Json {
  const r = (request && typeof request === 'object' && !Array.isArray(request) ? request : {}) as JsonRpcRequest;
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

/** The venue-A node over `world`, at the time `now()` says (read once per HTTP request). */
export function createJupiterPerpsRpcHandler(world: PerpsWorld, now: () => Date = () => new Date()): ProviderHandler {
  return (req) => {
    if (req.method !== 'POST') return { status: 405, body: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: use POST' }, id: null } };
    if (typeof req.body !== 'object' || req.body === null) return { body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null } };
    const node = new PerpsNode(world, now(), JUPITER_PERPS_MAINNET_POOL);
    if (Array.isArray(req.body)) {
      if (req.body.length === 0) return { body: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null } };
      return { body: req.body.map((r) => handleOne(node, r)) };
    }
    return { body: handleOne(node, req.body) };
  };
}
