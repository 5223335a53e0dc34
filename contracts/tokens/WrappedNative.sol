// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title WrappedNative
/// @notice WETH9 semantics for the chain's native coin: 1 wrapped token per native wei, minted by
///         `deposit` (or a plain transfer) and burnt by `withdraw`. No owner, no fees, no admin keys.
contract WrappedNative is ERC20 {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    error NativeTransferFailed();

    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice WETH9 semantics: moving one's own tokens through transferFrom needs no allowance.
    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        if (from != msg.sender) _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
        return true;
    }

    /// @dev Unlike WETH9's 2300-gas `transfer`, the full gas is forwarded so smart-contract wallets can
    ///      unwrap. The burn happens first (checks-effects-interactions), so a re-entrant call already
    ///      sees the reduced balance.
    function withdraw(uint256 wad) external {
        _burn(msg.sender, wad);
        emit Withdrawal(msg.sender, wad);
        (bool ok,) = msg.sender.call{value: wad}("");
        if (!ok) revert NativeTransferFailed();
    }
}
