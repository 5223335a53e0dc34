// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title Disperse
/// @notice Pays many recipients native coin or an ERC-20 in one transaction. No owner, holds nothing
///         between transactions.
/// @dev A failing recipient never blocks the others and never loses funds:
///      - native: each payment is a call with a fixed gas stipend (`NATIVE_GAS_STIPEND`) and no return data
///        copied, so a reverting, gas-burning or return-bombing recipient only fails its own payment. Failed
///        amounts are refunded to the sender at the end of the same transaction (a sender that cannot take
///        the refund makes the whole batch revert).
///      - ERC-20: each payment is `transferFrom(sender, recipient)`; a failed one (e.g. a blocklisting token)
///        simply leaves the tokens with the sender.
///      Each failure emits `PaymentFailed`; the batch emits `Dispersed` with the total actually paid.
contract Disperse is ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Gas forwarded to each native recipient: enough for smart-contract wallets' receive hooks.
    uint256 public constant NATIVE_GAS_STIPEND = 50_000;

    event PaymentFailed(address indexed token, address indexed recipient, uint256 amount);
    event Dispersed(address indexed token, address indexed sender, uint256 paid, uint256 failed);

    error LengthMismatch();
    error ValueMismatch(uint256 expected, uint256 received);
    error RefundFailed();

    /// @notice Sends `values[i]` native coin to `recipients[i]`; `msg.value` must equal the sum exactly.
    function disperseNative(address[] calldata recipients, uint256[] calldata values)
        external
        payable
        nonReentrant
        returns (uint256 failed)
    {
        uint256 n = recipients.length;
        if (n != values.length) revert LengthMismatch();
        uint256 total;
        for (uint256 i; i < n; ++i) {
            address to = recipients[i];
            uint256 value = values[i];
            total += value;
            bool ok;
            uint256 stipend = NATIVE_GAS_STIPEND;
            assembly ("memory-safe") {
                ok := call(stipend, to, value, 0, 0, 0, 0)
            }
            if (!ok) {
                failed += value;
                emit PaymentFailed(address(0), to, value);
            }
        }
        if (total != msg.value) revert ValueMismatch(total, msg.value);
        emit Dispersed(address(0), msg.sender, total - failed, failed);
        if (failed > 0) {
            (bool refunded,) = msg.sender.call{value: failed}("");
            if (!refunded) revert RefundFailed();
        }
    }

    /// @notice Moves `values[i]` of `token` from the sender to `recipients[i]` (needs an allowance for the sum).
    function disperseToken(IERC20 token, address[] calldata recipients, uint256[] calldata values)
        external
        nonReentrant
        returns (uint256 failed)
    {
        uint256 n = recipients.length;
        if (n != values.length) revert LengthMismatch();
        uint256 total;
        for (uint256 i; i < n; ++i) {
            uint256 value = values[i];
            total += value;
            if (!token.trySafeTransferFrom(msg.sender, recipients[i], value)) {
                failed += value;
                emit PaymentFailed(address(token), recipients[i], value);
            }
        }
        emit Dispersed(address(token), msg.sender, total - failed, failed);
    }
}
