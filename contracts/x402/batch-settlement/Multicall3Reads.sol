// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

/// @title Multicall3Reads
/// @notice Our implementation of the `tryAggregate` entry of the public
/// Multicall3 ABI (canonical address 0xcA11bde05977b3631167028862bE2a173976CA11).
/// The official x402 EVM batch-settlement facilitator (npm package) reads channel state through it
/// (channels, pendingWithdrawals, refundNonce and the payer's token balance in
/// one eth_call), so the sandbox chain needs it at that address.
contract Multicall3Reads {
    struct Call {
        address target;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory ret) = calls[i].target.call(calls[i].callData);
            require(ok || !requireSuccess, "Multicall3: call failed");
            results[i] = Result({success: ok, returnData: ret});
        }
    }
}
