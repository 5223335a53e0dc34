// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Test doubles for the integration tests. Never deployed by scripts/deploy.ts.

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Burns 1 % of every transfer (fee-on-transfer token).
contract FeeOnTransferToken is ERC20 {
    constructor() ERC20("Fee Token", "FEE") {
        _mint(msg.sender, 1e30);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0)) {
            uint256 fee = value / 100;
            super._update(from, address(0), fee);
            value -= fee;
        }
        super._update(from, to, value);
    }
}

/// @notice Calls `target` with `data` from inside its transfer once armed, bubbling any revert.
contract ReentrantToken is ERC20 {
    address public target;
    bytes public payload;

    constructor() ERC20("Evil", "EVIL") {
        _mint(msg.sender, 1e30);
    }

    function arm(address target_, bytes calldata payload_) external {
        target = target_;
        payload = payload_;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address t = target;
        if (t != address(0)) {
            target = address(0); // one shot
            (bool ok, bytes memory ret) = t.call(payload);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(ret, 32), mload(ret))
                }
            }
        }
    }
}

/// @notice ERC-20 whose transfers to blocked addresses revert (like USDC's blocklist).
contract BlocklistToken is ERC20 {
    mapping(address => bool) public blocked;

    error Blocked(address account);

    constructor() ERC20("Blocklist", "BLK") {
        _mint(msg.sender, 1e30);
    }

    function setBlocked(address account, bool value) external {
        blocked[account] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (blocked[to]) revert Blocked(to);
        super._update(from, to, value);
    }
}

/// @notice Native-coin recipient that reverts, burns all gas, or return-bombs, depending on `mode`.
contract HostileReceiver {
    uint8 public mode; // 0 revert, 1 burn gas, 2 huge revert data

    constructor(uint8 mode_) {
        mode = mode_;
    }

    receive() external payable {
        if (mode == 0) revert("no thanks");
        if (mode == 1) {
            while (true) {}
        }
        assembly ("memory-safe") {
            revert(0, 1000000)
        }
    }
}

interface IFlashPair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// @notice Flash-borrows from a pair and repays `repayBps` / 10 000 of the borrowed amount in the same token.
contract FlashBorrower {
    function borrow(address pair, uint256 amount0Out, uint256 repayBps) external {
        IFlashPair(pair).swap(amount0Out, 0, address(this), abi.encode(repayBps));
    }

    function uniswapV2Call(address, uint256 amount0, uint256, bytes calldata data) external {
        uint256 repayBps = abi.decode(data, (uint256));
        ERC20(IFlashPair(msg.sender).token0()).transfer(msg.sender, amount0 * repayBps / 10_000);
    }
}

interface IDisperseNative {
    function disperseNative(address[] calldata recipients, uint256[] calldata values) external payable returns (uint256);
}

/// @notice A contract sender that refuses native coin, so Disperse cannot refund it.
contract RefundRejecter {
    function send(address disperse, address[] calldata recipients, uint256[] calldata values) external payable {
        IDisperseNative(disperse).disperseNative{value: msg.value}(recipients, values);
    }

    receive() external payable {
        revert("no refunds");
    }
}
