import { type Address, parseEventLogs, type TransactionReceipt } from "viem";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";

/**
 * Which wallet calls a stake or an unstake takes, and what the receipts say was paid. Pure, so the
 * forms' plans are unit-tested without a wallet (plan.test.ts).
 */
export type StakeStepId = "wrap" | "approve" | "stake";

/** The steps a stake needs: wrap native first (WAURUM pool), approve the exact shortfall, stake. */
export function stakeSteps(opts: { fromNative: boolean; allowance: bigint; amount: bigint }): StakeStepId[] {
  const steps: StakeStepId[] = [];
  if (opts.fromNative) steps.push("wrap");
  if (opts.allowance < opts.amount) steps.push("approve");
  steps.push("stake");
  return steps;
}

export type UnstakeStepId = "withdraw" | "unwrap";

export type UnstakePlan = {
  steps: UnstakeStepId[];
  /** What arrives in the wallet: exactly the amount withdrawn, as the native coin when unwrapped. */
  receive: { amount: bigint; symbol: string; decimals: number };
};

/**
 * Unstake, then (pools of the wrapped native coin, when asked) unwrap exactly the amount withdrawn:
 * `withdraw(amount)` always transfers `amount` of the staking token (StakingRewards._withdraw), and
 * the wrapped token burns 1:1 into the native coin (WrappedNative.withdraw).
 */
export function unstakePlan(opts: {
  amount: bigint;
  unwrap: boolean;
  stakingToken: { symbol: string; decimals: number };
  nativeToken: { symbol: string; decimals: number } | null;
}): UnstakePlan {
  if (opts.amount <= 0n) throw new RangeError("unstake amount must be positive");
  const unwrap = opts.unwrap && opts.nativeToken !== null;
  const token = unwrap && opts.nativeToken ? opts.nativeToken : opts.stakingToken;
  return {
    steps: unwrap ? ["withdraw", "unwrap"] : ["withdraw"],
    receive: { amount: opts.amount, symbol: token.symbol, decimals: token.decimals },
  };
}

/** Sum of one staking event for `user` emitted by `pool` in a receipt (other contracts' logs are ignored). */
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The rewards a claim (or exit) paid, from the pool's RewardPaid event: not the on-screen estimate. */
export function rewardPaid(receipt: Pick<TransactionReceipt, "logs">, pool: Address, user: Address): bigint {
  return parseEventLogs({ abi: stakingRewardsAbi, eventName: "RewardPaid", logs: receipt.logs })
    .filter((l) => same(l.address, pool) && same(l.args.user, user))
    .reduce((sum, l) => sum + l.args.reward, 0n);
}

/** The stake an exit (or withdraw) returned, from the pool's Withdrawn event. */
export function stakeWithdrawn(
  receipt: Pick<TransactionReceipt, "logs">,
  pool: Address,
  user: Address,
): bigint {
  return parseEventLogs({ abi: stakingRewardsAbi, eventName: "Withdrawn", logs: receipt.logs })
    .filter((l) => same(l.address, pool) && same(l.args.user, user))
    .reduce((sum, l) => sum + l.args.amount, 0n);
}

/** Native coin an unwrap released, from the wrapped token's Withdrawal event. */
export function unwrapped(receipt: Pick<TransactionReceipt, "logs">, token: Address, user: Address): bigint {
  return parseEventLogs({ abi: wrappedNativeAbi, eventName: "Withdrawal", logs: receipt.logs })
    .filter((l) => same(l.address, token) && same(l.args.src, user))
    .reduce((sum, l) => sum + l.args.wad, 0n);
}
