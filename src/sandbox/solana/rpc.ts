/**
 * JSON-RPC method table: the subset of Solana's HTTP API that @solana/kit-based x402 clients and
 * facilitators call (getLatestBlockhash, getAccountInfo, simulateTransaction, sendTransaction,
 * getSignatureStatuses, token balance queries) plus a few harmless node-info methods.
 * Result shapes follow the real API (`{ context, value }` wrappers, base64 `[data, encoding]` tuples).
 * Accounts, balances, rent and fees are read from the runtime (runtime.ts); slots, blockhashes and
 * signature statuses from the bank (chain.ts, clock.ts).
 */
import { getBase58Decoder, isAddress } from '@solana/kit';
import { decodeTokenAccount, mintSupply, parsedMint, parsedTokenAccount, uiAmount } from './accounts.js';
import type { SolanaChain } from './chain.js';
import { MAINNET_GENESIS_HASH, MINT_SIZE, TOKEN_PROGRAM, USDC_MINT } from './constants.js';
import { RpcError } from './errors.js';

type Params = unknown[];
type Config = Record<string, unknown>;
type Handler = (chain: SolanaChain, params: Params, context: HandlerContext) => unknown;

/** Per-request instructions from the fault layer (src/sandbox/chain-faults.ts). */
interface HandlerContext {
  /** sendTransaction: accept and answer the signature, but never land it. */
  drop?: boolean;
}

function config(params: Params, position: number): Config {
  const value = params[position];
  return value && typeof value === 'object' ? (value as Config) : {};
}

function addressParam(params: Params, position: number): string {
  const value = params[position];
  if (typeof value !== 'string' || !isAddress(value)) throw new RpcError(-32602, 'Invalid param: Invalid');
  return value;
}

function withContext(chain: SolanaChain, value: unknown) {
  return { context: { apiVersion: '2.2.0', slot: chain.clock.slot() }, value };
}

const base58 = getBase58Decoder();

/** Account data in the requested encoding; `jsonParsed` falls back to base64 for unparsable accounts, as nodes do. */
function encodeData(bytes: Uint8Array, encoding: string): [string, string] | string {
  if (encoding === 'base64' || encoding === 'jsonParsed') return [Buffer.from(bytes).toString('base64'), 'base64'];
  if (encoding === 'base58') return [base58.decode(bytes), 'base58'];
  if (encoding === 'binary') return base58.decode(bytes); // legacy default: a bare base58 string
  throw new RpcError(-32602, `Invalid params: unsupported encoding: ${encoding}`);
}

/** One account in `getAccountInfo` shape, read from the runtime; null if it doesn't exist. */
function accountInfo(chain: SolanaChain, address: string, encoding: string) {
  const account = chain.runtime.account(address);
  if (!account) return null;
  const { lamports, owner, executable, rentEpoch } = account;
  const base = { executable, lamports: Number(lamports), owner, rentEpoch: Number(rentEpoch), space: account.data.length };
  if (encoding === 'jsonParsed' && owner === TOKEN_PROGRAM) {
    const token = decodeTokenAccount(account.data);
    if (token && token.mint === USDC_MINT) return { ...base, data: parsedTokenAccount(token) };
    if (address === USDC_MINT && account.data.length === MINT_SIZE) return { ...base, data: parsedMint(mintSupply(account.data)) };
  }
  return { ...base, data: encodeData(account.data, encoding) };
}

function tokenBalance(chain: SolanaChain, params: Params) {
  const address = addressParam(params, 0);
  const token = chain.faucet.tokenAccount(address);
  if (!token) throw new RpcError(-32602, 'Invalid param: could not find account');
  return withContext(chain, uiAmount(token.amount));
}

/** Looking up an owner's token accounts counts as "first sight" and funds a new wallet. */
function tokenAccountsByOwner(chain: SolanaChain, params: Params) {
  const owner = addressParam(params, 0);
  const filter = config(params, 1);
  const encoding = String(config(params, 2).encoding ?? 'binary');
  if (typeof filter.mint === 'string' && filter.mint !== USDC_MINT) throw new RpcError(-32602, 'Invalid param: could not find mint');
  if (typeof filter.programId === 'string' && filter.programId !== TOKEN_PROGRAM) return withContext(chain, []);
  if (typeof filter.mint !== 'string' && typeof filter.programId !== 'string') throw new RpcError(-32602, 'Invalid params: missing mint or programId filter');
  const ata = chain.faucet.ensureFunded(owner);
  return withContext(chain, [{ pubkey: ata, account: accountInfo(chain, ata, encoding) }]);
}

