import fc from "fast-check";
import { type Address, encodeFunctionData, type Hex, maxUint256, parseUnits } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  stakingRewardsAbi,
  stakingRewardsBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "../../src/chain/generated";
import {
  feeOnTransferTokenAbi,
  feeOnTransferTokenBytecode,
  reentrantTokenAbi,
  reentrantTokenBytecode,
} from "../../src/chain/generated/mocks";
import { type Chainish, expectRevert, startChain } from "./lib/harness";

const DURATION = 1000n;
const REWARD = parseUnits("1000", 6); // 1 tUSD-like unit per second
const RATE = REWARD / DURATION;
const ONE = 10n ** 18n;
const USERS = [1, 2, 3] as const;

let c: Chainish;
let owner: Address;
let S: Address; // staking token
let R: Address; // rewards token
let staking: Address;
let snap: Hex;

const bal = (token: Address, who: Address) => c.read<bigint>(token, testTokenAbi, "balanceOf", [who]);
const earned = (who: Address) => c.read<bigint>(staking, stakingRewardsAbi, "earned", [who]);
const addr = (i: number) => c.accounts[i]!.address;
const at = async (t: bigint) => c.nextAt(t);

async function newStaking(
  rewardsToken: Address,
  stakingToken: Address,
  duration = DURATION,
): Promise<Address> {
  const s = await c.deploy(stakingRewardsAbi, stakingRewardsBytecode, [
    owner,
    rewardsToken,
    stakingToken,
    duration,
  ]);
  await c.write(rewardsToken, testTokenAbi, "approve", [s, maxUint256]);
  for (const u of USERS) await c.write(stakingToken, testTokenAbi, "approve", [s, maxUint256], { from: u });
  return s;
}

beforeAll(async () => {
  c = await startChain();
  owner = addr(0);
  S = await c.deploy(testTokenAbi, testTokenBytecode, ["Stake", "STK", 18, owner]);
  R = await c.deploy(testTokenAbi, testTokenBytecode, ["Reward", "RWD", 6, owner]);
  await c.write(R, testTokenAbi, "mint", [owner, parseUnits("1000000000", 6)]);
  for (const u of USERS) await c.write(S, testTokenAbi, "mint", [addr(u), 1_000_000n * ONE]);
  staking = await newStaking(R, S);
});
afterAll(() => c?.stop());
beforeEach(async () => {
  snap = await c.snapshot();
});
afterEach(async () => {
  await c.revert(snap);
});

