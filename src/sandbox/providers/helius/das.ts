/**
 * Helius DAS (JSON-RPC on POST /): getAssetsByOwner and getAsset over the sandbox world, in DAS' wire
 * format. Fungible holdings render with their price and Token-2022 extensions, NFTs with their
 * collection grouping and (for compressed ones) a derived compression record. DAS has no spam flag, so the
 * world's `spamFlag` is not rendered. Items are ordered by id (DAS' default sort).
 */
import { isAddress } from '@solana/kit';
import { WSOL_MINT } from '../../../lib/solana-mints.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../solana/constants.js';
import type { NftState, SandboxWorld, TokenBalanceState, TokenState } from '../../world/types.js';
import { derived, derivedInt, uiAmount, type Json } from './wire-basics.js';

const DAS_MAX_LIMIT = 1000;
const NFT_SCHEMA = 'https://schema.metaplex.com/nft1.0.json';

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

const round = (n: number, digits = 8): number => Math.round(n * 10 ** digits) / 10 ** digits;
const cdn = (uri: string): string => `https://cdn.helius-rpc.com/cdn-cgi/image//${uri}`;
const programId = (token: TokenState): string => (token.program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM);

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

/** One DAS JSON-RPC call (an element of a batch or a single request), answered or refused the way DAS does. */
export function answerDasCall(world: SandboxWorld, at: Date, call: unknown): Json {
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

