/**
 * The x402 `upto` payload on EVM (@x402/evm upto, Permit2): `{signature, permit2Authorization: {from, permitted:
 * {token, amount}, spender, nonce, deadline, witness: {to, facilitator, validAfter}}}`, a Permit2
 * `PermitWitnessTransferFrom` whose spender is the x402UptoPermit2Proxy and whose witness binds the payee and the
 * facilitator. Its shape is checked before the facilitator sees it (as payload-shape.ts does for `exact`), and its
 * identity is what Permit2 itself deduplicates on: the owner and the (unordered) nonce.
 */
import { isRecord } from '../lib/is-record.js';

const DECIMAL = /^\d{1,78}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Undefined when `schemePayload` has the shape of an `upto` payment on `network`, else why not. */
export function uptoPayloadProblem(network: string, schemePayload: Record<string, unknown>): string | undefined {
  if (!network.startsWith('eip155:')) return `no upto payments on ${network}`;
  const auth = schemePayload.permit2Authorization;
  if (!isRecord(auth)) return 'the upto payment has no permit2Authorization';
  const permitted = auth.permitted;
  const witness = auth.witness;
  if (!isRecord(permitted) || !isRecord(witness)) return 'the upto authorization has no permitted amount or witness';
  const addresses: [string, unknown][] = [['from', auth.from], ['spender', auth.spender], ['permitted.token', permitted.token], ['witness.to', witness.to], ['witness.facilitator', witness.facilitator]];
  for (const [name, value] of addresses) if (typeof value !== 'string' || !ADDRESS.test(value)) return `the upto authorization has no ${name} address`;
  const numbers: [string, unknown][] = [['nonce', auth.nonce], ['deadline', auth.deadline], ['permitted.amount', permitted.amount], ['witness.validAfter', witness.validAfter]];
  for (const [name, value] of numbers) if (typeof value !== 'string' || !DECIMAL.test(value)) return `the upto authorization has no decimal ${name}`;
  if (typeof schemePayload.signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(schemePayload.signature)) return 'the upto payment has no hex signature';
  return undefined;
}

/** The idempotency key and payer of an `upto` payload, or undefined when it is not one. */
export function uptoPaymentIdentity(network: string, schemePayload: Record<string, unknown>): { key: string; payer: string } | undefined {
  if (!network.startsWith('eip155:')) return undefined;
  const auth = schemePayload.permit2Authorization;
  if (!isRecord(auth) || typeof auth.from !== 'string' || typeof auth.nonce !== 'string') return undefined;
  const payer = auth.from.toLowerCase();
  return { key: `permit2:${payer}:${auth.nonce}`, payer };
}
