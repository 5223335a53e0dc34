"use client";

import { useState } from "react";
import type { Address, TransactionReceipt } from "viem";
import { useConfig } from "wagmi";
import { readContract } from "wagmi/actions";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import type { AmmEnv } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { type PlannedStep, useTxSteps } from "@/web3";
import { planExit, rewardPaid, stakeWithdrawn, unstakePlan } from "../plan";
import type { StakePool } from "../pools";
import type { StakePoolState } from "../queries";

/**
 * Exit: unstake everything and claim in one transaction, then (pools of the wrapped native coin,
 * "Unwrap" on by default) unwrap exactly the stake, so what was staked as AURUM comes back as AURUM.
 * The stake is read again from the chain right before the steps are planned (plan.ts planExit).
 */
export function useExit(
  env: AmmEnv,
  pool: StakePool,
  state: StakePoolState,
  account: Address | undefined,
  onClaimed: (blockNumber: bigint) => void,
) {
  const config = useConfig();
  const tx = useTxSteps(env);
  const f = useFormat();
  const [unwrap, setUnwrap] = useState(true);
  /** The stake the last plan used when it differed from the page's (another tab, a 10 s old read). */
  const [freshStake, setFreshStake] = useState<bigint | null>(null);
  const st = pool.stakingToken;
  const rt = pool.rewardToken;
  const staked = state.account?.staked ?? 0n;
  const native = pool.nativeToken;
  /** Shown before confirming; the rewards part is the live estimate, the toast states what was paid. */
  const receive =
    staked > 0n
      ? unstakePlan({ amount: staked, unwrap, stakingToken: st, nativeToken: native }).receive
      : null;

  const run = async () => {
    if (!account) return false;
    const me = account;
    setFreshStake(null);
    return tx.run(async () => {
      const plan = await planExit({
        shown: staked,
        readStaked: () =>
          readContract(config, {
            address: pool.address,
            abi: stakingRewardsAbi,
            functionName: "balanceOf",
            args: [me],
            chainId: env.chainId,
          }),
        unwrap,
        stakingToken: st,
        nativeToken: native,
      });
      if (plan.changed) setFreshStake(plan.staked);
      const text = f.token(plan.staked, st.decimals, { symbol: st.symbol });
      const paid = (r: TransactionReceipt) =>
        f.token(rewardPaid(r, pool.address, me), rt.decimals, { symbol: rt.symbol });
      return plan.steps.map(
        (id): PlannedStep =>
          id === "exit"
            ? {
                id,
                label: `Unstake all ${text} and claim ${rt.symbol}`,
                address: pool.address,
                abi: stakingRewardsAbi,
                functionName: "exit",
                args: [],
                confirmedText: (r) =>
                  `Unstaked ${f.token(stakeWithdrawn(r, pool.address, me), st.decimals, { symbol: st.symbol })} and claimed ${paid(r)}`,
                onConfirmed: (r) => onClaimed(r.blockNumber),
              }
            : {
                id,
                label: `Unwrap ${text} into ${native?.symbol ?? ""}`,
                address: st.address,
                abi: wrappedNativeAbi,
                functionName: "withdraw",
                args: [plan.staked],
              },
      );
    });
  };

  return { tx, unwrap, setUnwrap, receive, run, canUnwrap: native !== null, freshStake };
}
