// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.17;

import {ISignatureTransferMinimal, IERC2612Permit} from "./ISignatureTransferMinimal.sol";

/*
 * OUR implementation of the public x402UptoPermit2Proxy ABI that @x402/evm exports (`x402UptoPermit2ProxyABI`,
 * deployed by the sandbox Base chain at `x402UptoPermit2ProxyAddress`). It is written from that ABI, the Permit2
 * witness types @x402/evm signs (`uptoPermit2WitnessTypes`) and the documented semantics of the x402 `upto`
 * scheme on EVM; it is not x402's source.
 *
 * The proxy is the Permit2 `spender` the payer signs for. The signed witness binds the destination (`to`), the only
 * caller allowed to settle (`facilitator`) and the earliest settlement time (`validAfter`); the facilitator chooses
 * the amount at settlement, up to the signed `permitted.amount` (Permit2 enforces that bound too). Permit2 checks
 * the signature, the deadline and the nonce (one settlement per authorization).
 */
contract x402UptoPermit2Proxy {
    struct Witness {
        address to;
        address facilitator;
        uint256 validAfter;
    }

    struct EIP2612Permit {
        uint256 value;
        uint256 deadline;
        bytes32 r;
        bytes32 s;
        uint8 v;
    }

    // Permit2 requires the witness type string to start at the witness member and list the referenced types in
    // alphabetical order after it (TokenPermissions < Witness).
    string public constant WITNESS_TYPE_STRING =
        "Witness witness)TokenPermissions(address token,uint256 amount)Witness(address to,address facilitator,uint256 validAfter)";
    bytes32 public constant WITNESS_TYPEHASH = keccak256("Witness(address to,address facilitator,uint256 validAfter)");

    ISignatureTransferMinimal public immutable PERMIT2;

    event Settled();
    event SettledWithPermit();

    error AmountExceedsPermitted();
    error InvalidDestination();
    error InvalidOwner();
    error InvalidPermit2Address();
    error PaymentTooEarly();
    error Permit2612AmountMismatch();
    error ReentrancyGuardReentrantCall();
    error UnauthorizedFacilitator();

    uint256 private entered = 1;

    modifier nonReentrant() {
        if (entered == 2) revert ReentrancyGuardReentrantCall();
        entered = 2;
        _;
        entered = 1;
    }

    constructor(address permit2) {
        if (permit2 == address(0)) revert InvalidPermit2Address();
        PERMIT2 = ISignatureTransferMinimal(permit2);
    }

    // Settle `amount` (at most the signed cap) from `owner` to the witness destination; the payer has approved Permit2.
    function settle(
        ISignatureTransferMinimal.PermitTransferFrom calldata permit,
        uint256 amount,
        address owner,
        Witness calldata witness,
        bytes calldata signature
    ) external nonReentrant {
        _settle(permit, amount, owner, witness, signature);
        emit Settled();
    }

    // The same, first submitting the payer's EIP-2612 approval of Permit2 (gas sponsoring). A failing permit (already
    // used, or the approval already there) does not stop the settlement: Permit2's own transfer decides.
    function settleWithPermit(
        EIP2612Permit calldata permit2612,
        ISignatureTransferMinimal.PermitTransferFrom calldata permit,
        uint256 amount,
        address owner,
        Witness calldata witness,
        bytes calldata signature
    ) external nonReentrant {
        if (permit2612.value != permit.permitted.amount) revert Permit2612AmountMismatch();
        try IERC2612Permit(permit.permitted.token).permit(
            owner, address(PERMIT2), permit2612.value, permit2612.deadline, permit2612.v, permit2612.r, permit2612.s
        ) {} catch {}
        _settle(permit, amount, owner, witness, signature);
        emit SettledWithPermit();
    }

    function _settle(
        ISignatureTransferMinimal.PermitTransferFrom calldata permit,
        uint256 amount,
        address owner,
        Witness calldata witness,
        bytes calldata signature
    ) private {
        if (amount > permit.permitted.amount) revert AmountExceedsPermitted();
        if (owner == address(0)) revert InvalidOwner();
        if (witness.to == address(0)) revert InvalidDestination();
        if (msg.sender != witness.facilitator) revert UnauthorizedFacilitator();
        if (block.timestamp < witness.validAfter) revert PaymentTooEarly();
        bytes32 witnessHash = keccak256(abi.encode(WITNESS_TYPEHASH, witness.to, witness.facilitator, witness.validAfter));
        PERMIT2.permitWitnessTransferFrom(
            permit,
            ISignatureTransferMinimal.SignatureTransferDetails({to: witness.to, requestedAmount: amount}),
            owner,
            witnessHash,
            WITNESS_TYPE_STRING,
            signature
        );
    }
}
