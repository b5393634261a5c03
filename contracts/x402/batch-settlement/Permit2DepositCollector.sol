// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {IBatchSettlementDepositCollector} from "./BatchSettlementTypes.sol";
import {ISignatureTransferMinimal, IERC2612Permit} from "../ISignatureTransferMinimal.sol";

/// @title Permit2DepositCollector
/// @notice Our implementation of the public x402 `batch-settlement` Permit2
/// deposit collector (canonical address 0x4020425FAf3B746C082C2f942b4E5159887B0005).
/// The payer signs a Permit2 PermitWitnessTransferFrom with spender = this
/// collector and witness DepositWitness(bytes32 channelId); the tokens go
/// straight from the payer to the escrow. An optional EIP-2612 permit (payer ->
/// Permit2) is applied first, best effort: an allowance already in place (or a
/// front-run permit) still lets the transfer succeed.
///
/// collectorData = abi.encode(uint256 nonce, uint256 deadline, bytes permit2Signature, bytes eip2612PermitData)
/// eip2612PermitData = empty or abi.encode(uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
contract Permit2DepositCollector is IBatchSettlementDepositCollector {
    address public constant ESCROW = 0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003;
    address public constant PERMIT2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
    bytes32 public constant DEPOSIT_WITNESS_TYPEHASH = keccak256("DepositWitness(bytes32 channelId)");
    string public constant WITNESS_TYPE_STRING =
        "DepositWitness witness)DepositWitness(bytes32 channelId)TokenPermissions(address token,uint256 amount)";

    error OnlyEscrow();

    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata data) external {
        if (msg.sender != ESCROW) revert OnlyEscrow();
        (uint256 nonce, uint256 deadline, bytes memory signature, bytes memory eip2612PermitData) =
            abi.decode(data, (uint256, uint256, bytes, bytes));
        if (eip2612PermitData.length > 0) applyEip2612Permit(payer, token, eip2612PermitData);
        ISignatureTransferMinimal(PERMIT2).permitWitnessTransferFrom(
            ISignatureTransferMinimal.PermitTransferFrom({
                permitted: ISignatureTransferMinimal.TokenPermissions({token: token, amount: amount}),
                nonce: nonce,
                deadline: deadline
            }),
            ISignatureTransferMinimal.SignatureTransferDetails({to: ESCROW, requestedAmount: amount}),
            payer,
            keccak256(abi.encode(DEPOSIT_WITNESS_TYPEHASH, channelId)),
            WITNESS_TYPE_STRING,
            signature
        );
    }

    function applyEip2612Permit(address payer, address token, bytes memory permitData) private {
        (uint256 value, uint256 permitDeadline, uint8 v, bytes32 r, bytes32 s) =
            abi.decode(permitData, (uint256, uint256, uint8, bytes32, bytes32));
        try IERC2612Permit(token).permit(payer, PERMIT2, value, permitDeadline, v, r, s) {} catch {}
    }
}
