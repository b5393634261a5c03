/**
 * Which facilitator verifies and settles payments:
 * - `FACILITATOR_URL` set → a remote x402 facilitator over HTTP (the usual live deployment);
 * - otherwise → the in-process facilitator running our `exact` schemes (evm-exact.ts, svm-exact.ts: the official
 *   @x402/evm and @x402/svm checks and reason codes on a native fast path, the official schemes behind them)
 *   against chain RPCs (the sandbox chains by default, real RPCs with keys in live mode), and the official
 *   `upto` scheme on Base where that chain has Permit2 and the x402 upto proxy (evm-upto.ts), and the official
 *   `batch-settlement` scheme on Base (evm-batch-settlement.ts).
 *
 * Settle answers after a broadcast whose confirmation stayed unknown carry SETTLEMENT_UNCONFIRMED;
 * settleReasonMeansNothingMoved tells the caller when a failed settle needs no on-chain look-up (settle-outcome.ts).
 */
import { HTTPFacilitatorClient, type FacilitatorClient } from '@x402/core/server';
import { SettleError, VerifyError } from '@x402/core/types';
import { x402Facilitator } from '@x402/core/facilitator';
import type { Hex } from 'viem';
import { createEvmFacilitator, registerEvmSchemes } from './evm.js';
import { registerEvmUptoScheme } from './evm-upto.js';
import { registerBatchSettlementFacilitator } from './evm-batch-settlement.js';
import { createSvmFacilitator, registerSvmSchemes } from './svm.js';
import type { SvmFeeCaps } from './svm-fee-caps.js';

export { SETTLEMENT_UNCONFIRMED, settleReasonMeansNothingMoved } from './settle-outcome.js';
export { uptoSettleReasonMeansNothingMoved } from './evm-upto.js';
export { DEFAULT_SVM_FEE_CAPS, ERR_FEE_TOO_HIGH, type PaymentPrice, type SvmFeeCaps } from './svm-fee-caps.js';

export interface ConfirmationOptions {
  /** How long a settle waits for its transaction's confirmation after broadcasting it (ms). Default 30 s. */
  maxWaitMs?: number;
  /** The wait between confirmation reads (ms). Default 1 s on Solana (after a fast first 2 s), 250 ms on Base. */
  pollIntervalMs?: number;
}

export interface LocalFacilitatorOptions {
  solanaRpcUrl: string;
  solanaWsUrl?: string;
  baseRpcUrl: string;
  evmPrivateKey: Hex;
  /** 32-byte ed25519 seed of the Solana fee payer. */
  svmSecretKey: Uint8Array;
  /** What one Solana payment may make the fee payer spend; overrides of DEFAULT_SVM_FEE_CAPS. */
  svmFeeCaps?: Partial<SvmFeeCaps>;
  /** The confirmation bound and poll interval of both chains. */
  confirmation?: ConfirmationOptions;
}

/** Wraps the in-process facilitator in the client interface the resource server talks to. */
export async function createLocalFacilitatorClient(opts: LocalFacilitatorOptions): Promise<FacilitatorClient & { facilitator: x402Facilitator }> {
  const facilitator = new x402Facilitator();
  const confirmation = opts.confirmation ?? {};
  const evm = createEvmFacilitator(opts.baseRpcUrl, opts.evmPrivateKey, {
    ...(confirmation.maxWaitMs !== undefined ? { confirmationTimeoutMs: confirmation.maxWaitMs } : {}),
    ...(confirmation.pollIntervalMs !== undefined ? { pollingIntervalMs: confirmation.pollIntervalMs } : {}),
  });
  registerEvmSchemes(facilitator, evm);
  // x402 upto on Base, where the chain has Permit2 and the x402 upto proxy (evm-upto.ts).
  await registerEvmUptoScheme(facilitator, evm);
  // batch-settlement on Base: the same signer sends deposits, claims, settles and refunds (evm-batch-settlement.ts).
  registerBatchSettlementFacilitator(facilitator, evm.signer, opts.evmPrivateKey);
  registerSvmSchemes(facilitator, await createSvmFacilitator(opts.solanaRpcUrl, opts.svmSecretKey, opts.solanaWsUrl, {
    confirmation, ...(opts.svmFeeCaps ? { caps: opts.svmFeeCaps } : {}),
  }));
  return {
    facilitator,
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient['getSupported']>>,
  };
}

/** A remote facilitator; the auth header value is sent on every call and never logged. */
export function createRemoteFacilitatorClient(url: string, authHeader?: string): FacilitatorClient {
  const headers = authHeader ? parseAuthHeader(authHeader) : undefined;
  const client = new HTTPFacilitatorClient({
    url,
    ...(headers ? { createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }) } : {}),
  });
  const secrets = headers ? Object.values(headers).flatMap((v) => [v, ...v.split(/\s+/).filter((part) => part.length >= 8)]) : [];
  const scrubbed = <T>(call: Promise<T>): Promise<T> => call.catch((err: unknown) => { throw scrubFacilitatorError(err, secrets); });
  return {
    verify: (payload, requirements) => scrubbed(client.verify(payload, requirements)),
    settle: (payload, requirements) => scrubbed(client.settle(payload, requirements)),
    getSupported: () => scrubbed(client.getSupported()),
  };
}

/**
 * The HTTP client puts the first 200 characters of a failing facilitator's body into its error message;
 * a facilitator or proxy that echoes the request would hand our auth header to /status, the 402 answer,
 * the logs and the claim record. A plain error keeps only its `Facilitator <call> failed (<status>)` head;
 * the typed verify/settle refusals (their reason codes matter) keep their fields with the secret cut out.
 */
export function scrubFacilitatorError(err: unknown, secrets: readonly string[]): unknown {
  if (!(err instanceof Error)) return new Error('Facilitator call failed');
  if (err instanceof VerifyError || err instanceof SettleError) {
    const redact = (v: string) => secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), v);
    const fields = err as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') fields[key] = redact(value);
    err.message = redact(err.message);
    return err;
  }
  const head = /^Facilitator \w+ failed(?: \(\d+\))?/.exec(err.message)?.[0];
  const scrubbed = new Error(head ?? (err.name === 'AbortError' || err.name === 'TimeoutError' ? 'Facilitator call timed out' : 'Facilitator call failed'));
  scrubbed.name = err.name;
  return scrubbed;
}

/** `FACILITATOR_AUTH_HEADER="Authorization: Bearer xyz"` → `{ Authorization: 'Bearer xyz' }`. */
export function parseAuthHeader(value: string): Record<string, string> {
  const i = value.indexOf(':');
  if (i <= 0) throw new Error('FACILITATOR_AUTH_HEADER must look like "Header-Name: value"');
  return { [value.slice(0, i).trim()]: value.slice(i + 1).trim() };
}
