import { describe, expect, it } from "vitest";
import { aprPercent, formatCountdown } from "./rewards";

describe("aprPercent", () => {
  const base = {
    rewardRate: 38_580n, // ≈ 100,000 tUSD (6 dp) over 30 days
    rewardDecimals: 6,
    rewardPrice: 1,
    totalStaked: 10_000n * 10n ** 18n,
    stakeDecimals: 18,
    stakePrice: 2,
    periodFinish: 2_000n,
    now: 1_000n,
  };
  it("is yearly reward value over staked value", () => {
    // 0.03858 tUSD/s × 31,536,000 s = 1,216,658.88 $/year over $20,000 staked
    expect(aprPercent(base)).toBeCloseTo(6083.2944, 3);
  });
  it("is 0 after the period and unknown without stake or prices", () => {
    expect(aprPercent({ ...base, now: 2_000n })).toBe(0);
    expect(aprPercent({ ...base, totalStaked: 0n })).toBeNull();
    expect(aprPercent({ ...base, stakePrice: undefined })).toBeNull();
  });
});

describe("formatCountdown", () => {
  it.each([
    [0, "Ended"],
    [-5, "Ended"],
    [59, "0h 00m 59s"],
    [3_725, "1h 02m 05s"],
    [30 * 86_400 - 1, "29d 23h 59m"],
  ])("%i s → %s", (s, text) => expect(formatCountdown(s)).toBe(text));
});