const METHODS: Record<string, Handler> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
  getGenesisHash: () => MAINNET_GENESIS_HASH,
  getSlot: (chain) => chain.clock.slot(),
  getBlockHeight: (chain) => chain.clock.blockHeight(),
  getEpochInfo: (chain) => {
    const slot = chain.clock.slot();
    return { absoluteSlot: slot, blockHeight: slot, epoch: Math.floor(slot / 432_000), slotIndex: slot % 432_000, slotsInEpoch: 432_000, transactionCount: chain.landed.size };
  },
  getLatestBlockhash: (chain) => withContext(chain, chain.clock.latestBlockhash()),
  isBlockhashValid: (chain, params) => withContext(chain, chain.clock.isValid(String(params[0]))),
  getFeeForMessage: (chain, params) => withContext(chain, chain.feeForMessage(String(params[0] ?? ''))),
  getMinimumBalanceForRentExemption: (chain, params) => Number(chain.runtime.rentExemptMinimum(Number(params[0] ?? 0))),
  getBalance: (chain, params) => withContext(chain, Number(chain.runtime.lamports(addressParam(params, 0)))),
  getAccountInfo: (chain, params) =>
    withContext(chain, accountInfo(chain, addressParam(params, 0), String(config(params, 1).encoding ?? 'binary'))),
  getMultipleAccounts: (chain, params) => {
    const addresses = Array.isArray(params[0]) ? (params[0] as unknown[]) : [];
    const encoding = String(config(params, 1).encoding ?? 'binary');
    return withContext(chain, addresses.map((_, i) => accountInfo(chain, addressParam(addresses, i), encoding)));
  },
  getTokenAccountBalance: tokenBalance,
  getTokenAccountsByOwner: tokenAccountsByOwner,
  getTokenSupply: (chain, params) => {
    if (addressParam(params, 0) !== USDC_MINT) throw new RpcError(-32602, 'Invalid param: could not find mint');
    return withContext(chain, uiAmount(chain.faucet.supply()));
  },
  simulateTransaction: (chain, params) => {
    const options = config(params, 1);
    return withContext(
      chain,
      chain.simulate(String(params[0]), {
        encoding: typeof options.encoding === 'string' ? options.encoding : undefined,
        sigVerify: options.sigVerify === true,
        replaceRecentBlockhash: options.replaceRecentBlockhash === true,
        innerInstructions: options.innerInstructions === true,
      }),
    );
  },
  sendTransaction: (chain, params, context) => {
    const options = config(params, 1);
    const sendOptions = {
      encoding: typeof options.encoding === 'string' ? options.encoding : undefined,
      skipPreflight: options.skipPreflight === true,
    };
    return context.drop ? chain.acceptDropped(String(params[0]), sendOptions) : chain.send(String(params[0]), sendOptions);
  },
  getSignatureStatuses: (chain, params) => {
    const signatures = Array.isArray(params[0]) ? (params[0] as unknown[]) : [];
    if (signatures.length > 256) throw new RpcError(-32602, 'Invalid params: too many inputs provided; max 256');
    return withContext(chain, signatures.map((s) => chain.signatureStatus(String(s))));
  },
  /** Only the base64 transaction encoding is produced; meta carries status, fee and logs. */
  getTransaction: (chain, params) => {
    const landed = chain.landed.get(String(params[0]));
    if (!landed) return null;
    return {
      slot: landed.slot,
      blockTime: landed.blockTime,
      version: landed.version,
      transaction: [landed.wire, 'base64'],
      meta: {
        err: landed.err,
        status: landed.err ? { Err: landed.err } : { Ok: null },
        fee: Number(landed.fee),
        logMessages: landed.logs,
        computeUnitsConsumed: landed.unitsConsumed,
        innerInstructions: [],
        preBalances: [],
        postBalances: [],
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedAddresses: { readonly: [], writable: [] },
      },
    };
  },
};

export interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/** How the fault layer treats a request: a status read, a broadcast, or anything else. */
export function requestKind(request: JsonRpcRequest): 'read' | 'broadcast' | 'other' {
  if (request.method === 'getSignatureStatuses') return 'read';
  return request.method === 'sendTransaction' ? 'broadcast' : 'other';
}

export function handleRpcRequest(chain: SolanaChain, request: JsonRpcRequest, context: HandlerContext = {}) {
  const id = request.id ?? null;
  const handler = typeof request.method === 'string' && Object.hasOwn(METHODS, request.method) ? METHODS[request.method] : undefined;
  if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
  }
  if (!handler) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  try {
    const params = Array.isArray(request.params) ? request.params : [];
    return { jsonrpc: '2.0', id, result: handler(chain, params, context) };
  } catch (error) {
    if (error instanceof RpcError) {
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
    }
    return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` } };
  }
}
