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
import { ADRENA_PROGRAM_ID } from '../../../sources/perps/adrena-layout.js';
import type { PerpsWorld } from '../../../analytics/perps/venue-data.js';
import { RpcError } from '../../solana/errors.js';
import { base58Decode } from '../../world/random.js';
import { slotAt, toUnix } from '../../world/time.js';
import type { ProviderHandler } from '../server.js';
import { API_VERSION, addressParam, addressesParam, config, jsonRpcHandler, type Json, type RpcMethod } from '../json-rpc-node.js';
import { renderAdrenaAccounts } from './adrena-encode.js';
import { dataSizeFilter, filtersParam, memcmpFilter, programAccountJson, type AccountFilter } from './program-accounts.js';

function requireBase64(options: Json): void {
  const encoding = options.encoding ?? 'binary';
  if (encoding !== 'base64') throw new RpcError(-32602, `Invalid params: the sandbox serves Adrena accounts only as base64 (asked ${String(encoding)})`);
}

/** One `getProgramAccounts` filter, validated as a node does (-32602 for anything else). */
function parseFilter(raw: unknown): AccountFilter {
  const f = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Json) : null;
  if (f && 'dataSize' in f) {
    const size = f.dataSize;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw new RpcError(-32602, 'Invalid params: invalid dataSize filter');
    return dataSizeFilter(size);
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
    return memcmpFilter(offset, wanted);
  }
  throw new RpcError(-32602, 'Invalid params: unknown filter');
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
    return { context: { apiVersion: API_VERSION, slot: this.slot }, value };
  }

  account(address: string): Json | null {
    const data = this.accounts.get(address);
    return data ? programAccountJson(data, ADRENA_PROGRAM_ID) : null;
  }

  programAccounts(program: string, filters: AccountFilter[]): Json[] {
    if (program !== ADRENA_PROGRAM_ID) return [];
    return [...this.accounts]
      .filter(([, data]) => filters.every((f) => f(data)))
      .map(([pubkey, data]) => ({ pubkey, account: programAccountJson(data, ADRENA_PROGRAM_ID) }));
  }
}

const METHODS: Record<string, RpcMethod<AdrenaNode>> = {
  getHealth: () => 'ok',
  getSlot: (node) => node.slot,
  getAccountInfo: (node, params) => {
    const address = addressParam(params[0]);
    requireBase64(config(params, 1));
    return node.withContext(node.account(address));
  },
  getMultipleAccounts: (node, params) => {
    const addresses = addressesParam(params[0]);
    requireBase64(config(params, 1));
    return node.withContext(addresses.map((a) => node.account(a)));
  },
  getProgramAccounts: (node, params) => {
    const program = addressParam(params[0]);
    const options = config(params, 1);
    requireBase64(options);
    const accounts = node.programAccounts(program, filtersParam(options, parseFilter, 'Invalid params: filters must be a sequence'));
    return options.withContext === true ? node.withContext(accounts) : accounts;
  },
};

/** The pool venue B node over the perps world, at the time `now()` says (read once per HTTP request). */
export function createAdrenaRpcHandler(world: PerpsWorld, now: () => Date): ProviderHandler {
  return jsonRpcHandler(METHODS, () => new AdrenaNode(world, now()));
}
