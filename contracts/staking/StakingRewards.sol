// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title StakingRewards
/// @notice Synthetix StakingRewards semantics (stake, withdraw, getReward, exit, earned, rewardPerToken,
///         notifyRewardAmount, rewardsDuration, periodFinish) with its known flaws fixed:
///         - Rewards that accrue while nobody is staked are not stranded: they are booked in
///           `undistributedRewards`, rolled into the next `notifyRewardAmount`, or recoverable by the owner.
///         - The integer-division dust of `reward / rewardsDuration` is booked there as well.
///         - `notifyRewardAmount` pulls the tokens itself and checks what arrived, so a reward rate can never
///           promise more than the contract was funded with (even when staking and rewards token are equal).
///         - Funding is capped at 2^128 - 1 per period so `rewardPerToken` and `earned` cannot overflow.
///         - The remainder of `rewardPerToken`'s division is carried to the next update instead of dropped:
///           with a small reward rate and a large total stake, frequent updates would otherwise round every
///           interval's accrual to 0 and strand it (not earned, not undistributed, not recoverable).
///         - The owner can never touch staked tokens or rewards already promised to stakers.
///         All divisions round down, i.e. in the contract's favour.
contract StakingRewards is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 private constant PRECISION = 1e18;
    uint256 public constant MAX_REWARDS_DURATION = 5 * 365 days;

    IERC20 public immutable stakingToken;
    IERC20 public immutable rewardsToken;

    uint256 public periodFinish;
    /// @notice Reward tokens (base units) paid per second across all stakers during the current period.
    uint256 public rewardRate;
    uint256 public rewardsDuration;
    uint256 public lastUpdateTime;
    uint256 public rewardPerTokenStored;
    /// @notice Accrued rewards not yet in `rewardPerTokenStored` because they did not make a whole unit of it,
    ///         as the numerator of its division (reward base units x 1e18; below the total stake it was last
    ///         divided by, or below 1e18 once nothing is staked). Public so an off-chain replica of `earned()`
    ///         (the dapp's live Earned counter) can stay exact.
    uint256 public rewardPerTokenRemainder;
    /// @notice Funded rewards not promised to anyone: accrued while nothing was staked, plus rounding dust.
    uint256 public undistributedRewards;

    mapping(address account => uint256) public userRewardPerTokenPaid;
    mapping(address account => uint256) public rewards;

    uint256 private _totalSupply;
    mapping(address account => uint256) private _balances;

    event RewardAdded(uint256 reward, uint256 rewardRate, uint256 periodFinish);
    event Staked(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    event RewardPaid(address indexed user, uint256 reward);
    event RewardsDurationUpdated(uint256 newDuration);
    event UndistributedRewardsRecovered(address indexed to, uint256 amount);
    event Recovered(address indexed token, address indexed to, uint256 amount);

    error ZeroAmount();
    error InsufficientBalance(uint256 requested, uint256 available);
    error RewardTooSmall();
    error RewardTooLarge();
    error FeeOnTransferNotSupported();
    error PeriodNotFinished();
    error InvalidDuration();
    error CannotRecoverProtectedToken();

    constructor(address owner_, address rewardsToken_, address stakingToken_, uint256 rewardsDuration_)
        Ownable(owner_)
    {
        if (rewardsDuration_ == 0 || rewardsDuration_ > MAX_REWARDS_DURATION) revert InvalidDuration();
        rewardsToken = IERC20(rewardsToken_);
        stakingToken = IERC20(stakingToken_);
        rewardsDuration = rewardsDuration_;
    }

    modifier updateReward(address account) {
        _updateReward(account);
        _;
    }

    // ---------------------------------------------------------------- views

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function lastTimeRewardApplicable() public view returns (uint256) {
        return block.timestamp < periodFinish ? block.timestamp : periodFinish;
    }

    /// @dev Equals what the next update stores: the carried remainder is part of the numerator here too.
    function rewardPerToken() public view returns (uint256) {
        uint256 supply = _totalSupply;
        if (supply == 0) return rewardPerTokenStored;
        return rewardPerTokenStored + _pendingNumerator(lastTimeRewardApplicable()) / supply;
    }

    /// @dev Rounds down per account: at most 1 base unit per update of that account, left in the contract as
    ///      dust. Accepted because only the account's own transactions update it, so unlike the pool-wide
    ///      division in `rewardPerToken` (hence its carried remainder) nobody else can make it add up.
    function earned(address account) public view returns (uint256) {
        return _earned(account, rewardPerToken());
    }

    function getRewardForDuration() external view returns (uint256) {
        return rewardRate * rewardsDuration;
    }

    // ---------------------------------------------------------------- stakers

    /// @notice Stakes `amount`; credits what actually arrived, so fee-on-transfer staking tokens stay solvent.
    function stake(uint256 amount) external nonReentrant updateReward(msg.sender) {
        if (amount == 0) revert ZeroAmount();
        uint256 before = stakingToken.balanceOf(address(this));
        stakingToken.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = stakingToken.balanceOf(address(this)) - before;
        if (received == 0) revert ZeroAmount();
        _totalSupply += received;
        _balances[msg.sender] += received;
        emit Staked(msg.sender, received);
    }

    function withdraw(uint256 amount) external nonReentrant updateReward(msg.sender) {
        _withdraw(amount);
    }

    function getReward() external nonReentrant updateReward(msg.sender) {
        _getReward();
    }

    function exit() external nonReentrant updateReward(msg.sender) {
        _withdraw(_balances[msg.sender]);
        _getReward();
    }

    // ---------------------------------------------------------------- owner

    /// @notice Pulls `reward` tokens from the owner and starts a new period of `rewardsDuration` that pays out
    ///         `reward` + the unpaid remainder of the current period + `undistributedRewards`.
    /// @dev Privileged: owner only. Needs an allowance for `reward`; `reward` may be 0 to restart the
    ///      period with carried-over rewards only.
    function notifyRewardAmount(uint256 reward) external onlyOwner nonReentrant updateReward(address(0)) {
        if (reward > 0) {
            uint256 before = rewardsToken.balanceOf(address(this));
            rewardsToken.safeTransferFrom(msg.sender, address(this), reward);
            if (rewardsToken.balanceOf(address(this)) - before != reward) revert FeeOnTransferNotSupported();
        }
        uint256 total = reward + undistributedRewards;
        if (block.timestamp < periodFinish) total += (periodFinish - block.timestamp) * rewardRate;
        if (total > type(uint128).max) revert RewardTooLarge();
        uint256 duration = rewardsDuration;
        uint256 rate = total / duration;
        if (rate == 0) revert RewardTooSmall();

        rewardRate = rate;
        undistributedRewards = total - rate * duration;
        lastUpdateTime = block.timestamp;
        periodFinish = block.timestamp + duration;
        emit RewardAdded(reward, rate, block.timestamp + duration);
    }

    /// @notice Sends `undistributedRewards` to `to` instead of carrying them into the next period.
    /// @dev Privileged: owner only. Never touches stakes or rewards already accrued to stakers.
    function recoverUndistributedRewards(address to) external onlyOwner nonReentrant updateReward(address(0)) {
        uint256 amount = undistributedRewards;
        if (amount == 0) revert ZeroAmount();
        undistributedRewards = 0;
        rewardsToken.safeTransfer(to, amount);
        emit UndistributedRewardsRecovered(to, amount);
    }

    /// @notice Rescues tokens sent here by mistake.
    /// @dev Privileged: owner only. Refuses the staking and the rewards token (see recoverUndistributedRewards).
    function recoverERC20(address token, address to, uint256 amount) external onlyOwner nonReentrant {
        if (token == address(stakingToken) || token == address(rewardsToken)) revert CannotRecoverProtectedToken();
        IERC20(token).safeTransfer(to, amount);
        emit Recovered(token, to, amount);
    }

    /// @notice Changes the length of the next reward period.
    /// @dev Privileged: owner only, and only between periods.
    function setRewardsDuration(uint256 duration) external onlyOwner {
        if (block.timestamp <= periodFinish) revert PeriodNotFinished();
        if (duration == 0 || duration > MAX_REWARDS_DURATION) revert InvalidDuration();
        rewardsDuration = duration;
        emit RewardsDurationUpdated(duration);
    }

    // ---------------------------------------------------------------- internals

    /// @dev Rewards accrued since the last update plus the carried remainder, in reward x PRECISION units.
    ///      Cannot overflow: the accrual is at most one period's funding (< 2^128) x 1e18 < 2^188, and the
    ///      remainder is rewards accrued but not yet allocated, i.e. bounded by the funding as well.
    function _pendingNumerator(uint256 applicable) private view returns (uint256) {
        return (applicable - lastUpdateTime) * rewardRate * PRECISION + rewardPerTokenRemainder;
    }

    function _updateReward(address account) private {
        uint256 applicable = lastTimeRewardApplicable();
        uint256 supply = _totalSupply;
        if (supply == 0) {
            // Nobody earns this stretch: keep it for the owner / next period instead of losing it. The same
            // goes for the whole base units of the carried remainder, which no staker is left to earn; the
            // fraction of a unit stays carried for the next stakers.
            if (applicable > lastUpdateTime) undistributedRewards += (applicable - lastUpdateTime) * rewardRate;
            uint256 remainder = rewardPerTokenRemainder;
            if (remainder >= PRECISION) {
                undistributedRewards += remainder / PRECISION;
                rewardPerTokenRemainder = remainder % PRECISION;
            }
        } else {
            // Allocated + carried always equals accrued (the remainder telescopes), whatever the total stake
            // did in between: a carried remainder is unallocated reward and is fine to divide by a new total.
            uint256 numerator = _pendingNumerator(applicable);
            rewardPerTokenStored += numerator / supply;
            rewardPerTokenRemainder = numerator % supply;
        }
        lastUpdateTime = applicable;
        if (account != address(0)) {
            // rewardPerToken() would recompute what was just stored (the remainder is below one unit of it).
            uint256 stored = rewardPerTokenStored;
            rewards[account] = _earned(account, stored);
            userRewardPerTokenPaid[account] = stored;
        }
    }

    function _earned(address account, uint256 rewardPerToken_) private view returns (uint256) {
        return _balances[account] * (rewardPerToken_ - userRewardPerTokenPaid[account]) / PRECISION + rewards[account];
    }

    function _withdraw(uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = _balances[msg.sender];
        if (amount > balance) revert InsufficientBalance(amount, balance);
        _totalSupply -= amount;
        _balances[msg.sender] = balance - amount;
        stakingToken.safeTransfer(msg.sender, amount);
        emit Withdrawn(msg.sender, amount);
    }

    function _getReward() private {
        uint256 reward = rewards[msg.sender];
        if (reward > 0) {
            rewards[msg.sender] = 0;
            rewardsToken.safeTransfer(msg.sender, reward);
            emit RewardPaid(msg.sender, reward);
        }
    }
}
