/**
 * A structural check of an `exact` scheme payload before it reaches the facilitator. The official
 * facilitator schemes assume a well-formed payload (the EVM v1 verify reads `authorization.from`
 * unguarded) and throw a TypeError on garbage; the gate would take that throw for a facilitator
 * outage and answer 503 "retry" to what is a forged payment. Rejecting malformed payloads here makes
 * them the 402 `payment_invalid` they are, and leaves a facilitator throw meaning "unavailable".
 * An `upto` payload is checked by its own rule (src/payments/upto-payload.ts), a `batch-settlement` one by its own
 * (src/payments/batch-settlement/payload.ts).
 */
import { uptoPayloadProblem } from './upto-payload.js';
import { batchSettlementPayloadProblem } from './batch-settlement/payload.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const EVM_AUTHORIZATION_FIELDS = ['from', 'to', 'value', 'validAfter', 'validBefore', 'nonce'] as const;

/**
 * Undefined when `schemePayload` has the shape of a payment of `scheme` (`exact`, `upto` or `batch-settlement`) on
 * `network` (v1 name or CAIP-2 id), else why not.
 */
export function schemePayloadProblem(network: string, schemePayload: unknown, scheme = 'exact'): string | undefined {
  if (!isRecord(schemePayload)) return 'the payment payload is not an object';
  if (scheme === 'upto') return uptoPayloadProblem(network, schemePayload);
  if (scheme === 'batch-settlement') return batchSettlementPayloadProblem(schemePayload);
  if (network.startsWith('eip155:') || network === 'base') {
    const auth = schemePayload.authorization;
    if (!isRecord(auth)) return 'the EVM payment has no authorization';
    for (const field of EVM_AUTHORIZATION_FIELDS) {
      if (typeof auth[field] !== 'string' || auth[field] === '') return `the EVM authorization has no ${field}`;
    }
    if (typeof schemePayload.signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(schemePayload.signature)) return 'the EVM payment has no hex signature';
    return undefined;
  }
  if (network.startsWith('solana:') || network === 'solana') {
    const tx = schemePayload.transaction;
    if (typeof tx !== 'string' || tx.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(tx)) return 'the Solana payment has no base64 transaction';
    return undefined;
  }
  return `unsupported payment network ${network}`;
}
