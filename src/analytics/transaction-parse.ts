/**
 * Transaction parse (spec "Resources and their fields"): type, protocol, transfer breakdown and
 * account roles of one transaction, from an enhanced-transaction-like record.
 *
 * Type: the provider's own classification is used when it maps to one of ours (`type_source:
 * 'provider'`); when it is missing, UNKNOWN or unmapped, the type is inferred (`'inferred'`), first
 * match wins:
 *   1. a bridge program (Wormhole, deBridge)                     → BRIDGE
 *   2. an NFT marketplace program (Magic Eden, Tensor) + payment → NFT_SALE
 *   3. a Metaplex program (Token Metadata, Bubblegum)            → NFT_MINT
 *   4. a staking program (Stake, Marinade, SPL Stake Pool)       → STAKE
 *   5. a DEX / aggregator / launchpad program                    → SWAP
 *   6. the fee payer both sent and received, in different assets → SWAP
 *   7. only infrastructure programs and at least one transfer   → TRANSFER
 *   8. otherwise                                                 → UNKNOWN
 * Status: failed when `success === false` or an `error` is present; otherwise success.
 * Protocol: the first known non-infrastructure program invoked; for plain transfers the first
 * infrastructure program other than Compute Budget / Memo (System, Token…); null when no known
 * protocol ran but an unrecognised program did (we do not guess; it is still listed under
 * `programs` and `account_roles`).
 * Roles: fee_payer (also a signer), signer, sender, receiver, program; accounts are listed in order
 * of first appearance, each with its known-entity label (null when not a known entity).
 */
import { labelFor as defaultLabelFor, type EntityLabel } from './entities.js';
import { COMPUTE_BUDGET_PROGRAM, MEMO_PROGRAM, knownProgram } from './known-programs.js';
import type { TransactionInput } from './types.js';

export type ParsedTxType =
  | 'SWAP'
  | 'TRANSFER'
  | 'NFT_SALE'
  | 'NFT_MINT'
  | 'NFT_LISTING'
  | 'NFT_BID'
  | 'STAKE'
  | 'UNSTAKE'
  | 'BRIDGE'
  | 'BURN'
  | 'TOKEN_MINT'
  | 'UNKNOWN';

export type AccountRole = 'fee_payer' | 'signer' | 'sender' | 'receiver' | 'program';

export interface ParsedTransfer {
  kind: 'native' | 'token';
  from: string;
  to: string;
  mint?: string;
  amount_raw?: string;
  ui_amount: number;
}

export interface ParsedTransaction {
  signature: string;
  timestamp: number | null;
  type: ParsedTxType;
  type_source: 'provider' | 'inferred';
  provider_type: string | null;
  status: 'success' | 'failed';
  error: string | null;
  protocol: { name: string; program_id: string } | null;
  programs: { program_id: string; name: string | null }[];
  transfers: ParsedTransfer[];
  account_roles: { address: string; roles: AccountRole[]; entity: EntityLabel | null }[];
}

/** Provider type names (enhanced-transaction vocabulary) → our types. */
export const PROVIDER_TYPE_MAP: Readonly<Record<string, ParsedTxType>> = {
  SWAP: 'SWAP',
  BUY: 'SWAP',
  SELL: 'SWAP',
  TRANSFER: 'TRANSFER',
  COMPRESSED_NFT_TRANSFER: 'TRANSFER',
  NFT_SALE: 'NFT_SALE',
  COMPRESSED_NFT_SALE: 'NFT_SALE',
  NFT_MINT: 'NFT_MINT',
  COMPRESSED_NFT_MINT: 'NFT_MINT',
  NFT_LISTING: 'NFT_LISTING',
  NFT_CANCEL_LISTING: 'NFT_LISTING',
  NFT_BID: 'NFT_BID',
  NFT_BID_CANCELLED: 'NFT_BID',
  STAKE: 'STAKE',
  STAKE_SOL: 'STAKE',
  STAKE_TOKEN: 'STAKE',
  INIT_STAKE: 'STAKE',
  UNSTAKE: 'UNSTAKE',
  UNSTAKE_SOL: 'UNSTAKE',
  UNSTAKE_TOKEN: 'UNSTAKE',
  BRIDGE: 'BRIDGE',
  BURN: 'BURN',
  BURN_NFT: 'BURN',
  TOKEN_MINT: 'TOKEN_MINT',
};

