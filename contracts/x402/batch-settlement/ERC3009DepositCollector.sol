// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {IBatchSettlementDepositCollector} from "./BatchSettlementTypes.sol";

interface IReceiveWithAuthorization {
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external;

    function transfer(address to, uint256 amount) external returns (bool);
}

/// @title ERC3009DepositCollector
/// @notice Our implementation of the public x402 `batch-settlement` ERC-3009
/// deposit collector (canonical address 0x4020806089470a89826cB9fB1f4059150b550004).
/// The payer signs ReceiveWithAuthorization(to = this collector, nonce =
/// keccak256(abi.encode(channelId, salt))); the collector redeems it and hands
/// the tokens to the escrow. The nonce binds the authorization to one channel,
/// and only the escrow may call `collect`, so a sniffed authorization cannot be
/// redeemed into an uncredited transfer.
///
/// collectorData = abi.encode(uint256 validAfter, uint256 validBefore, uint256 salt, bytes signature)
contract ERC3009DepositCollector is IBatchSettlementDepositCollector {
    address public constant ESCROW = 0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003;

    error OnlyEscrow();
    error TransferFailed();

    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata data) external {
        if (msg.sender != ESCROW) revert OnlyEscrow();
        (uint256 validAfter, uint256 validBefore, uint256 salt, bytes memory signature) =
            abi.decode(data, (uint256, uint256, uint256, bytes));
        bytes32 nonce = keccak256(abi.encode(channelId, salt));
        IReceiveWithAuthorization(token).receiveWithAuthorization(
            payer, address(this), amount, validAfter, validBefore, nonce, signature
        );
        if (!IReceiveWithAuthorization(token).transfer(ESCROW, amount)) revert TransferFailed();
    }
}
