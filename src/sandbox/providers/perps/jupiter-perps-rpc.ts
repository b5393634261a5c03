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
import { slotAt } from '../../world/time.js';
import { base58Decode, base58Encode } from '../../world/random.js';
import { JUPITER_PERPS_MAINNET_POOL } from '../../../sources/perps/jupiter-perps.js';
import type { PerpsWorld, PoolMarket } from '../../../analytics/perps/venue-data.js';
import type { ProviderHandler } from '../server.js';
import { API_VERSION, addressParam, addressesParam, config, jsonRpcHandler, type Json, type RpcMethod } from '../json-rpc-node.js';
import { renderMarketAccounts, renderPositionAccounts, type SandboxAccount } from './jupiter-perps-encode.js';
import { MAX_FILTERS, dataSizeFilter, filtersParam, memcmpFilter, programAccountJson, type AccountFilter } from './program-accounts.js';

const MAX_BASE58_DATA = 128;

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

type Encoding = 'base64' | 'base58';

function encodingParam(options: Json): Encoding {
  const encoding = options.encoding ?? 'base58';
  if (encoding === 'base64' || encoding === 'jsonParsed') return 'base64';
  if (encoding === 'base58' || encoding === 'binary') return 'base58';
  throw new RpcError(-32602, `Invalid params: unsupported encoding ${String(encoding)} (the sandbox serves base64, base58 and jsonParsed)`);
}

function render(account: SandboxAccount, encoding: Encoding): Json {
  if (encoding === 'base64') return programAccountJson(account.data, account.owner);
  if (account.data.length > MAX_BASE58_DATA) throw new RpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
  return programAccountJson(account.data, account.owner, [base58Encode(account.data), 'base58']);
}

/** One `getProgramAccounts` filter: a dataSize or memcmp that does not parse is passed over to the next kind. */
function filterParam(raw: unknown): AccountFilter {
  const filter = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Json) : null;
  if (filter && typeof filter.dataSize === 'number' && Number.isInteger(filter.dataSize) && filter.dataSize >= 0) {
    return dataSizeFilter(filter.dataSize);
  }
  const memcmp = filter?.memcmp && typeof filter.memcmp === 'object' ? (filter.memcmp as Json) : null;
  if (memcmp && typeof memcmp.offset === 'number' && Number.isInteger(memcmp.offset) && memcmp.offset >= 0 && typeof memcmp.bytes === 'string') {
    const encoding = memcmp.encoding ?? 'base58';
    const bytes = encoding === 'base58' ? base58Decode(memcmp.bytes) : encoding === 'base64' ? Buffer.from(memcmp.bytes, 'base64') : null;
    if (!bytes) throw new RpcError(-32602, 'Invalid params: invalid memcmp bytes');
    return memcmpFilter(memcmp.offset, bytes);
  }
  throw new RpcError(-32602, 'Invalid params: invalid filter');
}

const METHODS: Record<string, RpcMethod<PerpsNode>> = {
  getHealth: () => 'ok',
  getSlot: (node) => node.slot,
  getAccountInfo: (node, params) => {
    const address = addressParam(params[0]);
    const encoding = encodingParam(config(params, 1));
    const account = node.account(address);
    return node.withContext(account ? render(account, encoding) : null);
  },
  getMultipleAccounts: (node, params) => {
    const addresses = addressesParam(params[0]);
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
    // This node answers a non-sequence as it answers too many filters.
    const filters = filtersParam(options, filterParam, `Too many filters provided; max ${MAX_FILTERS}`);
    const matches = node
      .programAccounts(program)
      .filter((a) => filters.every((f) => f(a.data)))
      .map((a) => ({ pubkey: a.address, account: render(a, encoding) }));
    return options.withContext === true ? node.withContext(matches) : matches;
  },
};

/** The venue-A node over `world`, at the time `now()` says (read once per HTTP request). */
export function createJupiterPerpsRpcHandler(world: PerpsWorld, now: () => Date = () => new Date()): ProviderHandler {
  return jsonRpcHandler(METHODS, () => new PerpsNode(world, now(), JUPITER_PERPS_MAINNET_POOL));
}
