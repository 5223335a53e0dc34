"use client";

import { stakingRewardsAbi } from "@/chain/generated";
import { Button } from "@/ui";
import { useTxSteps } from "@/web3";
import type { StakeFormProps } from "./StakeForms";

/** Claim the rewards, or exit (unstake everything and claim) in one transaction. */
export function ClaimButtons({ env, pool, state, account, earned }: StakeFormProps & { earned: bigint }) {
  const tx = useTxSteps(env);
  const staked = state.account?.staked ?? 0n;
  const busy = tx.pending ? (tx.steps?.[0]?.id ?? "pending") : null;
  const act = (fn: "getReward" | "exit", label: string) =>
    tx.run([{ id: fn, label, address: pool.address, abi: stakingRewardsAbi, functionName: fn, args: [] }]);
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!account || earned === 0n || Boolean(busy)}
          onClick={() => act("getReward", `Claim ${pool.rewardToken.symbol} rewards`)}
          data-testid="stake-claim"
        >
          {busy === "getReward" ? "Claiming…" : "Claim"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!account || staked === 0n || Boolean(busy)}
          onClick={() => act("exit", `Unstake all ${pool.stakingToken.symbol} and claim`)}
          data-testid="stake-exit"
          title="Unstake everything and claim the rewards in one transaction"
        >
          {busy === "exit" ? "Exiting…" : "Exit"}
        </Button>
      </div>
      {tx.error ? (
        <p role="alert" className="text-xs text-danger">
          {tx.error}
        </p>
      ) : null}
    </div>
  );
}
