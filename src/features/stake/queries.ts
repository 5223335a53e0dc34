import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Address, erc20Abi } from "viem";
import { type Config, useConfig } from "wagmi";
import { getBalance, getBlock, readContracts } from "wagmi/actions";
import { stakingRewardsAbi } from "@/chain/generated";
import type { StakePool } from "./pools";

/** Staking reads in the wagmi shape: action → query options (key factory) → thin hook. */
export const stakeKeys = {
  all: ["stake"] as const,
  pool: (pool: Address, account: Address | undefined) =>
    [...stakeKeys.all, "pool", pool.toLowerCase(), account?.toLowerCase() ?? null] as const,
};

export type StakePoolState = {
  totalSupply: bigint;
  rewardRate: bigint;
  periodFinish: bigint;
  rewardsDuration: bigint;
  /** Chain time of the block the state was read at, and the local clock then (for interpolation). */
  readAt: bigint;
  fetchedAtMs: number;
  account?: {
    staked: bigint;
    earned: bigint;
    wallet: bigint; // staking token in the wallet
    native?: bigint; // native coin, for pools that wrap it
    allowance: bigint;
  };
};

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
  ] as const;
  const personal = account
    ? ([
        { ...s, functionName: "balanceOf", args: [account] },
        { ...s, functionName: "earned", args: [account] },
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
  const [results, native] = await Promise.all([
    // biome-ignore lint/suspicious/noExplicitAny: a mixed-ABI batch; results are typed below
    readContracts(config, { contracts: [...global, ...personal] as any, allowFailure: false, blockNumber }),
    account && pool.nativeToken ? getBalance(config, { address: account, chainId, blockNumber }) : undefined,
  ]);
  const r = results as unknown as bigint[];
  return {
    totalSupply: r[0]!,
    rewardRate: r[1]!,
    periodFinish: r[2]!,
    rewardsDuration: r[3]!,
    readAt: block.timestamp,
    fetchedAtMs: Date.now(),
    account: account
      ? { staked: r[4]!, earned: r[5]!, wallet: r[6]!, allowance: r[7]!, native: native?.value }
      : undefined,
  };
}

export function stakePoolQueryOptions(
  config: Config,
  args: { chainId: number; pool: StakePool; account: Address | undefined },
) {
  return queryOptions({
    queryKey: stakeKeys.pool(args.pool.address, args.account),
    queryFn: () => fetchStakePool(config, args),
    refetchInterval: 10_000,
  });
}

export function useStakePool(chainId: number, pool: StakePool, account: Address | undefined) {
  const config = useConfig();
  return useQuery(stakePoolQueryOptions(config, { chainId, pool, account }));
}
