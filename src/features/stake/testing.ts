import { parseEther } from "viem";
import type { StakePoolState } from "./queries";

/**
 * A pool read as the stake components receive it, for component tests: 100 staked in all, this
 * account 3 staked, 2 in the wallet and 50 of the native coin, no allowance, no rewards yet.
 */
export const poolStateFixture = (): StakePoolState => ({
  totalSupply: parseEther("100"),
  rewardRate: 1n,
  periodFinish: 2_000_000_000n,
  rewardsDuration: 2_592_000n,
  rewardPerTokenStored: 0n,
  rewardPerTokenRemainder: 0n,
  lastUpdateTime: 1_900_000_000n,
  blockNumber: 10n,
  readAt: 1_900_000_000n,
  chainNow: 1_900_000_000,
  fetchedAtMs: Date.now(),
  account: {
    staked: parseEther("3"),
    earned: 0n,
    userRewardPerTokenPaid: 0n,
    rewards: 0n,
    wallet: parseEther("2"),
    native: parseEther("50"),
    allowance: 0n,
  },
});
