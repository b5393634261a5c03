/**
 * Sandbox Helius (leg `wallet_assets`): renders the sandbox world in Helius' wire formats (see
 * `src/sources/wire/helius.ts` for the documentation links). Real Helius splits DAS and REST across
 * two hosts; the sandbox serves both on one server, routed by path:
 *   POST /                                   DAS JSON-RPC: getAssetsByOwner, getAsset (batch arrays too)
 *   GET  /v0/addresses/{address}/transactions enhanced history (limit 1..100, before-signature, type, source)
 *   POST /v0/transactions                     parse up to 100 signatures
 *
 * Answers like the real API for unknown things: an unknown asset id is JSON-RPC error -32000
 * "…Asset Not Found" (HTTP 200); an address with nothing is an empty list; an unknown signature is left
 * out of the parse answer (`[]`). DAS has no spam flag, so the world's `spamFlag` is not rendered —
 * the service's own heuristic works on name/description. Items are ordered by id (DAS' default sort).
 */
import { createHash } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder, isAddress } from '@solana/kit';
import type { ProviderHandler, ProviderRequest, ProviderResponse } from './server.js';
import type { NftState, SandboxWorld, TokenBalanceState, TokenState, TransactionState } from '../world/types.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../solana/constants.js';

const WSOL_MINT = 'So11111111111111111111111111111111111111112';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const DAS_MAX_LIMIT = 1000;
const ENHANCED_MAX = 100;
const NFT_SCHEMA = 'https://schema.metaplex.com/nft1.0.json';

type Json = Record<string, unknown>;

interface DasOptions {
  showFungible: boolean;
  showNativeBalance: boolean;
  showZeroBalance: boolean;
  showCollectionMetadata: boolean;
}

class DasError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

const b58 = getBase58Decoder();
const b58bytes = getBase58Encoder();

/** Deterministic base58 of `bytes` bytes derived from a label (hashes, trees, instruction data). */
function derived(label: string, bytes = 32): string {
  let buf = Buffer.alloc(0);
  for (let i = 0; buf.length < bytes; i++) buf = Buffer.concat([buf, createHash('sha256').update(`helius:${label}:${i}`).digest()]);
  return b58.decode(buf.subarray(0, bytes));
}

function derivedInt(label: string, max: number): number {
  return createHash('sha256').update(`helius:${label}`).digest().readUInt32BE(0) % max;
}

function isSignature(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 64 || value.length > 88) return false;
  try {
    return b58bytes.encode(value).length === 64;
  } catch {
    return false;
  }
}

const round = (n: number, digits = 8): number => Math.round(n * 10 ** digits) / 10 ** digits;
const uiAmount = (raw: string, decimals: number): number => Number(raw) / 10 ** decimals;
const cdn = (uri: string): string => `https://cdn.helius-rpc.com/cdn-cgi/image//${uri}`;
const programId = (token: TokenState): string => (token.program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM);

// ---------------------------------------------------------------- DAS rendering

const NO_COMPRESSION = { eligible: false, compressed: false, data_hash: '', creator_hash: '', asset_hash: '', tree: '', seq: 0, leaf_id: 0 };
const NO_ROYALTY = { royalty_model: 'creators', target: null, percent: 0, basis_points: 0, primary_sale_happened: false, locked: false };

/**
 * Token-2022 extensions as DAS names them (spl-token-2022 field names, snake_case). The world does not
 * model the fee/hook authorities, so those keys are left out rather than invented.
 */
function mintExtensions(token: TokenState): Json | undefined {
  if (token.program !== 'token-2022') return undefined;
  const ext = token.extensions;
  const out: Json = {};
  if (ext.transferFee) {
    // Same fee in both slots: no pending fee change. The epoch only needs to look plausible.
    const fee = { epoch: 700, maximum_fee: Number(ext.transferFee.maximumFeeRaw), transfer_fee_basis_points: ext.transferFee.basisPoints };
    out.transfer_fee_config = { withheld_amount: 0, older_transfer_fee: fee, newer_transfer_fee: fee };
  }
  if (ext.permanentDelegate) out.permanent_delegate = { delegate: ext.permanentDelegate };
  if (ext.transferHookProgram) out.transfer_hook = { program_id: ext.transferHookProgram };
  if (ext.nonTransferable) out.non_transferable = {};
  if (ext.defaultAccountStateFrozen) out.default_account_state = { state: 'frozen' };
  if (ext.mintCloseAuthority) out.mint_close_authority = { close_authority: ext.mintCloseAuthority };
  return out;
}

