"use client";

import type { TransactionReceipt } from "viem";
import { stakingRewardsAbi } from "@/chain/generated";
import { useFormat } from "@/lib/locale";
import { Button } from "@/ui";
import { useTxSteps } from "@/web3";
import { rewardPaid } from "../plan";
import type { StakeFormProps } from "./StakeForms";

/**
 * Claim the rewards, or open the Exit confirmation (ExitPanel: unstake everything and claim, then
 * unwrap). The claim toast states what the receipt's RewardPaid event says was paid (not the
 * on-screen estimate), and the Earned counter is reset from the claim's block on (`onClaimed`).
 */
/** The Exit button's id: focus returns there when its confirmation is cancelled. */
export const exitButtonId = (poolId: string) => `stake-exit-${poolId}`;

export function ClaimButtons({
  env,
  pool,
  state,
  account,
  earned,
  onClaimed,
  exitOpen,
  onToggleExit,
  exitRunning = false,
  unwrapLeft = false,
}: StakeFormProps & {
  earned: bigint;
  onClaimed: (blockNumber: bigint) => void;
  exitOpen: boolean;
  onToggleExit: () => void;
  /** The Exit panel's steps run: closing it would unmount them (a second exit could then be sent). */
  exitRunning?: boolean;
  /** An exit confirmed but its unwrap did not: the stake reads 0, yet the panel has that unwrap to offer. */
  unwrapLeft?: boolean;
}) {
  const tx = useTxSteps(env);
  const f = useFormat();
  const staked = state.account?.staked ?? 0n;
  const busy = tx.pending;
  const rt = pool.rewardToken;
  const claim = () =>
    tx.run([
      {
        id: "getReward",
        label: `Claim ${rt.symbol} rewards`,
        address: pool.address,
        abi: stakingRewardsAbi,
        functionName: "getReward",
        args: [],
        confirmedText: (r: TransactionReceipt) =>
          `Claimed ${account ? f.token(rewardPaid(r, pool.address, account), rt.decimals, { symbol: rt.symbol }) : ""}`,
        onConfirmed: (r) => onClaimed(r.blockNumber),
      },
    ]);
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          // While the Exit confirmation is open, Exit claims too: one way at a time.
          disabled={!account || earned === 0n || busy || exitOpen}
          onClick={claim}
          data-testid="stake-claim"
        >
          {busy ? "Claiming…" : "Claim"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!account || (staked === 0n && !exitOpen && !unwrapLeft) || busy || exitRunning}
          id={exitButtonId(pool.id)}
          onClick={onToggleExit}
          aria-expanded={exitOpen}
          aria-controls={exitOpen ? `stake-exit-panel-${pool.id}` : undefined}
          data-testid="stake-exit"
          title="Unstake everything and claim the rewards in one transaction"
        >
          Exit
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
