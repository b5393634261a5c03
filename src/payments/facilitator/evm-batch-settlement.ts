/**
 * The in-process facilitator's `batch-settlement` scheme on Base: the official @x402/evm facilitator scheme
 * (deposits through the ERC-3009 / Permit2 deposit collectors, voucher verification, batched claims, settle,
 * cooperative refunds) over the same signer as `exact`, against the escrow at its canonical address (on the
 * sandbox chain: our own implementation of the public ABI, contracts/x402/batch-settlement/).
 *
 * The facilitator is also the channels' receiver authorizer (advertised in `/supported`, which the resource server
 * puts in every challenge as `extra.receiverAuthorizer`): it signs the claim batches and refunds the service asks
 * for. The scheme's spec requires a facilitator that advertises one to accept refund requests only from the service
 * that created the channel; this facilitator runs inside the service and answers nobody else, which is that.
 */
import type { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorEvmSigner } from '@x402/evm';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/facilitator';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { EVM_NETWORK_V2 } from './evm.js';

export function registerBatchSettlementFacilitator(facilitator: x402Facilitator, signer: FacilitatorEvmSigner, authorizerKey: Hex): x402Facilitator {
  const authorizer = privateKeyToAccount(authorizerKey);
  facilitator.register(EVM_NETWORK_V2, new BatchSettlementEvmScheme(signer, {
    address: authorizer.address,
    signTypedData: (args) => authorizer.signTypedData(args as Parameters<typeof authorizer.signTypedData>[0]),
  }));
  return facilitator;
}