function fungibleContent(token: TokenState | null): Json {
  if (!token) return { $schema: '', json_uri: '', files: [], metadata: {}, links: {} };
  return {
    $schema: NFT_SCHEMA,
    json_uri: token.uri,
    files: token.image ? [{ uri: token.image, cdn_uri: cdn(token.image), mime: 'image/png' }] : [],
    metadata: { name: token.name, symbol: token.symbol, token_standard: 'Fungible' },
    links: token.image ? { image: token.image } : {},
  };
}

/** A fungible asset: in a wallet listing (`holding` set) or by getAsset (mint view, authorities shown). */
function renderFungible(mint: string, token: TokenState | null, owner: string, holding?: TokenBalanceState): Json {
  const decimals = token?.decimals ?? holding?.decimals ?? 0;
  const price = token?.prices.walletProvider ?? null;
  const tokenInfo: Json = {};
  if (token) tokenInfo.symbol = token.symbol;
  if (holding) tokenInfo.balance = Number(holding.amountRaw);
  if (token) tokenInfo.supply = Number(token.supplyRaw);
  tokenInfo.decimals = decimals;
  tokenInfo.token_program = token ? programId(token) : TOKEN_PROGRAM;
  if (holding) tokenInfo.associated_token_address = holding.tokenAccount;
  if (price !== null) {
    tokenInfo.price_info = holding
      ? { price_per_token: price, total_price: round(price * uiAmount(holding.amountRaw, decimals)), currency: 'USDC' }
      : { price_per_token: price, currency: 'USDC' };
  }
  // Revoked authorities are simply absent, as DAS leaves unset options out.
  if (!holding && token?.mintAuthority) tokenInfo.mint_authority = token.mintAuthority;
  if (!holding && token?.freezeAuthority) tokenInfo.freeze_authority = token.freezeAuthority;
  const extensions = token ? mintExtensions(token) : undefined;
  return {
    interface: 'FungibleToken',
    id: mint,
    content: fungibleContent(token),
    authorities: token?.mintAuthority ? [{ address: token.mintAuthority, scopes: ['full'] }] : [],
    compression: NO_COMPRESSION,
    grouping: [],
    royalty: NO_ROYALTY,
    creators: [],
    ownership: { frozen: false, delegated: false, delegate: null, ownership_model: 'token', owner },
    supply: null,
    mutable: true,
    burnt: false,
    ...(extensions ? { mint_extensions: extensions } : {}),
    token_info: tokenInfo,
  };
}

function renderNft(nft: NftState, owner: string, options: DasOptions): Json {
  const grouping = nft.collection
    ? [{
        group_key: 'collection',
        group_value: nft.collection.address,
        ...(options.showCollectionMetadata
          ? { collection_metadata: { name: nft.collection.name, symbol: '', image: '', description: '', external_url: '' } }
          : {}),
      }]
    : [];
  const compression = nft.compressed
    ? {
        eligible: false,
        compressed: true,
        data_hash: derived(`data:${nft.id}`),
        creator_hash: derived(`creator:${nft.id}`),
        asset_hash: derived(`asset:${nft.id}`),
        tree: derived(`tree:${nft.collection?.address ?? nft.id}`),
        seq: derivedInt(`seq:${nft.id}`, 2_000_000) + 1000,
        leaf_id: derivedInt(`leaf:${nft.id}`, 2_000_000),
      }
    : NO_COMPRESSION;
  return {
    interface: 'V1_NFT',
    id: nft.id,
    content: {
      $schema: NFT_SCHEMA,
      json_uri: `https://arweave.net/${derived(`json:${nft.id}`)}`,
      files: nft.image ? [{ uri: nft.image, cdn_uri: cdn(nft.image), mime: 'image/png' }] : [],
      metadata: { name: nft.name, symbol: '', description: nft.description, token_standard: 'NonFungible' },
      links: nft.image ? { image: nft.image } : {},
    },
    authorities: [],
    compression,
    grouping,
    royalty: NO_ROYALTY,
    creators: [],
    ownership: { frozen: false, delegated: false, delegate: null, ownership_model: 'single', owner },
    supply: { print_max_supply: 0, print_current_supply: 0, edition_nonce: nft.compressed ? null : 255 },
    mutable: true,
    burnt: false,
    ...(nft.compressed ? {} : { token_info: { supply: 1, decimals: 0, token_program: TOKEN_PROGRAM } }),
  };
}

