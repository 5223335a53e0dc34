/**
 * Staking maths for display (Synthetix StakingRewards semantics): APR from the reward rate and pool
 * prices, earned rewards interpolated between reads, and the period countdown. Pure.
 */
export const SECONDS_PER_YEAR = 365n * 24n * 3600n;

export type AprInput = {
  rewardRate: bigint; // reward base units per second, whole pool
  rewardDecimals: number;
  rewardPrice: number | undefined; // USD per whole reward token
  totalStaked: bigint;
  stakeDecimals: number;
  stakePrice: number | undefined; // USD per whole staking token
  periodFinish: bigint;
  now: bigint; // chain time, seconds
};

/**
 * Yearly rewards value over staked value, in percent. null when it cannot be known (no prices) or
 * is unbounded (nothing staked yet); 0 once the reward period has ended.
 */
export function aprPercent(i: AprInput): number | null {
  if (i.now >= i.periodFinish || i.rewardRate === 0n) return 0;
  if (i.rewardPrice === undefined || i.stakePrice === undefined) return null;
  if (i.totalStaked === 0n || i.stakePrice === 0) return null;
  const yearly = (Number(i.rewardRate * SECONDS_PER_YEAR) / 10 ** i.rewardDecimals) * i.rewardPrice;
  const staked = (Number(i.totalStaked) / 10 ** i.stakeDecimals) * i.stakePrice;
  return (yearly / staked) * 100;
}

export type EarnedInput = {
  earned: bigint; // earned(account) as read
  balance: bigint; // the account's stake
  totalSupply: bigint;
  rewardRate: bigint;
  periodFinish: bigint;
  readAt: bigint; // chain time of the read, seconds
  now: number; // chain time now, seconds (fractional: the counter ticks smoothly)
};

/** earned(account) at `now`, extrapolated from the last read the way the contract accrues it. */
export function interpolateEarned(i: EarnedInput): bigint {
  if (i.balance === 0n || i.totalSupply === 0n) return i.earned;
  const until = Math.min(i.now, Number(i.periodFinish));
  const from = Math.min(Number(i.readAt), Number(i.periodFinish));
  if (until <= from) return i.earned;
  const elapsedMs = BigInt(Math.floor((until - from) * 1000));
  return i.earned + (i.balance * i.rewardRate * elapsedMs) / (i.totalSupply * 1000n);
}

/** "29d 23h 59m", "5h 03m 09s", "Ended". */
export function formatCountdown(seconds: number): string {
  if (seconds <= 0) return "Ended";
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${d}d ${h}h ${pad(m)}m`;
  return `${h}h ${pad(m)}m ${pad(sec)}s`;
}

export type StakeStepId = "wrap" | "approve" | "stake";

/** The steps a stake needs: wrap native first (WAURUM pool), approve the exact shortfall, stake. */
export function stakeSteps(opts: { fromNative: boolean; allowance: bigint; amount: bigint }): StakeStepId[] {
  const steps: StakeStepId[] = [];
  if (opts.fromNative) steps.push("wrap");
  if (opts.allowance < opts.amount) steps.push("approve");
  steps.push("stake");
  return steps;
}
