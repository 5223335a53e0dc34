import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Address, erc20Abi } from "viem";
import { type Config, useConfig } from "wagmi";
import { getBalance, getBlock, readContracts } from "wagmi/actions";
import { stakingRewardsAbi } from "@/chain/generated";
import { yielding, yieldToMain } from "@/lib/yield-to-main";
import type { StakePool } from "./pools";

/** Staking reads in the wagmi shape: action → query options (key factory) → thin hook. */
export const stakeKeys = {
  all: ["stake"] as const,
  pool: (pool: Address, account: Address | undefined) =>
    [...stakeKeys.all, "pool", pool.toLowerCase(), account?.toLowerCase() ?? null] as const,
};

/** How often the pool is read; the Earned counter never extrapolates further than this. */
export const STAKE_REFETCH_MS = 10_000;

export type StakePoolState = {
  totalSupply: bigint;
  rewardRate: bigint;
  periodFinish: bigint;
  rewardsDuration: bigint;
  /** Reward accounting at the block, so the Earned counter computes exactly what earned() will. */
  rewardPerTokenStored: bigint;
  /** The pool's carried division remainder (StakingRewards), part of the next unit of reward per token. */
  rewardPerTokenRemainder: bigint;
  lastUpdateTime: bigint;
  /** The block every value was read at, and its timestamp (seconds). */
  blockNumber: bigint;
  readAt: bigint;
  /**
   * The chain's clock when the read returned (the pending block's timestamp, seconds) and the
   * browser's clock then: their difference is the chain's offset from the wall clock, which the
   * Earned counter runs on (earned-ticker.ts). A chain that mines on demand has an old latest block.
   */
  chainNow: number;
  fetchedAtMs: number;
  account?: {
    staked: bigint;
    earned: bigint;
    userRewardPerTokenPaid: bigint;
    rewards: bigint;
    wallet: bigint; // staking token in the wallet
    native?: bigint; // native coin, for pools that wrap it
    allowance: bigint;
  };
};

/** The chain's current time: the pending block's timestamp, else (no "pending" support) the latest's. */
async function chainClock(
  config: Config,
  chainId: number,
  latest: bigint,
): Promise<{ chainNow: number; atMs: number }> {
  try {
    const pending = await getBlock(config, { chainId, blockTag: "pending" });
    return { chainNow: Number(pending.timestamp > latest ? pending.timestamp : latest), atMs: Date.now() };
  } catch {
    return { chainNow: Number(latest), atMs: Date.now() };
  }
}

export async function fetchStakePool(
  config: Config,
  { chainId, pool, account }: { chainId: number; pool: StakePool; account: Address | undefined },
): Promise<StakePoolState> {
  const s = { address: pool.address, abi: stakingRewardsAbi, chainId } as const;
  const block = await getBlock(config, { chainId });
  const blockNumber = block.number;
  const global = [
    { ...s, functionName: "totalSupply" },
    { ...s, functionName: "rewardRate" },
    { ...s, functionName: "periodFinish" },
    { ...s, functionName: "rewardsDuration" },
    { ...s, functionName: "rewardPerTokenStored" },
    { ...s, functionName: "lastUpdateTime" },
    { ...s, functionName: "rewardPerTokenRemainder" },
  ] as const;
  const personal = account
    ? ([
        { ...s, functionName: "balanceOf", args: [account] },
        { ...s, functionName: "earned", args: [account] },
        { ...s, functionName: "userRewardPerTokenPaid", args: [account] },
        { ...s, functionName: "rewards", args: [account] },
        {
          address: pool.stakingToken.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [account],
          chainId,
        },
        {
          address: pool.stakingToken.address,
          abi: erc20Abi,
          functionName: "allowance",
          args: [account, pool.address],
          chainId,
        },
      ] as const)
    : [];
  // Each pool's calls are encoded in a task of their own: the pools' getBlock answers arrive in one
  // batched response, so without a yield every pool would encode in the task that resolves it.
  await yieldToMain();
  const [results, native, clock] = await Promise.all([
    // biome-ignore lint/suspicious/noExplicitAny: a mixed-ABI batch; results are typed below
    readContracts(config, { contracts: [...global, ...personal] as any, allowFailure: false, blockNumber }),
    account && pool.nativeToken ? getBalance(config, { address: account, chainId, blockNumber }) : undefined,
    chainClock(config, chainId, block.timestamp),
  ]);
  const r = results as unknown as bigint[];
  return {
    totalSupply: r[0]!,
    rewardRate: r[1]!,
    periodFinish: r[2]!,
    rewardsDuration: r[3]!,
    rewardPerTokenStored: r[4]!,
    lastUpdateTime: r[5]!,
    rewardPerTokenRemainder: r[6]!,
    blockNumber,
    readAt: block.timestamp,
    chainNow: clock.chainNow,
    fetchedAtMs: clock.atMs,
    account: account
      ? {
          staked: r[7]!,
          earned: r[8]!,
          userRewardPerTokenPaid: r[9]!,
          rewards: r[10]!,
          wallet: r[11]!,
          allowance: r[12]!,
          native: native?.value,
        }
      : undefined,
  };
}

export function stakePoolQueryOptions(
  config: Config,
  args: { chainId: number; pool: StakePool; account: Address | undefined },
) {
  return queryOptions({
    queryKey: stakeKeys.pool(args.pool.address, args.account),
    // The pool's dozen contract calls are encoded before the first network wait: in a task of
    // their own, not in the effects flush after hydration (src/lib/yield-to-main.ts).
    queryFn: yielding(() => fetchStakePool(config, args)),
    refetchInterval: STAKE_REFETCH_MS,
  });
}

export function useStakePool(chainId: number, pool: StakePool, account: Address | undefined) {
  const config = useConfig();
  return useQuery(stakePoolQueryOptions(config, { chainId, pool, account }));
}
