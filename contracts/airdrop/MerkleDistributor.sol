// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";

/// @title MerkleDistributor
/// @notice Uniswap merkle-distributor (with deadline) semantics: each (index, account, amount) leaf can be
///         claimed once until `endTime`; after it the owner may withdraw what is left.
/// @dev Leaves use the OpenZeppelin StandardMerkleTree encoding for the types
///      ["uint256", "address", "uint256"]: keccak256(bytes.concat(keccak256(abi.encode(index, account, amount)))).
///      The double hash keeps a leaf from ever being a valid inner node.
contract MerkleDistributor is Ownable {
    using SafeERC20 for IERC20;

    IERC20 public immutable token;
    bytes32 public immutable merkleRoot;
    /// @notice Last second (inclusive) at which claims are accepted.
    uint256 public immutable endTime;

    mapping(uint256 wordIndex => uint256 bits) private claimedBitMap;

    event Claimed(uint256 index, address indexed account, uint256 amount);
    event Withdrawn(address indexed to, uint256 amount);

    error AlreadyClaimed();
    error InvalidProof();
    error ClaimWindowFinished();
    error NoWithdrawDuringClaim();
    error EndTimeInPast();

    constructor(address token_, bytes32 merkleRoot_, uint256 endTime_, address owner_) Ownable(owner_) {
        if (endTime_ <= block.timestamp) revert EndTimeInPast();
        token = IERC20(token_);
        merkleRoot = merkleRoot_;
        endTime = endTime_;
    }

    function isClaimed(uint256 index) public view returns (bool) {
        uint256 word = claimedBitMap[index >> 8];
        uint256 mask = 1 << (index & 0xff);
        return word & mask == mask;
    }

    /// @notice Pays `amount` to `account` for leaf `index`. Anyone may submit the claim; the tokens always go
    ///         to `account`.
    function claim(uint256 index, address account, uint256 amount, bytes32[] calldata merkleProof) external {
        if (block.timestamp > endTime) revert ClaimWindowFinished();
        if (isClaimed(index)) revert AlreadyClaimed();
        bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(index, account, amount))));
        if (!MerkleProof.verifyCalldata(merkleProof, merkleRoot, leaf)) revert InvalidProof();

        claimedBitMap[index >> 8] |= 1 << (index & 0xff);
        token.safeTransfer(account, amount);
        emit Claimed(index, account, amount);
    }

    /// @notice Sends every unclaimed token to `to` once the claim window has closed.
    /// @dev Privileged: owner only, and only after `endTime`.
    function withdraw(address to) external onlyOwner {
        if (block.timestamp <= endTime) revert NoWithdrawDuringClaim();
        uint256 amount = token.balanceOf(address(this));
        token.safeTransfer(to, amount);
        emit Withdrawn(to, amount);
    }
}
