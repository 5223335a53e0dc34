import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRead, chainTimeAt, claimed, type EarnedRead, earnedAt, tick } from "./earned-ticker";

const HORIZON = 10;
// 1 reward unit per second for the whole pool; the account holds half of it: 0.5 unit/s → use
// round numbers scaled by 1000 so integer division is exact.
// The contract's state matching `earned` at `blockTime` (rewards booked, nothing accrued since).
const read = (over: Partial<EarnedRead> = {}): EarnedRead => {
  const base = {
    blockNumber: 100n,
    blockTime: 1_000,
    chainNowAtRead: 1_000,
    wallAtReadMs: 5_000_000,
    earned: 10_000n,
    staked: 50n,
    totalSupply: 100n,
    rewardRate: 1_000n,
    periodFinish: 10_000,
    ...over,
  };
  return {
    rewardPerTokenStored: 0n,
    rewardPerTokenRemainder: 0n,
    lastUpdateTime: base.blockTime,
    userRewardPerTokenPaid: 0n,
    rewards: base.earned,
    ...base,
  };
};

describe("earnedAt", () => {
  it("accrues the account's share of the rate from the read's block time", () => {
    const r = read();
    expect(earnedAt(r, r.wallAtReadMs, HORIZON)).toBe(10_000n);
    expect(earnedAt(r, r.wallAtReadMs + 4_000, HORIZON)).toBe(12_000n);
  });

  it("rounds exactly as the contract does (reward per token first), not as a plain rate × time", () => {
    // 250 of 1,000 WAURUM staked, 0.03858 tUSD/s, 777 s: the contract pays 7.494 tUSD, not 7.494165.
    const r = read({
      earned: 0n,
      staked: 250n * 10n ** 18n,
      totalSupply: 1_000n * 10n ** 18n,
      rewardRate: 38_580n,
      periodFinish: 1e9,
    });
    expect(earnedAt(r, r.wallAtReadMs + 777_000, 1e6)).toBe(7_494_000n);
    // Half-way through a second: between the two whole-second values.
    const mid = earnedAt(r, r.wallAtReadMs + 777_500, 1e6);
    expect(mid > 7_494_000n && mid < earnedAt(r, r.wallAtReadMs + 778_000, 1e6)).toBe(true);
  });

  it("includes the pool's carried remainder as the contract does", () => {
    // 100,000 WAURUM staked, 0.03858 tUSD/s: 0.3858 of a reward-per-token unit per second. The
    // remainder carried from earlier updates (0.7 of a unit) completes a unit in the first second.
    const staked = 100_000n * 10n ** 18n;
    const r = read({ earned: 0n, staked, totalSupply: staked, rewardRate: 38_580n, periodFinish: 1e9 });
    const unit = staked / 10n ** 18n;
    expect(earnedAt(r, r.wallAtReadMs + 1_000, 1e6)).toBe(0n);
    expect(
      earnedAt({ ...r, rewardPerTokenRemainder: (staked * 7n) / 10n }, r.wallAtReadMs + 1_000, 1e6),
    ).toBe(unit);
  });

  it("counts the time since the block when the chain mines on demand (latest block is old)", () => {
    // Block mined an hour ago, the chain's clock says now: a claim now pays for the whole hour.
    const r = read({ blockTime: 1_000, chainNowAtRead: 4_600 });
    expect(earnedAt(r, r.wallAtReadMs, HORIZON)).toBe(10_000n + 500n * 3_600n);
  });

  it("uses the chain's clock, not the browser's (skew either way)", () => {
    // The browser is a day ahead of the chain: only the elapsed wall time matters.
    const ahead = read({ chainNowAtRead: 1_002, wallAtReadMs: Date.UTC(2030, 0, 2) });
    expect(chainTimeAt(ahead, ahead.wallAtReadMs + 3_000)).toBe(1_005);
    expect(earnedAt(ahead, ahead.wallAtReadMs + 3_000, HORIZON)).toBe(10_000n + 500n * 5n);
    const behind = read({ chainNowAtRead: 1_002, wallAtReadMs: 0 });
    expect(earnedAt(behind, 3_000, HORIZON)).toBe(10_000n + 500n * 5n);
  });

  it("never runs past the next read: capped at the refetch horizon", () => {
    const r = read();
    const atHorizon = earnedAt(r, r.wallAtReadMs + HORIZON * 1000, HORIZON);
    expect(atHorizon).toBe(10_000n + 500n * BigInt(HORIZON));
    expect(earnedAt(r, r.wallAtReadMs + 3_600_000, HORIZON)).toBe(atHorizon);
  });

  it("stops at the end of the reward period and without a stake", () => {
    const r = read({ periodFinish: 1_002 });
    expect(earnedAt(r, r.wallAtReadMs + 9_000, HORIZON)).toBe(11_000n);
    expect(earnedAt(read({ staked: 0n }), 9e9, HORIZON)).toBe(10_000n);
    expect(earnedAt(read({ totalSupply: 0n, staked: 0n }), 9e9, HORIZON)).toBe(10_000n);
    expect(earnedAt(read({ blockTime: 20_000 }), 9e9, HORIZON)).toBe(10_000n);
  });

  it("does not go below the read when the browser clock goes back", () => {
    const r = read();
    expect(earnedAt(r, r.wallAtReadMs - 60_000, HORIZON)).toBe(10_000n);
  });
});

