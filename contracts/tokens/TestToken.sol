// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title TestToken
/// @notice Plain ERC-20 with EIP-2612 permit and configurable decimals, mintable by its owner.
///         Testnet only: the owner can inflate the supply at will.
contract TestToken is ERC20, ERC20Permit, Ownable {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address owner_)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
        Ownable(owner_)
    {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Creates `amount` new tokens for `to`.
    /// @dev Privileged: owner only (the deployer, or whoever it transfers ownership to).
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
