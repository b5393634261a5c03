// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

// Our implementation of the public x402 `batch-settlement` ABI (the official
// escrow is not published as source on npm). Shared types and the small
// interfaces the escrow and its deposit collectors call.

/// Immutable channel parameters; the channel id is their EIP-712 hash.
struct ChannelConfig {
    address payer;
    address payerAuthorizer;
    address receiver;
    address receiverAuthorizer;
    address token;
    uint40 withdrawDelay;
    bytes32 salt;
}

/// A payer's cumulative promise: the receiver may claim up to this ceiling.
struct Voucher {
    ChannelConfig channel;
    uint128 maxClaimableAmount;
}

/// One row of a claim: the signed voucher and the cumulative total to claim.
struct VoucherClaim {
    Voucher voucher;
    bytes signature;
    uint128 totalClaimed;
}

interface IBatchSettlementToken {
    function balanceOf(address account) external view returns (uint256);

    function transfer(address to, uint256 amount) external returns (bool);
}

/// A deposit collector moves `amount` of `token` from `payer` into the escrow
/// (msg.sender), using the authorization encoded in `data`, bound to `channelId`.
interface IBatchSettlementDepositCollector {
    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata data) external;
}

interface IERC1271SignatureCheck {
    function isValidSignature(bytes32 digest, bytes calldata signature) external view returns (bytes4);
}

/// Signature checks shared by the escrow: ECDSA for EOAs (low-s only), ERC-1271
/// for contracts.
library BatchSettlementSignatures {
    bytes4 internal constant ERC1271_MAGIC = 0x1626ba7e;
    uint256 internal constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    function recover(bytes32 digest, bytes memory signature) internal pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        if (v < 27) v += 27;
        if (v != 27 && v != 28) return address(0);
        if (uint256(s) > HALF_ORDER) return address(0);
        return ecrecover(digest, v, r, s);
    }

    /// True when `signature` over `digest` is `signer`'s: ERC-1271 when `signer`
    /// has code, ECDSA otherwise.
    function isValid(address signer, bytes32 digest, bytes memory signature) internal view returns (bool) {
        if (signer == address(0)) return false;
        if (signer.code.length > 0) {
            (bool ok, bytes memory ret) =
                signer.staticcall(abi.encodeWithSelector(IERC1271SignatureCheck.isValidSignature.selector, digest, signature));
            return ok && ret.length >= 32 && abi.decode(ret, (bytes4)) == ERC1271_MAGIC;
        }
        return recover(digest, signature) == signer;
    }
}