function flag(options: Json, key: string): boolean {
  return options[key] === true;
}

function getAssetsByOwner(world: SandboxWorld, at: Date, params: Json): Json {
  const owner = params.ownerAddress;
  if (typeof owner !== 'string' || !isAddress(owner)) throw new DasError(-32000, `Pubkey Validation Error: ${String(owner)} is invalid`);
  const page = params.page ?? 1;
  const limit = params.limit ?? DAS_MAX_LIMIT;
  if (!Number.isInteger(page) || (page as number) < 1) throw new DasError(-32000, 'Pagination Error. Page must be a positive integer');
  // Approximates the real refusal of oversized pages (exact wording not documented).
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > DAS_MAX_LIMIT) throw new DasError(-32000, `Validation Error: limit must be between 1 and ${DAS_MAX_LIMIT}`);
  // Current docs name it `options`; `displayOptions` is the accepted alias.
  const raw = (typeof params.options === 'object' && params.options !== null ? params.options : typeof params.displayOptions === 'object' && params.displayOptions !== null ? params.displayOptions : {}) as Json;
  const options: DasOptions = {
    showFungible: flag(raw, 'showFungible'),
    showNativeBalance: flag(raw, 'showNativeBalance'),
    showZeroBalance: flag(raw, 'showZeroBalance'),
    showCollectionMetadata: flag(raw, 'showCollectionMetadata'),
  };

  const wallet = world.wallet(owner, at);
  const all: Json[] = [];
  if (wallet) {
    if (options.showFungible) {
      for (const holding of wallet.tokens) {
        if (!options.showZeroBalance && BigInt(holding.amountRaw) === 0n) continue;
        all.push(renderFungible(holding.mint, world.token(holding.mint, at), owner, holding));
      }
    }
    for (const nft of wallet.nfts) all.push(renderNft(nft, owner, options));
  }
  all.sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : (a.id as string) > (b.id as string) ? 1 : 0));
  const items = all.slice(((page as number) - 1) * (limit as number), (page as number) * (limit as number));

  const result: Json = { total: items.length, limit, page, items };
  if (options.showNativeBalance) {
    const lamports = Number(wallet?.lamports ?? 0);
    const solPrice = world.token(WSOL_MINT, at)?.prices.walletProvider ?? null;
    result.nativeBalance = solPrice === null
      ? { lamports }
      : { lamports, price_per_sol: solPrice, total_price: round((lamports / 1e9) * solPrice) };
  }
  return result;
}

const NOT_FOUND = new DasError(-32000, 'Database Error: RecordNotFound Error: Asset Not Found');

function getAsset(world: SandboxWorld, at: Date, params: Json): Json {
  const id = params.id;
  if (typeof id !== 'string' || !isAddress(id)) throw new DasError(-32000, `Pubkey Validation Error: ${String(id)} is invalid`);
  const token = world.token(id, at);
  if (!token) throw NOT_FOUND;
  return renderFungible(id, token, '');
}

function das(world: SandboxWorld, at: Date, call: unknown): Json {
  const req = (typeof call === 'object' && call !== null && !Array.isArray(call) ? call : {}) as Json;
  const id = req.id ?? null;
  try {
    if (req.jsonrpc !== '2.0' || typeof req.method !== 'string') throw new DasError(-32600, 'Invalid request');
    const params = req.params;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new DasError(-32602, 'Invalid params');
    let result: Json;
    if (req.method === 'getAssetsByOwner') result = getAssetsByOwner(world, at, params as Json);
    else if (req.method === 'getAsset') result = getAsset(world, at, params as Json);
    else throw new DasError(-32601, 'Method not found');
    return { jsonrpc: '2.0', result, id };
  } catch (err) {
    if (!(err instanceof DasError)) throw err;
    return { jsonrpc: '2.0', error: { code: err.code, message: err.message }, id };
  }
}

// ---------------------------------------------------------------- Enhanced transactions rendering

function tokenStandard(t: { decimals: number; amountRaw: string }): string {
  return t.decimals === 0 && t.amountRaw === '1' ? 'NonFungible' : 'Fungible';
}

