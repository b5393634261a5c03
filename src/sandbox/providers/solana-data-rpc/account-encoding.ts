/**
 * Accounts as a node encodes them: jsonParsed mints and token accounts (Token-2022 extensions as
 * `{ extension, state }` with their TLV sizes, so `space` and rent match), and the raw encodings
 * (base64, base58, binary) of accounts the node cannot parse.
 */
import { uiAmount } from '../../solana/accounts.js';
import { MINT_SIZE, TOKEN_2022_PROGRAM, TOKEN_ACCOUNT_SIZE, TOKEN_PROGRAM, rentExemptMinimum } from '../../solana/constants.js';
import { RpcError } from '../../solana/errors.js';
import type { TokenState } from '../../world/types.js';
import { RENT_EPOCH, type Json } from '../json-rpc-node.js';
import { base58, slotAt } from './wire-basics.js';

const SLOTS_PER_EPOCH = 432_000;

export function tokenProgramId(token: TokenState): string {
  return token.program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM;
}

function programName(token: TokenState): 'spl-token' | 'spl-token-2022' {
  return token.program === 'token-2022' ? 'spl-token-2022' : 'spl-token';
}

/** TLV-encoded size of Token-2022 state: base (165) + account-type byte + (type u16, length u16, value) per extension. */
function extendedSpace(valueLengths: number[]): number {
  return TOKEN_ACCOUNT_SIZE + 1 + valueLengths.reduce((sum, len) => sum + 4 + len, 0);
}

interface RenderedExtension {
  json: Json;
  size: number;
}

/** The mint's extensions in jsonParsed form, in initialisation order, with their TLV value sizes. */
function mintExtensions(token: TokenState): RenderedExtension[] {
  const e = token.extensions;
  const out: RenderedExtension[] = [];
  const epoch = Math.floor(slotAt(new Date(token.createdAt * 1000)) / SLOTS_PER_EPOCH);
  if (e.transferFee) {
    const fee = { epoch, maximumFee: Number(BigInt(e.transferFee.maximumFeeRaw)), transferFeeBasisPoints: e.transferFee.basisPoints };
    out.push({
      size: 108,
      json: {
        extension: 'transferFeeConfig',
        state: {
          newerTransferFee: fee,
          olderTransferFee: fee,
          // The world's authorities when it names them (the launch platform's coins), else the mint authority.
          transferFeeConfigAuthority: e.transferFee.configAuthority !== undefined ? e.transferFee.configAuthority : token.mintAuthority,
          withdrawWithheldAuthority: e.transferFee.withdrawAuthority !== undefined ? e.transferFee.withdrawAuthority : token.mintAuthority,
          withheldAmount: Number(BigInt(e.transferFee.withheldRaw ?? '0')),
        },
      },
    });
  }
  if (e.mintCloseAuthority) out.push({ size: 32, json: { extension: 'mintCloseAuthority', state: { closeAuthority: e.mintCloseAuthority } } });
  if (e.permanentDelegate) out.push({ size: 32, json: { extension: 'permanentDelegate', state: { delegate: e.permanentDelegate } } });
  if (e.defaultAccountStateFrozen !== undefined) {
    out.push({ size: 1, json: { extension: 'defaultAccountState', state: { accountState: e.defaultAccountStateFrozen ? 'frozen' : 'initialized' } } });
  }
  if (e.nonTransferable) out.push({ size: 0, json: { extension: 'nonTransferable' } });
  if (e.transferHookProgram) out.push({ size: 64, json: { extension: 'transferHook', state: { authority: token.mintAuthority, programId: e.transferHookProgram } } });
  // Token-2022 mints carry their metadata in the mint (pointer to itself + the metadata itself).
  out.push({ size: 64, json: { extension: 'metadataPointer', state: { authority: token.mintAuthority, metadataAddress: token.mint } } });
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  out.push({
    size: 32 + 32 + 4 + bytes(token.name) + 4 + bytes(token.symbol) + 4 + bytes(token.uri) + 4,
    json: {
      extension: 'tokenMetadata',
      state: { additionalMetadata: [], mint: token.mint, name: token.name, symbol: token.symbol, updateAuthority: token.mintAuthority, uri: token.uri },
    },
  });
  return out;
}