const ROLE_ORDER: readonly AccountRole[] = ['fee_payer', 'signer', 'sender', 'receiver', 'program'];
const NFT_MARKETPLACES = new Set(['Magic Eden', 'Tensor']);
const LAMPORTS_PER_SOL = 1_000_000_000;

function inferType(tx: TransactionInput, transfers: ParsedTransfer[]): ParsedTxType {
  const known = tx.programIds.map((id) => knownProgram(id));
  const has = (pred: (k: NonNullable<(typeof known)[number]>) => boolean) => known.some((k) => k !== null && pred(k));
  if (has((k) => k.category === 'bridge')) return 'BRIDGE';
  if (has((k) => NFT_MARKETPLACES.has(k.protocol)) && transfers.length > 0) return 'NFT_SALE';
  if (has((k) => k.protocol === 'Metaplex')) return 'NFT_MINT';
  if (has((k) => k.category === 'staking')) return 'STAKE';
  if (has((k) => k.category === 'dex' || k.category === 'aggregator' || k.category === 'launchpad')) return 'SWAP';
  const asset = (t: ParsedTransfer) => (t.kind === 'native' ? 'SOL' : t.mint ?? '');
  const sent = new Set(transfers.filter((t) => t.from === tx.feePayer).map(asset));
  const received = new Set(transfers.filter((t) => t.to === tx.feePayer).map(asset));
  if ([...sent].some((a) => !received.has(a)) && [...received].some((a) => !sent.has(a))) return 'SWAP';
  const onlyInfra = tx.programIds.every((id) => knownProgram(id)?.infrastructure === true);
  if (onlyInfra && transfers.length > 0) return 'TRANSFER';
  return 'UNKNOWN';
}

function lamportsToUi(amount: string | number): number {
  return Number(amount) / LAMPORTS_PER_SOL;
}

export function parseTransaction(tx: TransactionInput, labelFor: (address: string) => EntityLabel | null = defaultLabelFor): ParsedTransaction {
  const transfers: ParsedTransfer[] = [
    ...(tx.nativeTransfers ?? []).map((t): ParsedTransfer => ({
      kind: 'native',
      from: t.from,
      to: t.to,
      amount_raw: String(t.amountLamports),
      ui_amount: lamportsToUi(t.amountLamports),
    })),
    ...(tx.tokenTransfers ?? []).map((t): ParsedTransfer => ({
      kind: 'token',
      from: t.from,
      to: t.to,
      mint: t.mint,
      ...(t.amountRaw ? { amount_raw: t.amountRaw } : {}),
      ui_amount: t.uiAmount,
    })),
  ];

  const providerType = tx.type ?? null;
  const mapped = providerType ? PROVIDER_TYPE_MAP[providerType.toUpperCase()] : undefined;
  const type = mapped ?? inferType(tx, transfers);

  const failed = tx.success === false || (tx.error !== null && tx.error !== undefined && tx.error !== '');

  const programs = [...new Set(tx.programIds)].map((id) => ({ program_id: id, name: knownProgram(id)?.name ?? null }));
  const mainProgram =
    tx.programIds.find((id) => { const k = knownProgram(id); return k !== null && !k.infrastructure; }) ??
    (tx.programIds.some((id) => knownProgram(id) === null)
      ? undefined
      : tx.programIds.find((id) => id !== COMPUTE_BUDGET_PROGRAM && id !== MEMO_PROGRAM));
  const protocol = mainProgram ? { name: knownProgram(mainProgram)!.name, program_id: mainProgram } : null;

  const roles = new Map<string, Set<AccountRole>>();
  const add = (address: string | null | undefined, role: AccountRole) => {
    if (!address) return;
    let set = roles.get(address);
    if (!set) roles.set(address, (set = new Set()));
    set.add(role);
  };
  add(tx.feePayer, 'fee_payer');
  add(tx.feePayer, 'signer');
  for (const s of tx.signers ?? []) add(s, 'signer');
  for (const t of transfers) {
    add(t.from, 'sender');
    add(t.to, 'receiver');
  }
  for (const p of tx.programIds) add(p, 'program');

  return {
    signature: tx.signature,
    timestamp: tx.timestamp ?? null,
    type,
    type_source: mapped ? 'provider' : 'inferred',
    provider_type: providerType,
    status: failed ? 'failed' : 'success',
    error: failed ? (tx.error || 'transaction failed') : null,
    protocol,
    programs,
    transfers,
    account_roles: [...roles.entries()].map(([address, set]) => ({
      address,
      roles: ROLE_ORDER.filter((r) => set.has(r)),
      entity: labelFor(address),
    })),
  };
}
