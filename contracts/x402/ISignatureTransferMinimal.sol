// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.17;

/*
 * The part of Permit2's ISignatureTransfer the x402 proxies call: the public struct layout and the
 * permitWitnessTransferFrom entry point, declared from Permit2's published ABI (our declaration, not Uniswap's file).
 */
interface ISignatureTransferMinimal {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitWitnessTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;
}

/** EIP-2612 permit, as FiatToken v2.2 exposes it (v, r, s overload). */
interface IERC2612Permit {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
}