describe("the counter", () => {
  it("does not fall back on a refetch of the same block (the reported bug)", () => {
    // An idle chain: every refetch reads the same old block; the counter keeps climbing.
    const first = read({ chainNowAtRead: 1_000 });
    let t = applyRead(undefined, first, first.wallAtReadMs, HORIZON);
    t = tick(t, first.wallAtReadMs + 9_000, HORIZON);
    expect(t.shown).toBe(14_500n);
    const again = read({ chainNowAtRead: 1_010, wallAtReadMs: first.wallAtReadMs + 10_000 });
    t = applyRead(t, again, again.wallAtReadMs, HORIZON);
    expect(t.shown).toBe(15_000n);
    t = tick(t, again.wallAtReadMs + 2_000, HORIZON);
    expect(t.shown).toBe(16_000n);
  });

  it("holds instead of going back when a read comes in lower than shown", () => {
    // Another staker joined: the account's share of the rate halves, the estimate drops a bit.
    const first = read();
    let t = applyRead(undefined, first, first.wallAtReadMs, HORIZON);
    t = tick(t, first.wallAtReadMs + 10_000, HORIZON);
    expect(t.shown).toBe(15_000n);
    const slower = read({
      blockNumber: 101n,
      blockTime: 1_008,
      chainNowAtRead: 1_008,
      wallAtReadMs: first.wallAtReadMs + 10_000,
      earned: 14_000n,
      totalSupply: 200n,
    });
    t = applyRead(t, slower, slower.wallAtReadMs, HORIZON);
    expect(t.shown).toBe(15_000n);
    t = tick(t, slower.wallAtReadMs + 2_000, HORIZON);
    expect(t.shown).toBe(15_000n);
    t = tick(t, slower.wallAtReadMs + 8_000, HORIZON);
    expect(t.shown).toBe(16_000n);
  });

  it("ignores a read older than the one it holds", () => {
    const newer = read({ blockNumber: 105n, earned: 20_000n });
    const t = applyRead(undefined, newer, newer.wallAtReadMs, HORIZON);
    expect(applyRead(t, read({ blockNumber: 104n }), newer.wallAtReadMs, HORIZON)).toBe(t);
  });

  it("resets to 0 after our claim and restarts from the first read at or after the claim block", () => {
    const r = read();
    let t = tick(applyRead(undefined, r, r.wallAtReadMs, HORIZON), r.wallAtReadMs + 5_000, HORIZON);
    expect(t.shown).toBe(12_500n);
    t = claimed(t, 110n);
    expect(t.shown).toBe(0n);
    expect(tick(t, r.wallAtReadMs + 9_000, HORIZON).shown).toBe(0n);
    // The refetch raced the claim and still read block 100: ignored.
    expect(
      applyRead(t, read({ wallAtReadMs: r.wallAtReadMs + 6_000 }), r.wallAtReadMs + 6_000, HORIZON),
    ).toBe(t);
    const after = read({
      blockNumber: 110n,
      blockTime: 1_006,
      chainNowAtRead: 1_006,
      wallAtReadMs: r.wallAtReadMs + 6_000,
      earned: 0n,
    });
    t = applyRead(t, after, after.wallAtReadMs, HORIZON);
    expect(t.shown).toBe(0n);
    expect(t.claimedAtBlock).toBeUndefined();
    expect(tick(t, after.wallAtReadMs + 2_000, HORIZON).shown).toBe(1_000n);
  });

  it("resets when the chain's earned dropped between reads (a claim in another tab)", () => {
    const r = read({ earned: 50_000n });
    let t = applyRead(undefined, r, r.wallAtReadMs, HORIZON);
    const paid = read({ blockNumber: 101n, blockTime: 1_002, chainNowAtRead: 1_002, earned: 0n });
    t = applyRead(t, paid, paid.wallAtReadMs, HORIZON);
    expect(t.shown).toBe(0n);
  });

  it("is monotonic and never ahead of the horizon whatever the reads and ticks (property)", () => {
    const step = fc.record({
      kind: fc.constantFrom("tick", "read"),
      wallMs: fc.integer({ min: 0, max: 20_000 }),
      blocks: fc.integer({ min: 0, max: 3 }),
      drift: fc.integer({ min: -2, max: 2 }),
      totalSupply: fc.bigInt({ min: 50n, max: 1_000n }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let wall = 1_000_000;
        let chain = 1_000;
        let block = 1n;
        let earned = 0n;
        let r = read({
          blockNumber: block,
          blockTime: chain,
          chainNowAtRead: chain,
          wallAtReadMs: wall,
          earned,
        });
        let t = applyRead(undefined, r, wall, HORIZON);
        for (const s of steps) {
          const before = t.shown;
          wall += s.wallMs;
          chain = Math.max(chain, chain + Math.round(s.wallMs / 1000) + s.drift);
          if (s.kind === "tick") {
            t = tick(t, wall, HORIZON);
          } else {
            // A new block with what the contract would have accrued since the last one.
            if (s.blocks > 0) {
              earned += (r.staked * r.rewardRate * BigInt(chain - r.blockTime)) / r.totalSupply;
              block += BigInt(s.blocks);
            }
            r = read({
              blockNumber: block,
              blockTime: s.blocks > 0 ? chain : r.blockTime,
              chainNowAtRead: chain,
              wallAtReadMs: wall,
              earned,
              totalSupply: s.totalSupply,
            });
            t = applyRead(t, r, wall, HORIZON);
          }
          if (t.shown < before) return false;
          const ceiling =
            t.read.earned +
            (t.read.staked *
              t.read.rewardRate *
              BigInt(Math.ceil(t.read.chainNowAtRead + HORIZON - t.read.blockTime))) /
              t.read.totalSupply;
          if (t.shown > ceiling && t.shown > before) return false;
        }
        return true;
      }),
    );
  });
});
