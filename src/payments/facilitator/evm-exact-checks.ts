/**
 * The local (no-RPC) checks of the EVM `exact` scheme's EIP-3009 path, in the official scheme's order and with
 * its reason codes, plus the calldata and the Transfer-event check of settlement. Used by evm-exact.ts.
 *
 * The reason strings are @x402/evm 2.27's (not exported by the package); test/payments/evm-exact.test.ts runs
 * every one of them through both schemes, so a drift in the package fails there.
 */
import { getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { recoverLowercase } from '../../lib/secp256k1-recover.js';
import { eip3009Digest, type Eip3009Authorization, type Eip3009Domain } from '../../lib/eip3009-digest.js';

export const REASONS = {
  invalidScheme: 'invalid_exact_evm_scheme',
  networkMismatch: 'invalid_exact_evm_network_mismatch',
  missingDomain: 'invalid_exact_evm_missing_eip712_domain',
  recipientMismatch: 'invalid_exact_evm_recipient_mismatch',
  invalidSignature: 'invalid_exact_evm_signature',
  validBefore: 'invalid_exact_evm_payload_authorization_valid_before',
  validAfter: 'invalid_exact_evm_payload_authorization_valid_after',
  /** v2's value check. */
  valueMismatch: 'invalid_exact_evm_payload_authorization_value_mismatch',
  /** v1's value check. */
  invalidValue: 'invalid_exact_evm_authorization_value',
  transactionFailed: 'invalid_exact_evm_transaction_failed',
  nonceUsed: 'invalid_exact_evm_nonce_already_used',
  insufficientBalance: 'invalid_exact_evm_insufficient_balance',
  transferEventMismatch: 'invalid_exact_evm_transfer_event_mismatch',
} as const;

/** What the checks need, already pulled out of a v1 or v2 payload/requirements pair. */
export interface Eip3009Case {
  /** payload scheme (v2: accepted.scheme) and requirements scheme. */
  payloadScheme: unknown;
  requiredScheme: unknown;
  payloadNetwork: string;
  requiredNetwork: string;
  chainId: number;
  extra: Record<string, unknown> | undefined;
  asset: string;
  payTo: string;
  /** The required amount (v2 `amount`, v1 `maxAmountRequired`). */
  amount: string;
  valueReason: typeof REASONS.valueMismatch | typeof REASONS.invalidValue;
  authorization: Eip3009Authorization;
  signature: Hex;
}

/** A 65-byte ECDSA signature: the only kind the fast path judges (ERC-6492/1271 ones go to the official scheme). */
export const PLAIN_SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/**
 * The official order from the scheme check to the value check, minus the RPC steps (the payer's code and the
 * asset's), which the caller has done. `signatureVerified`: the caller recovered this exact signed content already. `undefined` = valid so far; a string = the reason; `null` = outside the
 * fast path's shape (the official scheme decides).
 */
export async function localChecks(c: Eip3009Case, nowS: number, opts: { signatureVerified?: boolean } = {}): Promise<string | undefined | null> {
  if (c.payloadScheme !== 'exact' || c.requiredScheme !== 'exact') return REASONS.invalidScheme;
  const name = c.extra?.name;
  const version = c.extra?.version;
  if (!name || !version) return REASONS.missingDomain;
  if (typeof name !== 'string' || typeof version !== 'string') return null;
  if (c.payloadNetwork !== c.requiredNetwork) return REASONS.networkMismatch;
  if (!opts.signatureVerified) {
    const valid = await eip3009SignatureValid({ name, version, chainId: c.chainId, token: getAddress(c.asset) }, c.authorization, c.signature);
    if (valid === null) return null;
    if (!valid) return REASONS.invalidSignature;
  }
  if (getAddress(c.authorization.to) !== getAddress(c.payTo)) return REASONS.recipientMismatch;
  if (BigInt(c.authorization.validBefore) < BigInt(nowS + 6)) return REASONS.validBefore;
  if (BigInt(c.authorization.validAfter) > BigInt(nowS)) return REASONS.validAfter;
  if (BigInt(c.authorization.value) !== BigInt(c.amount)) return c.valueReason;
  return undefined;
}

/**
 * The ECDSA check of an EIP-3009 authorization as the official scheme makes it for a payer without code
 * (digest, recovery, comparison with `from`); null when the message is outside the direct digest's shape.
 * This is the signature check bench/recovery.ts times against viem's.
 */
export async function eip3009SignatureValid(domain: Eip3009Domain, auth: Eip3009Authorization, signature: Hex): Promise<boolean | null> {
  const digest = eip3009Digest(domain, auth);
  if (!digest) return null;
  let recovered: Address;
  try {
    recovered = await recoverLowercase(digest, signature);
  } catch {
    return false;
  }
  return isAddressEqual(recovered, auth.from as Address);
}

const word = (hex: string) => hex.padStart(64, '0');
const uintWord = (decimal: string) => word(BigInt(decimal).toString(16));

/** `transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s)` calldata (v = the signature's last byte, as the official scheme passes it). */
export function transferCalldata(auth: Eip3009Authorization, signature: Hex): Hex {
  const a = auth;
  return `0xe3ee160e${word(a.from.slice(2).toLowerCase())}${word(a.to.slice(2).toLowerCase())}${uintWord(a.value)}${uintWord(a.validAfter)}${uintWord(a.validBefore)}`
    + `${a.nonce.slice(2).toLowerCase()}${word(signature.slice(130, 132))}${signature.slice(2, 66).toLowerCase()}${signature.slice(66, 130).toLowerCase()}` as Hex;
}

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The receipt holds the token's Transfer(from, to, value) event (the official scheme's receipt check). */
export function hasTransferEvent(logs: readonly { address: string; topics: readonly string[]; data: string }[], token: string, auth: Eip3009Authorization): boolean {
  const topicOf = (address: string) => `0x${word(address.slice(2).toLowerCase())}`;
  return logs.some((log) => log.address.toLowerCase() === token.toLowerCase()
    && log.topics.length === 3 && log.topics[0]?.toLowerCase() === TRANSFER_TOPIC
    && log.topics[1]?.toLowerCase() === topicOf(auth.from) && log.topics[2]?.toLowerCase() === topicOf(auth.to)
    && /^0x[0-9a-fA-F]{64}$/.test(log.data) && BigInt(log.data) === BigInt(auth.value));
}

/** The official scheme's mapping of a failed broadcast to a reason (parseEip3009TransferError). */
export function transferErrorReason(error: unknown): string {
  const msg = error instanceof Error ? error.message : String(error);
  if (/authorization.*(expired|valid before)/i.test(msg) || /AuthorizationExpired/i.test(msg)) return REASONS.validBefore;
  if (/authorization.*not.*valid|AuthorizationNotYetValid/i.test(msg)) return REASONS.validAfter;
  if (/authorization.*used|AuthorizationAlreadyUsed|AuthorizationUsedOrCanceled/i.test(msg)) return REASONS.nonceUsed;
  if (/transfer.*exceeds.*balance|insufficient.*balance|ERC20InsufficientBalance/i.test(msg)) return REASONS.insufficientBalance;
  if (/invalid.*signature|SignerMismatch|InvalidSignatureV|InvalidSignatureS/i.test(msg)) return REASONS.invalidSignature;
  return REASONS.transactionFailed;
}
