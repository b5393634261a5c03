/**
 * Recognising an `upto` settlement on chain (for the EVM settlement lookup, settlement-lookup-evm.ts): a call of the
 * x402UptoPermit2Proxy's `settle` (or `settleWithPermit`) moving this payment — the payload's owner and Permit2 nonce,
 * the asset, our payee as the witness's recipient, an amount within the authorization.
 *
 * Such a successful transaction proves we were paid that amount: the proxy lets only the witness's facilitator (ours)
 * call it, the witness binds the recipient, and Permit2 spends a nonce once. A payer cancelling its own nonce
 * (Permit2 `invalidateUnorderedNonces`) is no proxy call and does not match.
 */
import { x402UptoPermit2ProxyABI, x402UptoPermit2ProxyAddress } from '@x402/evm';
import { decodeFunctionData, isAddressEqual, isHex, type Hex } from 'viem';
import type { SettlementTarget } from './settlement-lookup.js';

interface UptoAuthorization {
  owner: string;
  nonce: bigint;
}

/** The owner and nonce of an upto (Permit2) scheme payload, or undefined when it has another shape. */
export function uptoAuthorizationOf(payload: Record<string, unknown>): UptoAuthorization | undefined {
  const auth = payload.permit2Authorization as Record<string, unknown> | undefined;
  if (!auth || typeof auth.from !== 'string' || typeof auth.nonce !== 'string') return undefined;
  try {
    return { owner: auth.from, nonce: BigInt(auth.nonce) };
  } catch {
    return undefined;
  }
}

interface DecodedSettle {
  permit: { permitted: { token: Hex; amount: bigint }; nonce: bigint };
  amount: bigint;
  owner: Hex;
  witness: { to: Hex };
}

/**
 * True when `tx` calls the upto proxy to settle this payment. `target.amount` is the maximum the payer signed: any
 * amount up to it matches (the charge was decided after the answer). Does not look at the receipt: the scan does.
 */
export function matchesUptoSettlement(tx: { to: string | null; input: string }, target: SettlementTarget): boolean {
  const auth = uptoAuthorizationOf(target.payload);
  if (!auth || !tx.to || !isHex(tx.input)) return false;
  try {
    if (!isAddressEqual(tx.to as Hex, x402UptoPermit2ProxyAddress as Hex)) return false;
    const call = decodeFunctionData({ abi: x402UptoPermit2ProxyABI, data: tx.input });
    const args = call.args as readonly unknown[];
    const settled = (call.functionName === 'settle' ? args : call.functionName === 'settleWithPermit' ? args.slice(1) : undefined) as
      readonly [DecodedSettle['permit'], bigint, Hex, DecodedSettle['witness'], Hex] | undefined;
    if (!settled) return false;
    const [permit, amount, owner, witness] = settled;
    return isAddressEqual(owner, auth.owner as Hex)
      && permit.nonce === auth.nonce
      && isAddressEqual(permit.permitted.token, target.asset as Hex)
      && isAddressEqual(witness.to, target.payTo as Hex)
      && amount > 0n
      && amount <= target.amount;
  } catch {
    // Not a proxy settle (another function, malformed calldata, a bad address).
    return false;
  }
}
