/**
 * Staking maths for display (Synthetix StakingRewards semantics): APR from the reward rate and pool
 * prices, and the period countdown (the live Earned counter is earned-ticker.ts). Pure.
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
