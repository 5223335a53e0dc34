// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AmmLibrary} from "./AmmLibrary.sol";
import {IFactory} from "./interfaces/IFactory.sol";
import {IPair} from "./interfaces/IPair.sol";
import {IWrappedNative} from "./interfaces/IWrappedNative.sol";

/// @title Router
/// @notice Uniswap V2 Router02 interface (without the fee-on-transfer variants) over Factory/Pair.
/// @dev Holds no funds between transactions and has no owner. Fee-on-transfer policy: tokens must move 1:1.
///      Every token transfer into a pair and the final output to the recipient are measured; a mismatch
///      reverts with `FeeOnTransferNotSupported(token)`. The wrapped native token and LP tokens are our own
///      contracts and are trusted not to take fees.
contract Router {
    using SafeERC20 for IERC20;

    address public immutable factory;
    // solhint-disable-next-line var-name-mixedcase -- Uniswap V2 Router02 name, kept for compatibility
    address public immutable WETH;
    bytes32 private immutable initCodeHash;

    error Expired();
    error InsufficientAAmount();
    error InsufficientBAmount();
    error InsufficientOutputAmount();
    error ExcessiveInputAmount();
    error InvalidPath();
    error NativeTransferFailed();
    error OnlyWrappedNative();
    error FeeOnTransferNotSupported(address token);

    modifier ensure(uint256 deadline) {
        if (deadline < block.timestamp) revert Expired();
        _;
    }

    constructor(address factory_, address wrappedNative_) {
        factory = factory_;
        WETH = wrappedNative_;
        initCodeHash = IFactory(factory_).INIT_CODE_PAIR_HASH();
    }

    /// @dev Native coin is only accepted from the wrapper while unwrapping for the ETH variants.
    receive() external payable {
        if (msg.sender != WETH) revert OnlyWrappedNative();
    }

    // ---------------------------------------------------------------- liquidity

    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        (amountA, amountB) = _addLiquidity(tokenA, tokenB, amountADesired, amountBDesired, amountAMin, amountBMin);
        address pair = _pairFor(tokenA, tokenB);
        _pullExact(tokenA, msg.sender, pair, amountA);
        _pullExact(tokenB, msg.sender, pair, amountB);
        liquidity = IPair(pair).mint(to);
    }

    function addLiquidityETH(
        address token,
        uint256 amountTokenDesired,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256 amountToken, uint256 amountETH, uint256 liquidity) {
        (amountToken, amountETH) =
            _addLiquidity(token, WETH, amountTokenDesired, msg.value, amountTokenMin, amountETHMin);
        address pair = _pairFor(token, WETH);
        _pullExact(token, msg.sender, pair, amountToken);
        IWrappedNative(WETH).deposit{value: amountETH}();
        IERC20(WETH).safeTransfer(pair, amountETH);
        liquidity = IPair(pair).mint(to);
        if (msg.value > amountETH) _sendNative(msg.sender, msg.value - amountETH);
    }

    function removeLiquidity(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountA, uint256 amountB) {
        // The pair pays `to` directly: the minimums only mean something if that is also what arrived.
        uint256 beforeA = IERC20(tokenA).balanceOf(to);
        uint256 beforeB = IERC20(tokenB).balanceOf(to);
        (amountA, amountB) = _removeLiquidity(tokenA, tokenB, liquidity, amountAMin, amountBMin, to);
        _checkArrived(tokenA, to, beforeA, amountA);
        _checkArrived(tokenB, to, beforeB, amountB);
    }

    function removeLiquidityETH(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountToken, uint256 amountETH) {
        // The token takes two hops (pair -> Router -> `to`); each is measured so a fee on either reverts with
        // FeeOnTransferNotSupported rather than a shortfall or the token's own balance error. The wrapped
        // native token is ours: `withdraw` would revert on a short amount anyway.
        uint256 held = IERC20(token).balanceOf(address(this));
        (amountToken, amountETH) =
            _removeLiquidity(token, WETH, liquidity, amountTokenMin, amountETHMin, address(this));
        _checkArrived(token, address(this), held, amountToken);
        _transferExact(token, to, amountToken);
        IWrappedNative(WETH).withdraw(amountETH);
        _sendNative(to, amountETH);
    }

    /// @notice removeLiquidity after an EIP-2612 permit for the LP tokens (max allowance if `approveMax`).
    /// @dev A permit that fails (e.g. already used by a front-runner) is ignored; the transfer then relies
    ///      on the existing allowance, so front-running a permit cannot block the removal.
    function removeLiquidityWithPermit(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline,
        bool approveMax,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 amountA, uint256 amountB) {
        _permitLiquidity(_pairFor(tokenA, tokenB), approveMax ? type(uint256).max : liquidity, deadline, v, r, s);
        (amountA, amountB) = removeLiquidity(tokenA, tokenB, liquidity, amountAMin, amountBMin, to, deadline);
    }

    /// @notice removeLiquidityETH after an EIP-2612 permit for the LP tokens (max allowance if `approveMax`).
    function removeLiquidityETHWithPermit(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline,
        bool approveMax,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 amountToken, uint256 amountETH) {
        _permitLiquidity(_pairFor(token, WETH), approveMax ? type(uint256).max : liquidity, deadline, v, r, s);
        (amountToken, amountETH) = removeLiquidityETH(token, liquidity, amountTokenMin, amountETHMin, to, deadline);
    }

    // ---------------------------------------------------------------- swaps

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = AmmLibrary.getAmountsOut(factory, initCodeHash, amountIn, path);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        _pullExact(path[0], msg.sender, _pairFor(path[0], path[1]), amounts[0]);
        _swapAndVerify(amounts, path, to);
    }

    function swapTokensForExactTokens(
        uint256 amountOut,
        uint256 amountInMax,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = AmmLibrary.getAmountsIn(factory, initCodeHash, amountOut, path);
        if (amounts[0] > amountInMax) revert ExcessiveInputAmount();
        _pullExact(path[0], msg.sender, _pairFor(path[0], path[1]), amounts[0]);
        _swapAndVerify(amounts, path, to);
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (path[0] != WETH) revert InvalidPath();
        amounts = AmmLibrary.getAmountsOut(factory, initCodeHash, msg.value, path);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        _wrapInto(_pairFor(path[0], path[1]), amounts[0]);
        _swapAndVerify(amounts, path, to);
    }

    function swapTokensForExactETH(
        uint256 amountOut,
        uint256 amountInMax,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        if (path[path.length - 1] != WETH) revert InvalidPath();
        amounts = AmmLibrary.getAmountsIn(factory, initCodeHash, amountOut, path);
        if (amounts[0] > amountInMax) revert ExcessiveInputAmount();
        _pullExact(path[0], msg.sender, _pairFor(path[0], path[1]), amounts[0]);
        _swap(amounts, path, address(this));
        IWrappedNative(WETH).withdraw(amounts[amounts.length - 1]);
        _sendNative(to, amounts[amounts.length - 1]);
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        if (path[path.length - 1] != WETH) revert InvalidPath();
        amounts = AmmLibrary.getAmountsOut(factory, initCodeHash, amountIn, path);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        _pullExact(path[0], msg.sender, _pairFor(path[0], path[1]), amounts[0]);
        _swap(amounts, path, address(this));
        IWrappedNative(WETH).withdraw(amounts[amounts.length - 1]);
        _sendNative(to, amounts[amounts.length - 1]);
    }

    function swapETHForExactTokens(uint256 amountOut, address[] calldata path, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (path[0] != WETH) revert InvalidPath();
        amounts = AmmLibrary.getAmountsIn(factory, initCodeHash, amountOut, path);
        if (amounts[0] > msg.value) revert ExcessiveInputAmount();
        _wrapInto(_pairFor(path[0], path[1]), amounts[0]);
        _swapAndVerify(amounts, path, to);
        if (msg.value > amounts[0]) _sendNative(msg.sender, msg.value - amounts[0]);
    }

    // ---------------------------------------------------------------- library views

    function quote(uint256 amountA, uint256 reserveA, uint256 reserveB) external pure returns (uint256) {
        return AmmLibrary.quote(amountA, reserveA, reserveB);
    }

    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) external pure returns (uint256) {
        return AmmLibrary.getAmountOut(amountIn, reserveIn, reserveOut);
    }

    function getAmountIn(uint256 amountOut, uint256 reserveIn, uint256 reserveOut) external pure returns (uint256) {
        return AmmLibrary.getAmountIn(amountOut, reserveIn, reserveOut);
    }

    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory) {
        return AmmLibrary.getAmountsOut(factory, initCodeHash, amountIn, path);
    }

    function getAmountsIn(uint256 amountOut, address[] calldata path) external view returns (uint256[] memory) {
        return AmmLibrary.getAmountsIn(factory, initCodeHash, amountOut, path);
    }

    // ---------------------------------------------------------------- internals

    function _addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin
    ) private returns (uint256 amountA, uint256 amountB) {
        if (IFactory(factory).getPair(tokenA, tokenB) == address(0)) IFactory(factory).createPair(tokenA, tokenB);
        (uint256 reserveA, uint256 reserveB) = AmmLibrary.getReserves(factory, initCodeHash, tokenA, tokenB);
        if (reserveA == 0 && reserveB == 0) return (amountADesired, amountBDesired);
        uint256 amountBOptimal = AmmLibrary.quote(amountADesired, reserveA, reserveB);
        if (amountBOptimal <= amountBDesired) {
            if (amountBOptimal < amountBMin) revert InsufficientBAmount();
            return (amountADesired, amountBOptimal);
        }
        uint256 amountAOptimal = AmmLibrary.quote(amountBDesired, reserveB, reserveA);
        // amountAOptimal <= amountADesired holds because amountBOptimal > amountBDesired.
        if (amountAOptimal < amountAMin) revert InsufficientAAmount();
        return (amountAOptimal, amountBDesired);
    }

    /// @dev Requires the first pair to have been paid `amounts[0]` already; each pair pays the next.
    function _swap(uint256[] memory amounts, address[] calldata path, address to) private {
        uint256 last = path.length - 2;
        for (uint256 i; i <= last; ++i) {
            (address input, address output) = (path[i], path[i + 1]);
            (address token0,) = AmmLibrary.sortTokens(input, output);
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input == token0 ? (uint256(0), amountOut) : (amountOut, uint256(0));
            address recipient = i < last ? _pairFor(output, path[i + 2]) : to;
            IPair(_pairFor(input, output)).swap(amount0Out, amount1Out, recipient, new bytes(0));
        }
    }

    /// @dev Burns `liquidity` of msg.sender's LP tokens, paying both tokens to `to`, and checks the amounts the
    ///      pair sent against the minimums (callers check what arrived).
    function _removeLiquidity(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to
    ) private returns (uint256 amountA, uint256 amountB) {
        address pair = _pairFor(tokenA, tokenB);
        IERC20(pair).safeTransferFrom(msg.sender, pair, liquidity);
        (uint256 amount0, uint256 amount1) = IPair(pair).burn(to);
        (address token0,) = AmmLibrary.sortTokens(tokenA, tokenB);
        (amountA, amountB) = tokenA == token0 ? (amount0, amount1) : (amount1, amount0);
        if (amountA < amountAMin) revert InsufficientAAmount();
        if (amountB < amountBMin) revert InsufficientBAmount();
    }

    /// @dev Reverts unless `who` holds exactly `amount` more of `token` than `before` (rejects fee-on-transfer).
    function _checkArrived(address token, address who, uint256 before, uint256 amount) private view {
        if (IERC20(token).balanceOf(who) != before + amount) revert FeeOnTransferNotSupported(token);
    }

    /// @dev transfer that reverts unless `to` is credited exactly `amount`.
    function _transferExact(address token, address to, uint256 amount) private {
        uint256 before = IERC20(token).balanceOf(to);
        IERC20(token).safeTransfer(to, amount);
        _checkArrived(token, to, before, amount);
    }

    /// @dev `_swap` plus a check that `to` received exactly the quoted output (rejects fee-on-transfer outputs).
    function _swapAndVerify(uint256[] memory amounts, address[] calldata path, address to) private {
        IERC20 tokenOut = IERC20(path[path.length - 1]);
        uint256 before = tokenOut.balanceOf(to);
        _swap(amounts, path, to);
        if (tokenOut.balanceOf(to) != before + amounts[amounts.length - 1]) {
            revert FeeOnTransferNotSupported(address(tokenOut));
        }
    }

    /// @dev transferFrom that reverts unless `to` is credited exactly `amount`.
    function _pullExact(address token, address from, address to, uint256 amount) private {
        uint256 before = IERC20(token).balanceOf(to);
        IERC20(token).safeTransferFrom(from, to, amount);
        if (IERC20(token).balanceOf(to) != before + amount) revert FeeOnTransferNotSupported(token);
    }

    function _permitLiquidity(address pair, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) private {
        try IERC20Permit(pair).permit(msg.sender, address(this), value, deadline, v, r, s) {} catch {}
    }

    function _wrapInto(address pair, uint256 amount) private {
        IWrappedNative(WETH).deposit{value: amount}();
        IERC20(WETH).safeTransfer(pair, amount);
    }

    function _sendNative(address to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed();
    }

    function _pairFor(address tokenA, address tokenB) private view returns (address) {
        return AmmLibrary.pairFor(factory, initCodeHash, tokenA, tokenB);
    }
}