/** Per-account balance effects, fee payer first, then in order of appearance (as Helius lists them). */
function accountData(tx: TransactionState, moved: boolean): Json[] {
  const rows = new Map<string, { native: bigint; tokens: Json[] }>();
  const row = (account: string) => {
    let r = rows.get(account);
    if (!r) rows.set(account, (r = { native: 0n, tokens: [] }));
    return r;
  };
  row(tx.feePayer).native -= BigInt(tx.feeLamports);
  if (moved) {
    for (const t of tx.nativeTransfers) {
      row(t.from).native -= BigInt(t.lamports);
      row(t.to).native += BigInt(t.lamports);
    }
    for (const t of tx.tokenTransfers) {
      for (const [tokenAccount, user, sign] of [[t.fromTokenAccount, t.from, -1n], [t.toTokenAccount, t.to, 1n]] as const) {
        const r = row(tokenAccount);
        const existing = r.tokens.find((c) => c.mint === t.mint) as { rawTokenAmount: { tokenAmount: string } } | undefined;
        const delta = sign * BigInt(t.amountRaw);
        if (existing) existing.rawTokenAmount.tokenAmount = String(BigInt(existing.rawTokenAmount.tokenAmount) + delta);
        else r.tokens.push({ userAccount: user, tokenAccount, mint: t.mint, rawTokenAmount: { tokenAmount: String(delta), decimals: t.decimals } });
      }
    }
  }
  for (const program of tx.programIds) row(program);
  return [...rows].map(([account, r]) => ({ account, nativeBalanceChange: Number(r.native), tokenBalanceChanges: r.tokens }));
}

function instructions(tx: TransactionState, moved: boolean): Json[] {
  const parties = [...new Set([
    tx.feePayer,
    ...(moved ? tx.nativeTransfers.flatMap((t) => [t.from, t.to]) : []),
    ...(moved ? tx.tokenTransfers.flatMap((t) => [t.fromTokenAccount, t.toTokenAccount, t.mint]) : []),
  ])];
  return tx.programIds.map((program, i) => ({
    accounts: program === COMPUTE_BUDGET ? [] : parties,
    data: derived(`ix:${tx.signature}:${i}`, 12),
    programId: program,
    innerInstructions: [],
  }));
}

function events(tx: TransactionState, moved: boolean): Json {
  if (!moved) return {};
  const me = tx.feePayer;
  const raw = (t: TransactionState['tokenTransfers'][number], user: string, account: string) => ({
    userAccount: user, tokenAccount: account, mint: t.mint, rawTokenAmount: { tokenAmount: t.amountRaw, decimals: t.decimals },
  });
  if (tx.type === 'SWAP') {
    const sum = (list: TransactionState['nativeTransfers']) => list.reduce((s, t) => s + BigInt(t.lamports), 0n);
    const nativeIn = sum(tx.nativeTransfers.filter((t) => t.from === me));
    const nativeOut = sum(tx.nativeTransfers.filter((t) => t.to === me));
    return {
      swap: {
        nativeInput: nativeIn > 0n ? { account: me, amount: String(nativeIn) } : null,
        nativeOutput: nativeOut > 0n ? { account: me, amount: String(nativeOut) } : null,
        tokenInputs: tx.tokenTransfers.filter((t) => t.from === me).map((t) => raw(t, t.from, t.fromTokenAccount)),
        tokenOutputs: tx.tokenTransfers.filter((t) => t.to === me).map((t) => raw(t, t.to, t.toTokenAccount)),
        tokenFees: [],
        nativeFees: [],
        innerSwaps: [],
      },
    };
  }
  if (tx.type === 'NFT_SALE' || tx.type === 'NFT_MINT') {
    const nfts = tx.tokenTransfers.filter((t) => t.decimals === 0);
    const buyer = nfts[0]?.to ?? me;
    const seller = tx.type === 'NFT_SALE' ? nfts[0]?.from ?? '' : '';
    const amount = tx.nativeTransfers.filter((t) => t.from === buyer).reduce((s, t) => s + Number(t.lamports), 0);
    return {
      nft: {
        description: tx.description, type: tx.type, source: tx.source, amount, fee: Number(tx.feeLamports), feePayer: me,
        signature: tx.signature, slot: tx.slot, timestamp: tx.timestamp,
        saleType: tx.type === 'NFT_SALE' ? 'INSTANT_SALE' : '', buyer, seller, staker: '',
        nfts: nfts.map((t) => ({ mint: t.mint, tokenStandard: 'NonFungible' })),
      },
    };
  }
  return {};
}

