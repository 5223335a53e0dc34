// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ICallee} from "./interfaces/ICallee.sol";
import {IFactory} from "./interfaces/IFactory.sol";
import {IPair} from "./interfaces/IPair.sol";

/// @title Pair
/// @notice Uniswap V2 constant-product pool (0.3 % fee, LP token with EIP-2612 permit, TWAP accumulators,
///         optional 1/6 protocol fee switched on by the factory's `feeTo`).
/// @dev Balance-based like V2: amounts in are measured from balances, so a token that charges a fee on
///      transfer can never make the pool pay out more than it holds. Every state-changing entry point
///      shares one transient-storage reentrancy lock.
contract Pair is IPair, ERC20Permit, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 public constant MINIMUM_LIQUIDITY = 10 ** 3;
    /// @dev OpenZeppelin's ERC20 refuses to mint to address(0), so the locked minimum goes to 0xdEaD.
    address private constant DEAD = 0x000000000000000000000000000000000000dEaD;

    address public immutable factory;
    address public token0;
    address public token1;

    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private blockTimestampLast;

    uint256 public price0CumulativeLast;
    uint256 public price1CumulativeLast;
    /// @notice reserve0 * reserve1 as of the last liquidity event (only tracked while the protocol fee is on).
    uint256 public kLast;

    error Forbidden();
    error Overflow();
    error InsufficientLiquidityMinted();
    error InsufficientLiquidityBurned();
    error InsufficientOutputAmount();
    error InsufficientInputAmount();
    error InsufficientLiquidity();
    error InvalidTo();
    error K();

    constructor() ERC20("Aurum V2 LP", "AUR-V2") ERC20Permit("Aurum V2 LP") {
        factory = msg.sender;
    }

    /// @notice Sets the pair's tokens once, right after CREATE2 deployment.
    /// @dev Privileged: callable only by the factory that deployed this pair.
    function initialize(address token0_, address token1_) external {
        if (msg.sender != factory || token0 != address(0)) revert Forbidden();
        token0 = token0_;
        token1 = token1_;
    }

    function getReserves() public view returns (uint112 reserve0_, uint112 reserve1_, uint32 blockTimestampLast_) {
        reserve0_ = reserve0;
        reserve1_ = reserve1;
        blockTimestampLast_ = blockTimestampLast;
    }

    /// @notice Mints LP tokens for the tokens sent to this pair since the last sync.
    function mint(address to) external nonReentrant returns (uint256 liquidity) {
        (uint112 r0, uint112 r1,) = getReserves();
        uint256 balance0 = IERC20(token0).balanceOf(address(this));
        uint256 balance1 = IERC20(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - r0;
        uint256 amount1 = balance1 - r1;

        bool feeOn = _mintFee(r0, r1);
        uint256 supply = totalSupply(); // read after _mintFee, which may change it
        if (supply == 0) {
            liquidity = Math.sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
            _mint(DEAD, MINIMUM_LIQUIDITY);
        } else {
            liquidity = Math.min(amount0 * supply / r0, amount1 * supply / r1);
        }
        if (liquidity == 0) revert InsufficientLiquidityMinted();
        _mint(to, liquidity);

        _update(balance0, balance1, r0, r1);
        if (feeOn) kLast = uint256(reserve0) * reserve1;
        emit Mint(msg.sender, amount0, amount1);
    }

    /// @notice Burns the LP tokens sent to this pair and pays out the underlying tokens pro rata.
    function burn(address to) external nonReentrant returns (uint256 amount0, uint256 amount1) {
        (uint112 r0, uint112 r1,) = getReserves();
        address t0 = token0;
        address t1 = token1;
        uint256 balance0 = IERC20(t0).balanceOf(address(this));
        uint256 balance1 = IERC20(t1).balanceOf(address(this));
        uint256 liquidity = balanceOf(address(this));

        bool feeOn = _mintFee(r0, r1);
        uint256 supply = totalSupply();
        // Rounds down: the pool, never the redeemer, keeps the remainder.
        amount0 = liquidity * balance0 / supply;
        amount1 = liquidity * balance1 / supply;
        if (amount0 == 0 || amount1 == 0) revert InsufficientLiquidityBurned();
        _burn(address(this), liquidity);
        IERC20(t0).safeTransfer(to, amount0);
        IERC20(t1).safeTransfer(to, amount1);
        balance0 = IERC20(t0).balanceOf(address(this));
        balance1 = IERC20(t1).balanceOf(address(this));

        _update(balance0, balance1, r0, r1);
        if (feeOn) kLast = uint256(reserve0) * reserve1;
        emit Burn(msg.sender, amount0, amount1, to);
    }

    /// @notice Optimistically sends the outputs, optionally calls `to` back (flash swap), then requires the
    ///         fee-adjusted constant product not to decrease.
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external nonReentrant {
        if (amount0Out == 0 && amount1Out == 0) revert InsufficientOutputAmount();
        (uint112 r0, uint112 r1,) = getReserves();
        if (amount0Out >= r0 || amount1Out >= r1) revert InsufficientLiquidity();

        uint256 balance0;
        uint256 balance1;
        {
            address t0 = token0;
            address t1 = token1;
            if (to == t0 || to == t1) revert InvalidTo();
            if (amount0Out > 0) IERC20(t0).safeTransfer(to, amount0Out);
            if (amount1Out > 0) IERC20(t1).safeTransfer(to, amount1Out);
            if (data.length > 0) ICallee(to).uniswapV2Call(msg.sender, amount0Out, amount1Out, data);
            balance0 = IERC20(t0).balanceOf(address(this));
            balance1 = IERC20(t1).balanceOf(address(this));
        }
        uint256 amount0In = balance0 > r0 - amount0Out ? balance0 - (r0 - amount0Out) : 0;
        uint256 amount1In = balance1 > r1 - amount1Out ? balance1 - (r1 - amount1Out) : 0;
        if (amount0In == 0 && amount1In == 0) revert InsufficientInputAmount();
        {
            // 0.3 % of the input stays in the pool: (b0*1000 - in0*3) * (b1*1000 - in1*3) >= r0*r1*1000^2.
            uint256 balance0Adjusted = balance0 * 1000 - amount0In * 3;
            uint256 balance1Adjusted = balance1 * 1000 - amount1In * 3;
            if (balance0Adjusted * balance1Adjusted < uint256(r0) * r1 * 1000 ** 2) revert K();
        }

        _update(balance0, balance1, r0, r1);
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    /// @notice Sends any balance above the reserves to `to`.
    function skim(address to) external nonReentrant {
        address t0 = token0;
        address t1 = token1;
        IERC20(t0).safeTransfer(to, IERC20(t0).balanceOf(address(this)) - reserve0);
        IERC20(t1).safeTransfer(to, IERC20(t1).balanceOf(address(this)) - reserve1);
    }

    /// @notice Sets the reserves to the balances.
    function sync() external nonReentrant {
        _update(IERC20(token0).balanceOf(address(this)), IERC20(token1).balanceOf(address(this)), reserve0, reserve1);
    }

    function _update(uint256 balance0, uint256 balance1, uint112 r0, uint112 r1) private {
        if (balance0 > type(uint112).max || balance1 > type(uint112).max) revert Overflow();
        uint32 blockTimestamp = uint32(block.timestamp); // mod 2^32 by design, like V2
        unchecked {
            // Accumulators and elapsed time are meant to wrap; consumers difference them.
            uint32 timeElapsed = blockTimestamp - blockTimestampLast;
            if (timeElapsed > 0 && r0 != 0 && r1 != 0) {
                price0CumulativeLast += ((uint256(r1) << 112) / r0) * timeElapsed;
                price1CumulativeLast += ((uint256(r0) << 112) / r1) * timeElapsed;
            }
        }
        reserve0 = uint112(balance0);
        reserve1 = uint112(balance1);
        blockTimestampLast = blockTimestamp;
        emit Sync(reserve0, reserve1);
    }

    /// @dev If the protocol fee is on, mints liquidity worth 1/6 of the growth in sqrt(k) to `feeTo`.
    function _mintFee(uint112 r0, uint112 r1) private returns (bool feeOn) {
        address feeTo = IFactory(factory).feeTo();
        feeOn = feeTo != address(0);
        uint256 k = kLast;
        if (feeOn) {
            if (k != 0) {
                uint256 rootK = Math.sqrt(uint256(r0) * r1);
                uint256 rootKLast = Math.sqrt(k);
                if (rootK > rootKLast) {
                    uint256 numerator = totalSupply() * (rootK - rootKLast);
                    uint256 denominator = rootK * 5 + rootKLast;
                    uint256 liquidity = numerator / denominator;
                    if (liquidity > 0) _mint(feeTo, liquidity);
                }
            }
        } else if (k != 0) {
            kLast = 0;
        }
    }
}
