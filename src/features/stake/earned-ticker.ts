/**
 * The live "Earned" counter between two on-chain reads (StakingRewards `earned(account)`). Pure.
 *
 * Why it is more than `earned + rate × (Date.now() − fetchedAt)`: that version restarted from the
 * read value on every refetch, and on a chain that mines only on demand (Anvil) the latest block is
 * minutes old, so each refetch put the counter back (0.377 → 0.018) and it never matched what a claim
 * paid. Here:
 * - Each read is pinned to one block (`blockTime`) and carries the chain's clock at the moment of the
 *   read (`chainNowAtRead`, the pending block's timestamp) with the browser clock then: the chain's
 *   offset from the wall clock is measured, never assumed to be zero.
 * - The value is what the contract's `earned()` would return at the chain's current time: its own
 *   formula on the pool's reward-per-token state (exact at whole seconds, the chain's resolution),
 *   linear between two seconds so the counter moves smoothly.
 * - It never runs past the next read: extrapolation stops `horizonSeconds` (the refetch interval)
 *   after the read, so a late or failed refetch freezes the counter instead of inventing rewards.
 * - It never decreases, except after a claim (the only thing that lowers `earned` on chain):
 *   either our own claim (`claimed`) or an on-chain drop between two reads (a claim elsewhere).
 */

/** One read of a staker's position, every value taken at the same block. */
export type EarnedRead = {
  blockNumber: bigint;
  /** Timestamp of the block the values were read at, seconds. */
  blockTime: number;
  /** The chain's clock when the read returned (pending block timestamp; ≥ blockTime), seconds. */
  chainNowAtRead: number;
  /** The browser's clock when the read returned, ms. */
  wallAtReadMs: number;
  /** `earned(account)` at the block. */
  earned: bigint;
  staked: bigint;
  totalSupply: bigint;
  /** Reward base units per second for the whole pool. */
  rewardRate: bigint;
  periodFinish: number;
  /** The contract's accounting state at the block (StakingRewards.sol: rewardPerToken, earned). */
  rewardPerTokenStored: bigint;
  lastUpdateTime: number;
  userRewardPerTokenPaid: bigint;
  rewards: bigint;
  /**
   * `rewardPerTokenRemainder()` at the block: the pool's carried division remainder, which the next
   * unit of reward per token includes: earned() counts it, so the counter does too.
   */
  rewardPerTokenRemainder: bigint;
};

const PRECISION = 10n ** 18n;

export type EarnedTicker = {
  read: EarnedRead;
  /** What the counter shows. */
  shown: bigint;
  /** After our own claim: reads from blocks before this one are stale, the counter waits at 0. */
  claimedAtBlock?: bigint;
};

/** The chain's time at a browser moment: it runs at wall speed from the offset measured at the read. */
export function chainTimeAt(read: EarnedRead, wallMs: number): number {
  return read.chainNowAtRead + (wallMs - read.wallAtReadMs) / 1000;
}

/** StakingRewards.earned() at whole second `t` (t ≥ the read's block time), from the read's state. */
function earnedAtSecond(read: EarnedRead, t: number): bigint {
  const applicable = BigInt(Math.min(t, read.periodFinish));
  const since = applicable - BigInt(read.lastUpdateTime);
  const accrued = since > 0n ? since * read.rewardRate * PRECISION : 0n;
  const rpt = read.rewardPerTokenStored + (accrued + read.rewardPerTokenRemainder) / read.totalSupply;
  return (read.staked * (rpt - read.userRewardPerTokenPaid)) / PRECISION + read.rewards;
}

/** `earned(account)` at the chain time matching `wallMs`, capped `horizonSeconds` after the read. */
export function earnedAt(read: EarnedRead, wallMs: number, horizonSeconds: number): bigint {
  if (read.staked === 0n || read.totalSupply === 0n || read.rewardRate === 0n) return read.earned;
  const until = Math.min(
    chainTimeAt(read, wallMs),
    read.chainNowAtRead + Math.max(0, horizonSeconds),
    read.periodFinish,
  );
  if (!(until > read.blockTime)) return read.earned;
  const whole = Math.floor(until);
  const low = earnedAtSecond(read, whole);
  const fraction = until - whole;
  const value =
    fraction > 0
      ? low + ((earnedAtSecond(read, whole + 1) - low) * BigInt(Math.floor(fraction * 1000))) / 1000n
      : low;
  // The read itself is the floor: rounding never shows less than the chain already said.
  return value > read.earned ? value : read.earned;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** Takes a new read into the counter. */
export function applyRead(
  prev: EarnedTicker | undefined,
  read: EarnedRead,
  wallMs: number,
  horizonSeconds: number,
): EarnedTicker {
  const estimate = earnedAt(read, wallMs, horizonSeconds);
  if (!prev) return { read, shown: estimate };
  if (prev.claimedAtBlock !== undefined) {
    // A read from before our claim still includes what was just paid out: ignore it.
    if (read.blockNumber < prev.claimedAtBlock) return prev;
    return { read, shown: estimate };
  }
  // A read older than the one we hold (responses can arrive out of order) adds nothing.
  if (read.blockNumber < prev.read.blockNumber) return prev;
  // `earned` only ever drops on chain when it is paid out: a claim from another tab or device.
  if (read.earned < prev.read.earned) return { read, shown: estimate };
  return { read, shown: max(prev.shown, estimate) };
}

/** Advances the counter to `wallMs` (called on every animation tick). */
export function tick(t: EarnedTicker, wallMs: number, horizonSeconds: number): EarnedTicker {
  if (t.claimedAtBlock !== undefined) return t;
  const next = max(t.shown, earnedAt(t.read, wallMs, horizonSeconds));
  return next === t.shown ? t : { ...t, shown: next };
}

/** Our claim confirmed in `blockNumber`: show 0 until a read from that block on arrives. */
export function claimed(t: EarnedTicker, blockNumber: bigint): EarnedTicker {
  return { ...t, shown: 0n, claimedAtBlock: blockNumber };
}