describe("StakingRewards accrual", () => {
  it("a lone staker earns the whole period's rewards, paid by getReward", async () => {
    const t = (await c.now()) + 10n;
    await at(t);
    await c.write(staking, stakingRewardsAbi, "stake", [ONE], { from: 1 });
    await at(t + 1n);
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
    expect(await c.read(staking, stakingRewardsAbi, "rewardRate")).toBe(RATE);
    expect(await c.read(staking, stakingRewardsAbi, "periodFinish")).toBe(t + 1n + DURATION);
    await c.mineAt(t + 1n + 250n);
    expect(await earned(addr(1))).toBe(RATE * 250n);
    // Time jumps past the end accrue nothing more.
    await c.test.increaseTime({ seconds: 5000 });
    await c.test.mine({ blocks: 1 });
    expect(await earned(addr(1))).toBe(REWARD);
    await c.write(staking, stakingRewardsAbi, "getReward", [], { from: 1 });
    expect(await bal(R, addr(1))).toBe(REWARD);
    expect(await earned(addr(1))).toBe(0n);
  });

  it("splits by stake × time across joins and leaves, rounding down", async () => {
    const t = (await c.now()) + 10n;
    await at(t);
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
    await at(t + 1n);
    await c.write(staking, stakingRewardsAbi, "stake", [ONE], { from: 1 });
    await at(t + 401n);
    await c.write(staking, stakingRewardsAbi, "stake", [2n * ONE], { from: 2 });
    await at(t + 701n);
    await c.write(staking, stakingRewardsAbi, "withdraw", [ONE], { from: 2 });
    await c.mineAt(t + 2000n);
    // Exact shares: [t+1,t+401) alone; [t+401,t+701) 1:2; [t+701,t+1000) 1:1. First second: nobody.
    const exact1 = RATE * 400n + (RATE * 300n) / 3n + (RATE * 299n) / 2n;
    const exact2 = (RATE * 300n * 2n) / 3n + (RATE * 299n) / 2n;
    const e1 = await earned(addr(1));
    const e2 = await earned(addr(2));
    expect(e1).toBeLessThanOrEqual(exact1);
    expect(e2).toBeLessThanOrEqual(exact2);
    expect(exact1 - e1).toBeLessThanOrEqual(1n);
    expect(exact2 - e2).toBeLessThanOrEqual(1n);
    // The first second nobody was staked is not lost.
    expect(await c.read(staking, stakingRewardsAbi, "undistributedRewards")).toBe(RATE);
  });

  it("rewards accrued while nobody stakes are recoverable by the owner or carried into the next period", async () => {
    const t = (await c.now()) + 10n;
    await at(t);
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
    await at(t + 600n);
    await c.write(staking, stakingRewardsAbi, "stake", [ONE], { from: 1 });
    await c.mineAt(t + DURATION + 1n);
    expect(await earned(addr(1))).toBe(RATE * 400n);
    expect(await c.read(staking, stakingRewardsAbi, "undistributedRewards")).toBe(RATE * 600n);

    const snapCarry = await c.snapshot();
    // Carry: a new period of REWARD also pays out the 600 s nobody claimed.
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
    expect(await c.read(staking, stakingRewardsAbi, "rewardRate")).toBe((REWARD + RATE * 600n) / DURATION);
    expect(await c.read(staking, stakingRewardsAbi, "undistributedRewards")).toBe(0n);
    await c.revert(snapCarry);

    // Recover: the owner takes exactly the unallocated part, never the staker's accrued rewards.
    await expectRevert(
      c.write(staking, stakingRewardsAbi, "recoverUndistributedRewards", [addr(1)], { from: 1 }),
      "OwnableUnauthorizedAccount",
    );
    const before = await bal(R, owner);
    await c.write(staking, stakingRewardsAbi, "recoverUndistributedRewards", [owner]);
    expect((await bal(R, owner)) - before).toBe(RATE * 600n);
    await c.write(staking, stakingRewardsAbi, "exit", [], { from: 1 });
    expect(await bal(R, addr(1))).toBe(RATE * 400n);
    expect(await bal(R, staking)).toBe(0n);
    expect(await bal(S, addr(1))).toBe(1_000_000n * ONE);
  });

  it("topping up mid-period adds the unpaid remainder to the new period", async () => {
    const t = (await c.now()) + 10n;
    await at(t);
    await c.write(staking, stakingRewardsAbi, "stake", [ONE], { from: 1 });
    await at(t + 1n);
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
    await at(t + 501n);
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
    expect(await c.read(staking, stakingRewardsAbi, "rewardRate")).toBe((REWARD + RATE * 500n) / DURATION);
    await c.mineAt(t + 5000n);
    expect(await earned(addr(1))).toBe(2n * REWARD);
  });

  it("the sum paid never exceeds what was funded (random stake/withdraw/claim/time sequences)", async () => {
    const action = fc.oneof(
      fc.record({
        kind: fc.constant("stake" as const),
        user: fc.constantFrom(...USERS),
        amount: fc.bigInt({ min: 1n, max: 1000n * ONE }),
      }),
      fc.record({
        kind: fc.constant("withdraw" as const),
        user: fc.constantFrom(...USERS),
        frac: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({ kind: fc.constant("claim" as const), user: fc.constantFrom(...USERS) }),
      fc.record({ kind: fc.constant("wait" as const), seconds: fc.integer({ min: 1, max: 400 }) }),
      fc.record({
        kind: fc.constant("notify" as const),
        amount: fc.bigInt({ min: DURATION, max: REWARD * 3n }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 14 }), async (actions) => {
        const base = await c.snapshot();
        const rewardsHeld = async () => {
          let sum = 0n;
          for (const u of USERS) sum += await bal(R, addr(u));
          return sum;
        };
        try {
          const held0 = await rewardsHeld();
          let funded = REWARD;
          await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
          for (const a of actions) {
            if (a.kind === "stake")
              await c.write(staking, stakingRewardsAbi, "stake", [a.amount], { from: a.user });
            if (a.kind === "withdraw") {
              const b = await c.read<bigint>(staking, stakingRewardsAbi, "balanceOf", [addr(a.user)]);
              const amt = (b * BigInt(a.frac)) / 100n;
              if (amt > 0n) await c.write(staking, stakingRewardsAbi, "withdraw", [amt], { from: a.user });
            }
            if (a.kind === "claim")
              await c.write(staking, stakingRewardsAbi, "getReward", [], { from: a.user });
            if (a.kind === "wait") {
              await c.test.increaseTime({ seconds: a.seconds });
              await c.test.mine({ blocks: 1 });
            }
            if (a.kind === "notify") {
              await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [a.amount]);
              funded += a.amount;
            }
          }
          await c.test.increaseTime({ seconds: Number(DURATION) * 2 });
          await c.test.mine({ blocks: 1 });
          for (const u of USERS) {
            const staked = await c.read<bigint>(staking, stakingRewardsAbi, "balanceOf", [addr(u)]);
            if (staked > 0n) await c.write(staking, stakingRewardsAbi, "exit", [], { from: u });
            else await c.write(staking, stakingRewardsAbi, "getReward", [], { from: u });
          }
          const paid = (await rewardsHeld()) - held0;
          await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [0n]).catch(() => undefined);
          const undistributed = await c.read<bigint>(staking, stakingRewardsAbi, "undistributedRewards");
          const left = await bal(R, staking);
          expect(paid + left).toBe(funded);
          expect(paid).toBeLessThanOrEqual(funded);
          // What is left is the unallocated pot plus at most a few wei of rounding per update.
          expect(left).toBeGreaterThanOrEqual(undistributed);
        } finally {
          await c.revert(base);
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});

describe("StakingRewards rounding", () => {
  // The deployed pools' parameters: tUSD (6 decimals) over 30 days, an 18-decimal staking token.
  const MONTH = 30n * 24n * 3600n;
  const MONTH_REWARD = parseUnits("100000", 6);
  const read = <T = bigint>(pool: Address, fn: string, args: readonly unknown[] = []) =>
    c.read<T>(pool, stakingRewardsAbi, fn, args);

  /** The contract's reward-per-token state, and what its formula gives at `t`. */
  async function rptState(pool: Address) {
    const [stored, remainder, last, rate, finish, supply] = await Promise.all(
      [
        "rewardPerTokenStored",
        "rewardPerTokenRemainder",
        "lastUpdateTime",
        "rewardRate",
        "periodFinish",
        "totalSupply",
      ].map((fn) => read(pool, fn)),
    );
    const numeratorAt = (t: bigint) => ((t < finish! ? t : finish!) - last!) * rate! * ONE + remainder!;
    return {
      stored: stored!,
      remainder: remainder!,
      supply: supply!,
      at: (t: bigint) => (supply === 0n ? stored! : stored! + numeratorAt(t) / supply!),
      remainderAt: (t: bigint) => (supply === 0n ? remainder! : numeratorAt(t) % supply!),
    };
  }

  it("a 1-wei staker claiming every 2 s no longer rounds the pool's rewards away (review proof)", async () => {
    // 100,000 staked: one second is 0.39 of a unit of reward per token. Truncated at every update, an
    // update every ≤ 2 s rounded the whole accrual to 0 and stranded it (not earned, not undistributed,
    // and recoverERC20 refuses the rewards token).
    const pool = await newStaking(R, S, MONTH);
    const stake = 100_000n * ONE;
    const staker = addr(1);
    const griefer = addr(2);
    const paid0 = (await bal(R, staker)) + (await bal(R, griefer));
    const griefer0 = await bal(R, griefer);
    let t = (await c.now()) + 10n;
    await at(t);
    await c.write(pool, stakingRewardsAbi, "stake", [stake], { from: 1 });
    await at(++t);
    await c.write(pool, stakingRewardsAbi, "stake", [1n], { from: 2 });
    await at(++t);
    await c.write(pool, stakingRewardsAbi, "notifyRewardAmount", [MONTH_REWARD]);
    const start = t;
    const rate = await read(pool, "rewardRate");
    // 100,000 tUSD / 30 days leaves 0.64 tUSD of division dust, booked as undistributed.
    const dust = await read(pool, "undistributedRewards");
    expect(dust).toBe(MONTH_REWARD - rate * MONTH);
    let updates = 2n;
    for (let i = 0; i < 20; i++) {
      t += 2n;
      await at(t);
      await c.write(pool, stakingRewardsAbi, "getReward", [], { from: 2 });
      updates++;
    }
    const accrued = rate * (t - start);
    expect(accrued).toBeGreaterThan(1_000_000n); // > 1 tUSD over 40 s
    const earnedNow =
      (await c.read<bigint>(pool, stakingRewardsAbi, "earned", [staker])) +
      (await c.read<bigint>(pool, stakingRewardsAbi, "earned", [griefer])) +
      (await bal(R, griefer)) -
      griefer0;
    // Not yet a whole unit of reward per token: carried, and part of the next update.
    const carried = (await read(pool, "rewardPerTokenRemainder")) / ONE;
    expect(carried).toBeLessThan(stake / ONE);
    // At most one base unit of per-account rounding per update; nothing went to undistributed.
    expect(earnedNow + carried).toBeGreaterThanOrEqual(accrued - updates);
    expect(earnedNow + carried).toBeLessThanOrEqual(accrued);
    expect(await read(pool, "undistributedRewards")).toBe(dust);

    // To the end: the staker leaves, then the griefer, and the owner takes what nobody earned.
    await c.mineAt(start + MONTH + 1n);
    await c.write(pool, stakingRewardsAbi, "exit", [], { from: 1 });
    await c.write(pool, stakingRewardsAbi, "exit", [], { from: 2 });
    updates += 2n;
    const paid = (await bal(R, staker)) + (await bal(R, griefer)) - paid0;
    const owner0 = await bal(R, owner);
    await c.write(pool, stakingRewardsAbi, "recoverUndistributedRewards", [owner]);
    const recovered = (await bal(R, owner)) - owner0;
    const left = await bal(R, pool);
    expect(paid + recovered + left).toBe(MONTH_REWARD);
    expect(left).toBeLessThanOrEqual(updates + 1n);
    // Stakers were paid the whole period's rate but at most a unit of reward per token and the rounding.
    expect(paid).toBeGreaterThanOrEqual(rate * MONTH - stake / ONE - updates);
  });

  it("the views equal what the next update stores, across total-stake changes", async () => {
    const pool = await newStaking(R, S, MONTH);
    let t = (await c.now()) + 10n;
    await at(t);
    await c.write(pool, stakingRewardsAbi, "stake", [100_000n * ONE], { from: 1 });
    await at(++t);
    await c.write(pool, stakingRewardsAbi, "notifyRewardAmount", [MONTH_REWARD]);
    // Joins and leaves of odd sizes, including dropping to a far smaller total (a carried remainder larger
    // than the new total is still paid out by it) and back.
    const steps: [number, "stake" | "withdraw" | "getReward", bigint][] = [
      [2, "stake", 7n],
      [3, "stake", 123_456n * ONE + 789n],
      [1, "withdraw", 100_000n * ONE],
      [3, "withdraw", 123_456n * ONE],
      [2, "getReward", 0n],
      [1, "stake", 3n * ONE],
      [3, "getReward", 0n],
      [2, "withdraw", 7n],
    ];
    for (const [user, fn, amount] of steps) {
      const before = await rptState(pool);
      t += 3n;
      await c.mineAt(t); // an empty block: the views at t
      expect(await read(pool, "rewardPerToken")).toBe(before.at(t));
      await at(++t);
      await c.write(pool, stakingRewardsAbi, fn, fn === "getReward" ? [] : [amount], { from: user });
      const after = await rptState(pool);
      expect(after.stored).toBe(before.at(t));
      expect(after.remainder).toBe(before.remainderAt(t));
      // In the same block: a remainder left over from a larger total may already make a unit of the new one.
      expect(await read(pool, "rewardPerToken")).toBe(after.at(t));
    }
  });

  it("stays solvent with many stakers and an update every 1-3 s, losing at most a base unit per update", async () => {
    // A short period with a large total stake: 0.04 of a unit of reward per token per second, so before the
    // carry nearly every update rounded its interval to 0.
    const duration = 120n;
    const funded = parseUnits("12", 6);
    const stakers = [1, 2, 3, 4, 5, 6, 7];
    const pool = await newStaking(R, S, duration);
    for (const u of stakers.filter((u) => u > 3)) {
      await c.write(S, testTokenAbi, "mint", [addr(u), 1_000_000n * ONE]);
      await c.write(S, testTokenAbi, "approve", [pool, maxUint256], { from: u });
    }
    const held = async () => {
      let sum = 0n;
      for (const u of stakers) sum += await bal(R, addr(u));
      return sum;
    };
    const held0 = await held();
    let t = (await c.now()) + 10n;
    let updates = 0n;
    for (const u of stakers) {
      await at(++t);
      await c.write(pool, stakingRewardsAbi, "stake", [BigInt(u) * 100_000n * ONE + BigInt(u)], { from: u });
      updates++;
    }
    await at(++t);
    await c.write(pool, stakingRewardsAbi, "notifyRewardAmount", [funded]);
    const end = t + duration;
    let maxSupply = 0n;
    for (let i = 0; t + 3n < end; i++) {
      t += BigInt(1 + (i % 3));
      await at(t);
      const u = stakers[(i * 5) % stakers.length]!;
      const staked = await c.read<bigint>(pool, stakingRewardsAbi, "balanceOf", [addr(u)]);
      if (i % 4 === 1 && staked > 1n) {
        await c.write(pool, stakingRewardsAbi, "withdraw", [staked / 3n + 1n], { from: u });
      } else if (i % 4 === 3) {
        await c.write(pool, stakingRewardsAbi, "stake", [BigInt(i + 1) * 10_000n * ONE + 1n], { from: u });
      } else {
        await c.write(pool, stakingRewardsAbi, "getReward", [], { from: u });
      }
      updates++;
      const supply = await read(pool, "totalSupply");
      if (supply > maxSupply) maxSupply = supply;
    }
    await c.mineAt(end + 1n);
    for (const u of stakers) {
      await c.write(pool, stakingRewardsAbi, "exit", [], { from: u });
      updates++;
    }
    const paid = (await held()) - held0;
    // Every claim was paid from the pool, and what is left still covers the unallocated pot.
    const undistributed = await read(pool, "undistributedRewards");
    expect(await bal(R, pool)).toBeGreaterThanOrEqual(undistributed);
    expect(paid + undistributed).toBeLessThanOrEqual(funded);
    // Nothing is staked now: the next update books the carried remainder as undistributed, for the owner.
    const owner0 = await bal(R, owner);
    const carried = (await read(pool, "rewardPerTokenRemainder")) / ONE;
    if (undistributed + carried > 0n) {
      await c.write(pool, stakingRewardsAbi, "recoverUndistributedRewards", [owner]);
    }
    const recovered = (await bal(R, owner)) - owner0;
    expect(recovered).toBe(undistributed + carried);
    expect(await read(pool, "rewardPerTokenRemainder")).toBeLessThan(ONE);
    const left = await bal(R, pool);
    expect(paid + recovered + left).toBe(funded);
    // Stranded for good: per-account rounding only, at most one base unit per update.
    expect(left).toBeLessThanOrEqual(updates);
    // Stakers were paid all but that and the last fraction of a unit of reward per token.
    expect(paid).toBeGreaterThanOrEqual(funded - updates - maxSupply / ONE);
  }, 120_000);
});

describe("StakingRewards guards", () => {
  it("validates amounts and balances", async () => {
    await expectRevert(c.write(staking, stakingRewardsAbi, "stake", [0n], { from: 1 }), "ZeroAmount");
    await c.write(staking, stakingRewardsAbi, "stake", [ONE], { from: 1 });
    await expectRevert(
      c.write(staking, stakingRewardsAbi, "withdraw", [ONE + 1n], { from: 1 }),
      "InsufficientBalance",
    );
    await expectRevert(c.write(staking, stakingRewardsAbi, "withdraw", [0n], { from: 1 }), "ZeroAmount");
    await expectRevert(
      c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [DURATION - 1n]),
      "RewardTooSmall",
    );
    await c.write(R, testTokenAbi, "mint", [owner, 1n << 128n]);
    await expectRevert(
      c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [1n << 128n]),
      "RewardTooLarge",
    );
  });

  it("only the owner funds, and it can never take staked tokens or promised rewards", async () => {
    await expectRevert(
      c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD], { from: 1 }),
      "OwnableUnauthorizedAccount",
    );
    await c.write(staking, stakingRewardsAbi, "stake", [ONE], { from: 1 });
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [REWARD]);
    for (const token of [S, R]) {
      await expectRevert(
        c.write(staking, stakingRewardsAbi, "recoverERC20", [token, owner, 1n]),
        "CannotRecoverProtectedToken",
      );
    }
    await expectRevert(
      c.write(staking, stakingRewardsAbi, "recoverUndistributedRewards", [owner]),
      "ZeroAmount",
    );
    // A stray token can be rescued.
    const stray = await c.deploy(testTokenAbi, testTokenBytecode, ["Stray", "STR", 18, owner]);
    await c.write(stray, testTokenAbi, "mint", [staking, 5n]);
    await c.write(staking, stakingRewardsAbi, "recoverERC20", [stray, owner, 5n]);
    expect(await bal(stray, owner)).toBe(5n);
    // Duration changes only between periods.
    await expectRevert(c.write(staking, stakingRewardsAbi, "setRewardsDuration", [10n]), "PeriodNotFinished");
    await c.test.increaseTime({ seconds: Number(DURATION) + 1 });
    await c.test.mine({ blocks: 1 });
    await expectRevert(c.write(staking, stakingRewardsAbi, "setRewardsDuration", [0n]), "InvalidDuration");
    await c.write(staking, stakingRewardsAbi, "setRewardsDuration", [10n]);
    expect(await c.read(staking, stakingRewardsAbi, "rewardsDuration")).toBe(10n);
  });

  it("with staking token = rewards token, stakes stay untouchable and rewards are paid from funding only", async () => {
    await c.write(S, testTokenAbi, "mint", [owner, 10_000n * ONE]);
    const same = await newStaking(S, S);
    await c.write(S, testTokenAbi, "approve", [same, maxUint256]);
    await c.write(same, stakingRewardsAbi, "stake", [100n * ONE], { from: 1 });
    await c.write(same, stakingRewardsAbi, "notifyRewardAmount", [1000n * ONE]);
    await c.test.increaseTime({ seconds: Number(DURATION) * 2 });
    await c.test.mine({ blocks: 1 });
    await expectRevert(
      c.write(same, stakingRewardsAbi, "recoverERC20", [S, owner, 1n]),
      "CannotRecoverProtectedToken",
    );
    const undistributed = await c.read<bigint>(same, stakingRewardsAbi, "undistributedRewards");
    if (undistributed > 0n) await c.write(same, stakingRewardsAbi, "recoverUndistributedRewards", [owner]);
    const before = await bal(S, addr(1));
    await c.write(same, stakingRewardsAbi, "exit", [], { from: 1 });
    const got = (await bal(S, addr(1))) - before;
    expect(got).toBeGreaterThan(100n * ONE + 999n * ONE);
    expect(got).toBeLessThanOrEqual(1100n * ONE);
  });

  it("a staking token re-entering the contract mid-transfer hits the reentrancy lock", async () => {
    const evil = await c.deploy(reentrantTokenAbi, reentrantTokenBytecode);
    const s = await c.deploy(stakingRewardsAbi, stakingRewardsBytecode, [owner, R, evil, DURATION]);
    await c.write(evil, testTokenAbi, "approve", [s, maxUint256]);
    await c.write(s, stakingRewardsAbi, "stake", [ONE]);
    for (const fn of ["getReward", "exit"] as const) {
      await c.write(evil, reentrantTokenAbi, "arm", [
        s,
        encodeFunctionData({ abi: stakingRewardsAbi, functionName: fn }),
      ]);
      await expectRevert(c.write(s, stakingRewardsAbi, "stake", [ONE]), "ReentrancyGuardReentrantCall");
    }
    expect(await c.read(s, stakingRewardsAbi, "totalSupply")).toBe(ONE);
  });

  it("credits what actually arrived for a fee-on-transfer staking token", async () => {
    const fot = await c.deploy(feeOnTransferTokenAbi, feeOnTransferTokenBytecode);
    const s = await c.deploy(stakingRewardsAbi, stakingRewardsBytecode, [owner, R, fot, DURATION]);
    await c.write(fot, testTokenAbi, "approve", [s, maxUint256]);
    await c.write(s, stakingRewardsAbi, "stake", [100n * ONE]);
    expect(await c.read(s, stakingRewardsAbi, "balanceOf", [owner])).toBe(99n * ONE);
    // And a fee-on-transfer reward token cannot fund a period it could not pay.
    const s2 = await c.deploy(stakingRewardsAbi, stakingRewardsBytecode, [owner, fot, S, DURATION]);
    await c.write(fot, testTokenAbi, "approve", [s2, maxUint256]);
    await expectRevert(
      c.write(s2, stakingRewardsAbi, "notifyRewardAmount", [100n * ONE]),
      "FeeOnTransferNotSupported",
    );
  });

  it("does not overflow at the funding cap with a 1-wei or a huge total stake", async () => {
    const cap = (1n << 128n) - 1n;
    await c.write(R, testTokenAbi, "mint", [owner, cap]);
    await c.write(S, testTokenAbi, "mint", [addr(2), 1n << 200n]);
    await c.write(staking, stakingRewardsAbi, "stake", [1n], { from: 1 });
    await c.write(staking, stakingRewardsAbi, "stake", [1n << 200n], { from: 2 });
    await c.write(staking, stakingRewardsAbi, "notifyRewardAmount", [cap]);
    await c.test.increaseTime({ seconds: Number(DURATION) * 2 });
    await c.test.mine({ blocks: 1 });
    const e1 = await earned(addr(1));
    const e2 = await earned(addr(2));
    expect(e1 + e2).toBeLessThanOrEqual(cap);
    await c.write(staking, stakingRewardsAbi, "exit", [], { from: 2 });
    await c.write(staking, stakingRewardsAbi, "exit", [], { from: 1 });
  });
});