/** One world transaction as an enhanced transaction. A failed transaction moved nothing but its fee. */
export function renderEnhancedTransaction(tx: TransactionState): Json {
  const moved = tx.error === null;
  const nativeTransfers = moved ? tx.nativeTransfers.map((t) => ({ fromUserAccount: t.from, toUserAccount: t.to, amount: Number(t.lamports) })) : [];
  const tokenTransfers = moved
    ? tx.tokenTransfers.map((t) => ({
        fromTokenAccount: t.fromTokenAccount, toTokenAccount: t.toTokenAccount, fromUserAccount: t.from, toUserAccount: t.to,
        tokenAmount: uiAmount(t.amountRaw, t.decimals), mint: t.mint, tokenStandard: tokenStandard(t),
      }))
    : [];
  return {
    description: tx.description,
    type: tx.type,
    source: tx.source,
    fee: Number(tx.feeLamports),
    feePayer: tx.feePayer,
    signature: tx.signature,
    slot: tx.slot,
    timestamp: tx.timestamp,
    tokenTransfers,
    nativeTransfers,
    accountData: accountData(tx, moved),
    transactionError: tx.error === null ? null : { error: tx.error },
    instructions: instructions(tx, moved),
    events: events(tx, moved),
  };
}

const bad = (message: string, status = 400): ProviderResponse => ({ status, body: { error: message } });

function history(world: SandboxWorld, at: Date, address: string, query: URLSearchParams): ProviderResponse {
  if (!isAddress(address)) return bad(`invalid address: ${address}`);
  const limitText = query.get('limit');
  const limit = limitText === null ? ENHANCED_MAX : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > ENHANCED_MAX) return bad(`invalid limit: must be between 1 and ${ENHANCED_MAX}`);
  // `before-signature` is the current name; `before` is the older one still seen in the wild.
  const before = query.get('before-signature') ?? query.get('before');
  const type = query.get('type');
  const source = query.get('source');
  let list = world.wallet(address, at)?.transactions ?? [];
  if (before) {
    const index = list.findIndex((tx) => tx.signature === before);
    list = index === -1 ? [] : list.slice(index + 1);
  }
  if (type) list = list.filter((tx) => tx.type === type);
  if (source) list = list.filter((tx) => tx.source === source);
  return { body: list.slice(0, limit).map(renderEnhancedTransaction) };
}

function parse(world: SandboxWorld, at: Date, body: unknown): ProviderResponse {
  const list = (body as { transactions?: unknown } | undefined)?.transactions;
  if (!Array.isArray(list) || list.length === 0 || list.some((s) => typeof s !== 'string')) return bad('transactions must be a non-empty array of signatures');
  if (list.length > ENHANCED_MAX) return bad(`at most ${ENHANCED_MAX} transactions per request`);
  const out: Json[] = [];
  for (const sig of list as string[]) {
    if (!isSignature(sig)) return bad(`invalid transaction signature: ${sig}`);
    const tx = world.transaction(sig, at);
    if (tx) out.push(renderEnhancedTransaction(tx));
  }
  return { body: out };
}

export function createHeliusHandler(world: SandboxWorld, now: () => Date = () => new Date()): ProviderHandler {
  return (req: ProviderRequest): ProviderResponse => {
    const at = now();
    if (req.path === '/' || req.path === '') {
      if (req.method !== 'POST') return bad('Method Not Allowed', 405);
      if (Array.isArray(req.body)) return { body: req.body.map((call) => das(world, at, call)) };
      if (typeof req.body !== 'object' || req.body === null) return { body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null } };
      return { body: das(world, at, req.body) };
    }
    const historyMatch = /^\/v0\/addresses\/([^/]+)\/transactions\/?$/.exec(req.path);
    if (historyMatch) {
      if (req.method !== 'GET') return bad('Method Not Allowed', 405);
      return history(world, at, decodeURIComponent(historyMatch[1]!), req.query);
    }
    if (req.path === '/v0/transactions' || req.path === '/v0/transactions/') {
      if (req.method !== 'POST') return bad('Method Not Allowed', 405);
      return parse(world, at, req.body);
    }
    return bad('Not Found', 404);
  };
}
