/**
 * Which facilitator verifies and settles payments:
 * - `FACILITATOR_URL` set → a remote x402 facilitator over HTTP (the usual live deployment);
 * - otherwise → the in-process facilitator running the official `@x402/evm` and `@x402/svm` exact
 *   schemes against chain RPCs (the sandbox chains by default, real RPCs with keys in live mode).
 */
import { HTTPFacilitatorClient, type FacilitatorClient } from '@x402/core/server';
import { x402Facilitator } from '@x402/core/facilitator';
import type { Hex } from 'viem';
import { createEvmFacilitatorSigner, registerEvmSchemes } from './evm.js';
import { createSvmFacilitatorSigner, registerSvmSchemes } from './svm.js';

export interface LocalFacilitatorOptions {
  solanaRpcUrl: string;
  solanaWsUrl?: string;
  baseRpcUrl: string;
  evmPrivateKey: Hex;
  /** 32-byte ed25519 seed of the Solana fee payer. */
  svmSecretKey: Uint8Array;
}

/** Wraps the in-process facilitator in the client interface the resource server talks to. */
export async function createLocalFacilitatorClient(opts: LocalFacilitatorOptions): Promise<FacilitatorClient & { facilitator: x402Facilitator }> {
  const facilitator = new x402Facilitator();
  registerEvmSchemes(facilitator, createEvmFacilitatorSigner(opts.baseRpcUrl, opts.evmPrivateKey));
  registerSvmSchemes(facilitator, await createSvmFacilitatorSigner(opts.solanaRpcUrl, opts.svmSecretKey, opts.solanaWsUrl));
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
  return new HTTPFacilitatorClient({
    url,
    ...(headers ? { createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }) } : {}),
  });
}

/** `FACILITATOR_AUTH_HEADER="Authorization: Bearer xyz"` → `{ Authorization: 'Bearer xyz' }`. */
export function parseAuthHeader(value: string): Record<string, string> {
  const i = value.indexOf(':');
  if (i <= 0) throw new Error('FACILITATOR_AUTH_HEADER must look like "Header-Name: value"');
  return { [value.slice(0, i).trim()]: value.slice(i + 1).trim() };
}
