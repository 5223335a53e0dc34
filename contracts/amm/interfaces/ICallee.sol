// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice Flash-swap callback, same selector as Uniswap V2 so existing flash-swap contracts work unchanged.
interface ICallee {
    function uniswapV2Call(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external;
}
