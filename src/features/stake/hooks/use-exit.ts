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
import { type ResumeMemory, useResume, useResumeMemory } from "./use-resume";

/** The stake an exit withdrew while its unwrap was still to come (the request of its resume memory). */
export type ExitMemory = ResumeMemory<bigint>;

const exitKey = (account: Address) => `${account}:exit`;

/**
 * The staking token a confirmed exit of `account` returned and whose unwrap did not confirm (a
 * rejected unwrap): the stake then reads 0, and only this memory knows what is left to unwrap.
 */
export function unwrapLeft(memory: ExitMemory[0], pool: StakePool, account: Address | undefined) {
  return pool.nativeToken !== null &&
    account !== undefined &&
    memory?.key === exitKey(account) &&
    memory.confirmed.includes("exit")
    ? memory.request
    : null;
}

/**
 * Exit: unstake everything and claim in one transaction, then (pools of the wrapped native coin,
 * "Unwrap" on by default) unwrap exactly the stake, so what was staked as AURUM comes back as AURUM.
 * The stake is read again from the chain right before the steps are planned (plan.ts planExit).
 * After a rejected unwrap, the next run is that unwrap only (`toUnwrap`), as in the unstake form;
 * `memory` is the card's, so it outlives the panel (use-resume.ts).
 */
export function useExit(
  env: AmmEnv,
  pool: StakePool,
  state: StakePoolState,
  account: Address | undefined,
  onClaimed: (blockNumber: bigint) => void,
  memory?: ExitMemory,
) {
  const config = useConfig();
  const tx = useTxSteps(env);
  const f = useFormat();
  const own = useResumeMemory<bigint>();
  const store = memory ?? own;
  const resume = useResume(tx, store);
  const [unwrap, setUnwrap] = useState(true);
  /** The stake the last plan used when it differed from the page's (another tab, a 10 s old read). */
  const [freshStake, setFreshStake] = useState<bigint | null>(null);
  const st = pool.stakingToken;
  const rt = pool.rewardToken;
  const staked = state.account?.staked ?? 0n;
  const native = pool.nativeToken;
  const toUnwrap = unwrapLeft(store[0], pool, account);
  /** Shown before confirming; the rewards part is the live estimate, the toast states what was paid. */
  const receive =
    staked > 0n
      ? unstakePlan({ amount: staked, unwrap, stakingToken: st, nativeToken: native }).receive
      : null;

  const unwrapStep = (amount: bigint): PlannedStep => ({
    id: "unwrap",
    label: `Unwrap ${f.token(amount, st.decimals, { symbol: st.symbol })} into ${native?.symbol ?? ""}`,
    address: st.address,
    abi: wrappedNativeAbi,
    functionName: "withdraw",
    args: [amount],
  });

  const exitSteps = async (me: Address): Promise<PlannedStep[]> => {
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
    const steps = plan.steps.map(
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
          : unwrapStep(plan.staked),
    );
    if (!plan.steps.includes("unwrap")) return steps;
    // Remembered only when an unwrap follows: that is the step a rejection would leave undone.
    resume.start(exitKey(me), plan.staked);
    return resume.track(exitKey(me), steps);
  };

  const run = async () => {
    if (!account) return false;
    const me = account;
    setFreshStake(null);
    const left = toUnwrap;
    const done = await tx.run(
      left === null ? () => exitSteps(me) : resume.track(exitKey(me), [unwrapStep(left)]),
    );
    if (done) resume.forget();
    return done;
  };

  return {
    tx,
    unwrap,
    setUnwrap: resume.editing(setUnwrap),
    receive,
    toUnwrap,
    run,
    canUnwrap: native !== null,
    freshStake,
  };
}
