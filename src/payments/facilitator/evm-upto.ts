/**
 * The x402 `upto` scheme on Base, settled by the official @x402/evm upto facilitator scheme: the payer signs a
 * Permit2 `PermitWitnessTransferFrom` for the maximum, with the x402UptoPermit2Proxy as spender and a witness
 * binding our payee and this facilitator; settle calls the proxy's `settle` for the amount charged (≤ the maximum;
 * 0 sends nothing). It runs on the same viem signer and nonce counter as the exact schemes (evm.ts).
 *
 * Registered only where the chain has both contracts (code at Permit2 and at the proxy's canonical address): on a
 * chain without them every upto payment would fail its simulation, so the facilitator does not claim the scheme
 * and the resource server does not offer it (src/payments/upto.ts). The code is read once, at start-up, for at most
 * UPTO_CODE_READ_TIMEOUT_MS.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorContext, Network, PaymentPayload, PaymentRequirements, SchemeNetworkFacilitator, SettleResponse, VerifyResponse } from '@x402/core/types';
import { PERMIT2_ADDRESS, x402UptoPermit2ProxyAddress } from '@x402/evm';
import { UptoEvmScheme } from '@x402/evm/upto/facilitator';
import type { Address } from 'viem';
import { EVM_NETWORK_V2, type EvmFacilitator } from './evm.js';
import { settleReasonMeansNothingMoved, traceSettle } from './settle-outcome.js';

/**
 * The official scheme, its settle traced like the exact schemes' (settle-outcome.ts): a broadcast whose
 * confirmation stayed unknown answers SETTLEMENT_UNCONFIRMED rather than a reason that reads like a refusal.
 */
export class TracedUptoEvmScheme implements SchemeNetworkFacilitator {
  readonly scheme = 'upto';
  readonly caipFamily = 'eip155:*';
  private readonly official: UptoEvmScheme;

  constructor(evm: EvmFacilitator) {
    this.official = new UptoEvmScheme(evm.signer);
  }

  getExtra(network: Network): Record<string, unknown> | undefined {
    return this.official.getExtra(network);
  }

  getSigners(network: string): string[] {
    return this.official.getSigners(network);
  }

  verify(payload: PaymentPayload, requirements: PaymentRequirements, context?: FacilitatorContext): Promise<VerifyResponse> {
    return this.official.verify(payload, requirements, context);
  }

  settle(payload: PaymentPayload, requirements: PaymentRequirements, context?: FacilitatorContext): Promise<SettleResponse> {
    return traceSettle(() => this.official.settle(payload, requirements, context));
  }
}

/** How long start-up waits for the two code reads: an RPC that hangs must not hold the service back (upto is then not offered). */
export const UPTO_CODE_READ_TIMEOUT_MS = 3_000;

/** Whether the chain behind `evm` has Permit2 and the x402 upto proxy; false when that cannot be read in time. */
export async function uptoContractsDeployed(evm: EvmFacilitator, timeoutMs = UPTO_CODE_READ_TIMEOUT_MS): Promise<boolean> {
  const hasCode = async (address: string) => {
    const code = await evm.signer.getCode({ address: address as Address });
    return code !== undefined && code !== '0x' && code.length > 2;
  };
  const timeout = delay(timeoutMs, false, { ref: false });
  try {
    return await Promise.race([Promise.all([hasCode(PERMIT2_ADDRESS), hasCode(x402UptoPermit2ProxyAddress)]).then(([permit2, proxy]) => permit2 && proxy), timeout]);
  } catch {
    return false;
  }
}

/** Registers `upto` on eip155:8453 (v2 only: x402 v1 has no upto) when the chain has its contracts; says whether it did. */
export async function registerEvmUptoScheme(facilitator: x402Facilitator, evm: EvmFacilitator): Promise<boolean> {
  if (!(await uptoContractsDeployed(evm))) return false;
  facilitator.register(EVM_NETWORK_V2, new TracedUptoEvmScheme(evm));
  return true;
}

/**
 * Reasons of the upto scheme known to be given before any broadcast, or after a transaction that reverted:
 * `invalid_upto_evm_*` (scheme, network, a settlement above the maximum, a reverted settle), the proxy's own
 * refusals (`upto_*`, read from its revert at gas estimation), and the Permit2 refusals the exact scheme shares.
 */
export function uptoSettleReasonMeansNothingMoved(reason: string): boolean {
  return reason.startsWith('invalid_upto_evm_') || reason.startsWith('upto_') || settleReasonMeansNothingMoved(reason);
}
