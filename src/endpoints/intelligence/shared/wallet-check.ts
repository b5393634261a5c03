/**
 * Whether addresses given as wallets are token mints. A mint has no holdings of its own, so its wallet
 * profile would be an empty wallet — a plausible-looking but wrong answer. One `getMultipleAccounts`
 * request covers a whole batch (not one request per item). The check is a guard, not a data leg: when the
 * chain cannot be read, the members are profiled unchecked and the caller says so in a caveat.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { SourceError } from '../../../sources/errors.js';
import { readMint } from '../../../sources/solana-rpc.js';
import { memberError, type MemberError } from '../../shared/member-errors.js';

/** The mints among `addresses`; null when the chain could not be read. */
export async function mintsAmong(addresses: readonly string[], ctx: HandlerContext): Promise<ReadonlySet<string> | null> {
  try {
    const accounts = await ctx.sources.rpc.getMultipleAccounts(addresses, ctx.signal);
    return new Set(addresses.filter((_, i) => readMint(accounts.value[i] ?? null) !== null));
  } catch (err) {
    if (err instanceof SourceError) return null;
    throw err;
  }
}

export function mintGivenAsWallet(address: string, instead: string): MemberError {
  return memberError('not_found', `${address} is a token mint, not a wallet. ${instead}`);
}

export const UNCHECKED_WALLETS: Caveat = {
  code: 'wallet_check_unavailable',
  leg: 'chain_rpc',
  message: 'The chain could not be read to confirm that each address is a wallet: a token mint given as a wallet would show as an empty profile.',
};