export function mintAccount(token: TokenState): Json {
  const info: Json = {
    decimals: token.decimals,
    freezeAuthority: token.freezeAuthority,
    isInitialized: true,
    mintAuthority: token.mintAuthority,
    supply: token.supplyRaw,
  };
  let space = MINT_SIZE;
  if (token.program === 'token-2022') {
    const extensions = mintExtensions(token);
    info.extensions = extensions.map((x) => x.json);
    space = extendedSpace(extensions.map((x) => x.size));
  }
  return tokenProgramAccount(token, { info, type: 'mint' }, space);
}

/** A rent-exempt account of the token's program, jsonParsed: mints and token accounts share this envelope. */
function tokenProgramAccount(token: TokenState, parsed: { info: Json; type: 'mint' | 'account' }, space: number): Json {
  return {
    data: { parsed, program: programName(token), space },
    executable: false,
    lamports: Number(rentExemptMinimum(space)),
    owner: tokenProgramId(token),
    rentEpoch: RENT_EPOCH,
    space,
  };
}

/** Token-2022 accounts carry the account-side twins of their mint's extensions (ATAs are immutable-owner). */
function tokenAccountExtensions(token: TokenState): RenderedExtension[] {
  if (token.program !== 'token-2022') return [];
  const out: RenderedExtension[] = [{ size: 0, json: { extension: 'immutableOwner' } }];
  if (token.extensions.transferFee) out.push({ size: 8, json: { extension: 'transferFeeAmount', state: { withheldAmount: 0 } } });
  if (token.extensions.nonTransferable) out.push({ size: 0, json: { extension: 'nonTransferableAccount' } });
  if (token.extensions.transferHookProgram) out.push({ size: 1, json: { extension: 'transferHookAccount', state: { transferring: false } } });
  return out;
}

export function tokenAccountSpace(token: TokenState): number {
  const extensions = tokenAccountExtensions(token);
  return extensions.length ? extendedSpace(extensions.map((x) => x.size)) : TOKEN_ACCOUNT_SIZE;
}

export function tokenAccount(token: TokenState, owner: string, amountRaw: string): Json {
  const extensions = tokenAccountExtensions(token);
  const info: Json = {
    isNative: false,
    mint: token.mint,
    owner,
    state: 'initialized',
    tokenAmount: uiAmount(BigInt(amountRaw), token.decimals),
  };
  if (extensions.length) info.extensions = extensions.map((x) => x.json);
  const space = tokenAccountSpace(token);
  return tokenProgramAccount(token, { info, type: 'account' }, space);
}

/** Account data with no bytes, in the asked encoding (jsonParsed falls back to base64, as nodes do). */
export function emptyData(encoding: string): unknown {
  if (encoding === 'base64' || encoding === 'jsonParsed' || encoding === 'base64+zstd') return ['', encoding === 'base64+zstd' ? 'base64+zstd' : 'base64'];
  if (encoding === 'base58') return ['', 'base58'];
  if (encoding === 'binary') return '';
  throw new RpcError(-32602, `Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``);
}

/** Program-owned account bytes in the asked encoding: jsonParsed falls back to base64 (the node cannot parse them). */
export function binaryData(bytes: Uint8Array, encoding: string): unknown {
  if (encoding === 'base64' || encoding === 'jsonParsed') return [Buffer.from(bytes).toString('base64'), 'base64'];
  if (encoding === 'base58') return [base58.decode(bytes), 'base58'];
  if (encoding === 'binary') return base58.decode(bytes);
  if (encoding === 'base64+zstd') throw new RpcError(-32602, 'sandbox data RPC serves program accounts as base64, base58 or jsonParsed (asked: base64+zstd)');
  return emptyData(encoding);
}

export function requireJsonParsed(encoding: string): void {
  if (encoding !== 'jsonParsed') throw new RpcError(-32602, `sandbox data RPC serves token accounts and transactions as jsonParsed only (asked: ${encoding})`);
}

