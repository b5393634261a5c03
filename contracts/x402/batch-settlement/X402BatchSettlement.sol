// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {
    ChannelConfig,
    Voucher,
    VoucherClaim,
    IBatchSettlementToken,
    IBatchSettlementDepositCollector,
    BatchSettlementSignatures
} from "./BatchSettlementTypes.sol";

/// @title X402BatchSettlement
/// @notice Our implementation of the public ABI and semantics of the x402
/// `batch-settlement` escrow (the contract the official npm x402 EVM batch-settlement client,
/// server and facilitator talk to at 0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003).
/// Written from the published scheme spec and the package's ABI, not from the
/// official source.
///
/// A payer deposits once into a channel (through a deposit collector), signs a
/// cumulative voucher per paid call off chain, and the receiver side claims the
/// latest voucher of many channels in one transaction; `settle` then moves all
/// claimed funds of a receiver and token in one transfer. Unclaimed escrow goes
/// back to the payer by a cooperative refund (receiver side) or a timed
/// withdrawal (payer side, after `withdrawDelay`).
///
/// No constructor state and no immutables: the sandbox places this code at its
/// canonical address, and the EIP-712 domain is computed from address(this).
contract X402BatchSettlement {
    struct ChannelState {
        uint128 balance; // deposited minus refunded and withdrawn; includes claimed funds
        uint128 totalClaimed; // cumulative amount the receiver claimed (never decreases)
    }

    struct PendingWithdrawal {
        uint128 amount;
        uint40 initiatedAt;
    }

    struct ReceiverTotals {
        uint128 totalClaimed;
        uint128 totalSettled;
    }

    uint40 public constant MIN_WITHDRAW_DELAY = 900; // 15 minutes
    uint40 public constant MAX_WITHDRAW_DELAY = 2_592_000; // 30 days

    bytes32 public constant CHANNEL_CONFIG_TYPEHASH = keccak256(
        "ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)"
    );
    bytes32 public constant VOUCHER_TYPEHASH = keccak256("Voucher(bytes32 channelId,uint128 maxClaimableAmount)");
    bytes32 public constant REFUND_TYPEHASH = keccak256("Refund(bytes32 channelId,uint256 nonce,uint128 amount)");
    bytes32 public constant CLAIM_ENTRY_TYPEHASH =
        keccak256("ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)");
    bytes32 public constant CLAIM_BATCH_TYPEHASH = keccak256(
        "ClaimBatch(ClaimEntry[] claims)ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)"
    );
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant DOMAIN_NAME_HASH = keccak256("x402 Batch Settlement");
    bytes32 private constant DOMAIN_VERSION_HASH = keccak256("1");

    mapping(bytes32 => ChannelState) public channels;
    mapping(bytes32 => PendingWithdrawal) public pendingWithdrawals;
    mapping(bytes32 => uint256) public refundNonce;
    mapping(address => mapping(address => ReceiverTotals)) public receivers;

    // Plain storage lock (EIP-1153 transient storage is not available to
    // solc 0.8.17); 0 and 1 mean unlocked, 2 locked.
    uint256 private lockState;

    event ChannelCreated(bytes32 indexed channelId, ChannelConfig config);
    event Deposited(bytes32 indexed channelId, address indexed collector, uint128 amount, uint128 balance);
    event Claimed(bytes32 indexed channelId, address indexed receiver, uint128 amount, uint128 totalClaimed);
    event Settled(address indexed receiver, address indexed token, address indexed sender, uint128 amount);
    event Refunded(bytes32 indexed channelId, address indexed payer, uint128 amount, uint256 nonce);
    event WithdrawInitiated(bytes32 indexed channelId, uint128 amount, uint40 initiatedAt);
    event WithdrawFinalized(bytes32 indexed channelId, address indexed payer, uint128 amount);
    event ChannelClosed(bytes32 indexed channelId, ChannelConfig config);

    error InvalidConfig();
    error ZeroAmount();
    error DepositMismatch(uint256 expected, uint256 received);
    error NotReceiverSide();
    error NotPayerSide();
    error InvalidVoucherSignature(bytes32 channelId);
    error InvalidAuthorizerSignature();
    error ClaimAboveVoucher(bytes32 channelId);
    error ClaimAboveBalance(bytes32 channelId);
    error MixedAuthorizers();
    error InvalidRefundNonce(uint256 expected, uint256 given);
    error WithdrawAboveAvailable();
    error NoPendingWithdrawal();
    error WithdrawDelayNotElapsed(uint256 readyAt);
    error TransferFailed();
    error Reentrant();

    modifier nonReentrant() {
        if (lockState == 2) revert Reentrant();
        lockState = 2;
        _;
        lockState = 1;
    }

    // ---------------------------------------------------------------- deposit

    /// Pulls `amount` from the payer through `collector` (which checks the
    /// payer's authorization) and credits the channel. Callable by anyone: the
    /// authorization inside `collectorData` is the payer's consent, and the
    /// escrow credits only what its own token balance actually gained.
    function deposit(ChannelConfig calldata config, uint128 amount, address collector, bytes calldata collectorData)
        external
        nonReentrant
    {
        if (amount == 0) revert ZeroAmount();
        validateConfig(config);
        bytes32 channelId = getChannelId(config);
        IBatchSettlementToken token = IBatchSettlementToken(config.token);
        uint256 before = token.balanceOf(address(this));
        IBatchSettlementDepositCollector(collector).collect(config.payer, config.token, amount, channelId, collectorData);
        uint256 received = token.balanceOf(address(this)) - before;
        if (received != amount) revert DepositMismatch(amount, received);

        ChannelState storage ch = channels[channelId];
        if (ch.balance == 0 && ch.totalClaimed == 0) emit ChannelCreated(channelId, config);
        ch.balance += amount;
        emit Deposited(channelId, collector, amount, ch.balance);
    }

    // ------------------------------------------------------------------ claim

    /// Claims by the receiver or its receiver authorizer directly (msg.sender).
    function claim(VoucherClaim[] calldata voucherClaims) external nonReentrant {
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            ChannelConfig calldata c = voucherClaims[i].voucher.channel;
            if (msg.sender != c.receiver && msg.sender != c.receiverAuthorizer) revert NotReceiverSide();
            applyClaim(voucherClaims[i]);
        }
    }

    /// Relay-friendly claim: anyone submits, the rows' common receiver
    /// authorizer signed the EIP-712 ClaimBatch over all rows.
    function claimWithSignature(VoucherClaim[] calldata voucherClaims, bytes calldata authorizerSignature)
        external
        nonReentrant
    {
        if (voucherClaims.length == 0) return;
        address authorizer = voucherClaims[0].voucher.channel.receiverAuthorizer;
        for (uint256 i = 1; i < voucherClaims.length; i++) {
            if (voucherClaims[i].voucher.channel.receiverAuthorizer != authorizer) revert MixedAuthorizers();
        }
        if (!BatchSettlementSignatures.isValid(authorizer, getClaimBatchDigest(voucherClaims), authorizerSignature)) {
            revert InvalidAuthorizerSignature();
        }
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            applyClaim(voucherClaims[i]);
        }
    }

    /// Raises a channel's totalClaimed to the row's total when the payer's
    /// voucher covers it and the channel holds it. A row at or below the
    /// current total is a no-op, so a batch can be re-submitted safely.
    function applyClaim(VoucherClaim calldata row) private {
        ChannelConfig calldata c = row.voucher.channel;
        bytes32 channelId = getChannelId(c);
        if (!isPayerSignature(c, getVoucherDigest(channelId, row.voucher.maxClaimableAmount), row.signature)) {
            revert InvalidVoucherSignature(channelId);
        }
        if (row.totalClaimed > row.voucher.maxClaimableAmount) revert ClaimAboveVoucher(channelId);
        ChannelState storage ch = channels[channelId];
        if (row.totalClaimed <= ch.totalClaimed) return;
        if (row.totalClaimed > ch.balance) revert ClaimAboveBalance(channelId);
        uint128 delta = row.totalClaimed - ch.totalClaimed;
        ch.totalClaimed = row.totalClaimed;
        receivers[c.receiver][c.token].totalClaimed += delta;
        emit Claimed(channelId, c.receiver, delta, row.totalClaimed);
    }

    // ----------------------------------------------------------------- settle

    /// Transfers everything claimed and not yet settled for (receiver, token)
    /// to the receiver. Permissionless: the destination is fixed.
    function settle(address receiver, address token) external nonReentrant {
        ReceiverTotals storage totals = receivers[receiver][token];
        uint128 amount = totals.totalClaimed - totals.totalSettled;
        totals.totalSettled = totals.totalClaimed;
        if (amount > 0) pay(token, receiver, amount);
        emit Settled(receiver, token, msg.sender, amount);
    }

    // ----------------------------------------------------------------- refund

    /// Cooperative refund by the receiver or its receiver authorizer.
    function refund(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        if (msg.sender != config.receiver && msg.sender != config.receiverAuthorizer) revert NotReceiverSide();
        bytes32 channelId = getChannelId(config);
        applyRefund(config, channelId, amount);
    }

    /// Relay-friendly cooperative refund: the receiver authorizer signed
    /// Refund(channelId, nonce, amount) for the channel's current nonce.
    function refundWithSignature(
        ChannelConfig calldata config,
        uint128 amount,
        uint256 nonce,
        bytes calldata receiverAuthorizerSignature
    ) external nonReentrant {
        bytes32 channelId = getChannelId(config);
        if (nonce != refundNonce[channelId]) revert InvalidRefundNonce(refundNonce[channelId], nonce);
        bytes32 digest = getRefundDigest(channelId, nonce, amount);
        if (!BatchSettlementSignatures.isValid(config.receiverAuthorizer, digest, receiverAuthorizerSignature)) {
            revert InvalidAuthorizerSignature();
        }
        applyRefund(config, channelId, amount);
    }

    /// The nonce advances first, before the amount is capped to the unclaimed
    /// escrow, so any earlier signed refund is void even when nothing moves.
    function applyRefund(ChannelConfig calldata config, bytes32 channelId, uint128 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 usedNonce = refundNonce[channelId];
        refundNonce[channelId] = usedNonce + 1;
        ChannelState storage ch = channels[channelId];
        uint128 available = ch.balance - ch.totalClaimed;
        uint128 paid = amount < available ? amount : available;
        if (paid == 0) return;
        ch.balance -= paid;
        PendingWithdrawal storage pending = pendingWithdrawals[channelId];
        if (pending.amount > 0) {
            if (paid >= pending.amount) delete pendingWithdrawals[channelId];
            else pending.amount -= paid;
        }
        pay(config.token, config.payer, paid);
        emit Refunded(channelId, config.payer, paid, usedNonce);
        if (ch.balance == ch.totalClaimed) emit ChannelClosed(channelId, config);
    }

    // ------------------------------------------------------- timed withdrawal

    /// The payer's escape hatch: announces a withdrawal of unclaimed escrow,
    /// leaving the receiver `withdrawDelay` seconds to claim its vouchers.
    function initiateWithdraw(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        requirePayerSide(config);
        if (amount == 0) revert ZeroAmount();
        bytes32 channelId = getChannelId(config);
        ChannelState storage ch = channels[channelId];
        if (amount > ch.balance - ch.totalClaimed) revert WithdrawAboveAvailable();
        uint40 nowTs = uint40(block.timestamp);
        pendingWithdrawals[channelId] = PendingWithdrawal({amount: amount, initiatedAt: nowTs});
        emit WithdrawInitiated(channelId, amount, nowTs);
    }

    /// Completes a withdrawal after the delay, capped to what is still
    /// unclaimed (claims made during the delay win).
    function finalizeWithdraw(ChannelConfig calldata config) external nonReentrant {
        requirePayerSide(config);
        bytes32 channelId = getChannelId(config);
        PendingWithdrawal memory pending = pendingWithdrawals[channelId];
        if (pending.initiatedAt == 0) revert NoPendingWithdrawal();
        uint256 readyAt = uint256(pending.initiatedAt) + config.withdrawDelay;
        if (block.timestamp < readyAt) revert WithdrawDelayNotElapsed(readyAt);
        delete pendingWithdrawals[channelId];
        ChannelState storage ch = channels[channelId];
        uint128 available = ch.balance - ch.totalClaimed;
        uint128 paid = pending.amount < available ? pending.amount : available;
        if (paid > 0) {
            ch.balance -= paid;
            pay(config.token, config.payer, paid);
        }
        emit WithdrawFinalized(channelId, config.payer, paid);
        if (paid > 0 && ch.balance == ch.totalClaimed) emit ChannelClosed(channelId, config);
    }

    // -------------------------------------------------------------- multicall

    /// Batches calls to this contract (the facilitator sends claim + refund as
    /// one transaction); msg.sender is preserved by delegatecall.
    function multicall(bytes[] calldata data) external returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, bytes memory ret) = address(this).delegatecall(data[i]);
            if (!ok) {
                assembly {
                    revert(add(ret, 0x20), mload(ret))
                }
            }
            results[i] = ret;
        }
    }

    // ------------------------------------------------------------------ views

    function getChannelId(ChannelConfig calldata config) public view returns (bytes32) {
        return hashTyped(
            keccak256(
                abi.encode(
                    CHANNEL_CONFIG_TYPEHASH,
                    config.payer,
                    config.payerAuthorizer,
                    config.receiver,
                    config.receiverAuthorizer,
                    config.token,
                    config.withdrawDelay,
                    config.salt
                )
            )
        );
    }

    function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) public view returns (bytes32) {
        return hashTyped(keccak256(abi.encode(VOUCHER_TYPEHASH, channelId, maxClaimableAmount)));
    }

    function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) public view returns (bytes32) {
        return hashTyped(keccak256(abi.encode(REFUND_TYPEHASH, channelId, nonce, amount)));
    }

    function getClaimBatchDigest(VoucherClaim[] calldata voucherClaims) public view returns (bytes32) {
        bytes32[] memory entryHashes = new bytes32[](voucherClaims.length);
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            VoucherClaim calldata row = voucherClaims[i];
            entryHashes[i] = keccak256(
                abi.encode(
                    CLAIM_ENTRY_TYPEHASH,
                    getChannelId(row.voucher.channel),
                    row.voucher.maxClaimableAmount,
                    row.totalClaimed
                )
            );
        }
        return hashTyped(keccak256(abi.encode(CLAIM_BATCH_TYPEHASH, keccak256(abi.encodePacked(entryHashes)))));
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, DOMAIN_NAME_HASH, DOMAIN_VERSION_HASH, block.chainid, address(this)));
    }

    // -------------------------------------------------------------- internals

    function hashTyped(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    /// Vouchers are signed by the committed payer authorizer (an EOA, ECDSA
    /// only) or, when that is zero, by the payer itself (EOA or ERC-1271).
    function isPayerSignature(ChannelConfig calldata c, bytes32 digest, bytes calldata signature)
        private
        view
        returns (bool)
    {
        if (c.payerAuthorizer != address(0)) {
            return BatchSettlementSignatures.recover(digest, signature) == c.payerAuthorizer;
        }
        return BatchSettlementSignatures.isValid(c.payer, digest, signature);
    }

    function validateConfig(ChannelConfig calldata config) private pure {
        if (
            config.payer == address(0) || config.receiver == address(0) || config.receiverAuthorizer == address(0)
                || config.token == address(0) || config.withdrawDelay < MIN_WITHDRAW_DELAY
                || config.withdrawDelay > MAX_WITHDRAW_DELAY
        ) revert InvalidConfig();
    }

    function requirePayerSide(ChannelConfig calldata config) private view {
        if (msg.sender != config.payer && msg.sender != config.payerAuthorizer) revert NotPayerSide();
    }

    function pay(address token, address to, uint256 amount) private {
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(IBatchSettlementToken.transfer.selector, to, amount));
        if (!ok || (ret.length > 0 && !abi.decode(ret, (bool)))) revert TransferFailed();
    }
}
