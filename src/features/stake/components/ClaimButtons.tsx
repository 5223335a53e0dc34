"use client";

import type { TransactionReceipt } from "viem";
import { stakingRewardsAbi } from "@/chain/generated";
import { useFormat } from "@/lib/locale";
import { Button } from "@/ui";
import { useTxSteps } from "@/web3";
import { rewardPaid, stakeWithdrawn } from "../plan";
import type { StakeFormProps } from "./StakeForms";

/**
 * Claim the rewards, or exit (unstake everything and claim) in one transaction. The toast states
 * what the receipt's events say was paid (not the on-screen estimate), and the Earned counter is
 * reset from the claim's block on (`onClaimed`).
 */
export function ClaimButtons({
  env,
  pool,
  state,
  account,
  earned,
  onClaimed,
}: StakeFormProps & { earned: bigint; onClaimed: (blockNumber: bigint) => void }) {
  const tx = useTxSteps(env);
  const f = useFormat();
  const staked = state.account?.staked ?? 0n;
  const busy = tx.pending ? (tx.steps?.[0]?.id ?? "pending") : null;
  const rt = pool.rewardToken;
  const st = pool.stakingToken;
  const reward = (r: TransactionReceipt) =>
    account ? f.token(rewardPaid(r, pool.address, account), rt.decimals, { symbol: rt.symbol }) : "";
  const act = (fn: "getReward" | "exit", label: string, confirmedText: (r: TransactionReceipt) => string) =>
    tx.run([
      {
        id: fn,
        label,
        address: pool.address,
        abi: stakingRewardsAbi,
        functionName: fn,
        args: [],
        confirmedText,
        onConfirmed: (r) => onClaimed(r.blockNumber),
      },
    ]);
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!account || earned === 0n || Boolean(busy)}
          onClick={() => act("getReward", `Claim ${rt.symbol} rewards`, (r) => `Claimed ${reward(r)}`)}
          data-testid="stake-claim"
        >
          {busy === "getReward" ? "Claiming…" : "Claim"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!account || staked === 0n || Boolean(busy)}
          onClick={() =>
            act(
              "exit",
              `Unstake all ${st.symbol} and claim`,
              (r) =>
                `Unstaked ${account ? f.token(stakeWithdrawn(r, pool.address, account), st.decimals, { symbol: st.symbol }) : ""} and claimed ${reward(r)}`,
            )
          }
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
