// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IFactory} from "./interfaces/IFactory.sol";
import {Pair} from "./Pair.sol";

/// @title Factory
/// @notice Creates one Pair per unordered token pair at a CREATE2 address derived from the sorted tokens.
contract Factory is IFactory {
    /// @notice keccak256 of the Pair creation code; the Router derives pair addresses from it.
    bytes32 public constant INIT_CODE_PAIR_HASH = keccak256(type(Pair).creationCode);

    address public feeTo;
    address public feeToSetter;

    mapping(address tokenA => mapping(address tokenB => address pair)) public getPair;
    address[] public allPairs;

    error IdenticalAddresses();
    error ZeroAddress();
    error PairExists();
    error Forbidden();

    constructor(address feeToSetter_) {
        feeToSetter = feeToSetter_;
        emit FeeToSetterUpdated(feeToSetter_);
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) external returns (address pair) {
        if (tokenA == tokenB) revert IdenticalAddresses();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
        if (getPair[token0][token1] != address(0)) revert PairExists();
        pair = address(new Pair{salt: keccak256(abi.encodePacked(token0, token1))}());
        Pair(pair).initialize(token0, token1);
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length);
    }

    /// @notice Turns the protocol fee (1/6 of LP fees) on by naming its recipient, or off with address(0).
    /// @dev Privileged: `feeToSetter` only.
    function setFeeTo(address feeTo_) external {
        if (msg.sender != feeToSetter) revert Forbidden();
        feeTo = feeTo_;
        emit FeeToUpdated(feeTo_);
    }

    /// @notice Hands the fee-switch role to another account (address(0) renounces it for good).
    /// @dev Privileged: `feeToSetter` only.
    function setFeeToSetter(address feeToSetter_) external {
        if (msg.sender != feeToSetter) revert Forbidden();
        feeToSetter = feeToSetter_;
        emit FeeToSetterUpdated(feeToSetter_);
    }
}
