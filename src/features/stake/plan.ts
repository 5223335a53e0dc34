import { type Address, parseEventLogs, type TransactionReceipt } from "viem";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";

/**
 * Which wallet calls a stake or an unstake takes, and what the receipts say was paid. Pure, so the
 * forms' plans are unit-tested without a wallet (plan.test.ts).
 */
export type StakeStepId = "wrap" | "approve" | "stake";

/**
 * The steps a stake needs: wrap native first (WAURUM pool), approve the exact shortfall, stake.
 * `confirmed`: the steps an earlier attempt of this very request already got mined (use-resume.ts),
 * which a retry must not ask again (a second wrap would wrap the amount twice).
 */
export function stakeSteps(opts: {
  fromNative: boolean;
  allowance: bigint;
  amount: bigint;
  confirmed?: readonly string[];
}): StakeStepId[] {
  const steps: StakeStepId[] = [];
  if (opts.fromNative) steps.push("wrap");
  if (opts.allowance < opts.amount) steps.push("approve");
  steps.push("stake");
  return steps.filter((id) => !opts.confirmed?.includes(id));
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
 * the wrapped token burns 1:1 into the native coin (WrappedNative.withdraw). `confirmed`: the steps an
 * earlier attempt of this very request already got mined, left out so a retry after a rejected
 * unwrap does not unstake the amount a second time.
 */
export function unstakePlan(opts: {
  amount: bigint;
  unwrap: boolean;
  stakingToken: { symbol: string; decimals: number };
  nativeToken: { symbol: string; decimals: number } | null;
  confirmed?: readonly string[];
}): UnstakePlan {
  if (opts.amount <= 0n) throw new RangeError("unstake amount must be positive");
  const unwrap = opts.unwrap && opts.nativeToken !== null;
  const token = unwrap && opts.nativeToken ? opts.nativeToken : opts.stakingToken;
  const steps: UnstakeStepId[] = unwrap ? ["withdraw", "unwrap"] : ["withdraw"];
  return {
    steps: steps.filter((id) => !opts.confirmed?.includes(id)),
    receive: { amount: opts.amount, symbol: token.symbol, decimals: token.decimals },
  };
}

type ExitStepId = "exit" | "unwrap";

type ExitPlan = {
  steps: ExitStepId[];
  receive: UnstakePlan["receive"];
  /** The stake the plan was made for: exit() withdraws exactly this (StakingRewards._withdraw). */
  staked: bigint;
  /** True when the fresh read differs from what the page showed: the plan follows the chain. */
  changed: boolean;
};

/** Said when the account has nothing left to exit (e.g. another tab exited first). */
export const NOTHING_STAKED = "You have nothing staked in this pool any more";

/**
 * Exit (withdraw everything and claim) and, for pools of the wrapped native coin when asked, unwrap
 * exactly the stake. `exit()` withdraws the account's whole `balanceOf` at that moment, so the
 * unwrap amount is that balance: it is read again just before planning (`readStaked`), because an
 * amount from a 10-second-old read could exceed what exit returns and the unwrap would revert.
 */
export async function planExit(opts: {
  /** The stake as the page showed it when the user confirmed. */
  shown: bigint;
  readStaked: () => Promise<bigint>;
  unwrap: boolean;
  stakingToken: { symbol: string; decimals: number };
  nativeToken: { symbol: string; decimals: number } | null;
}): Promise<ExitPlan> {
  const staked = await opts.readStaked();
  if (staked <= 0n) throw new RangeError(NOTHING_STAKED);
  const { steps, receive } = unstakePlan({ ...opts, amount: staked });
  return {
    steps: steps.map((id) => (id === "withdraw" ? "exit" : id)),
    receive,
    staked,
    changed: staked !== opts.shown,
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
