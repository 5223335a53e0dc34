import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, type Participant } from "./allocation";
import { referenceAllocate, referenceStats } from "./allocation-oracle";
import { simulate } from "./stats";

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const people = (points: number[], tier = "Bronze"): Participant[] =>
  points.map((p, i) => ({ address: addr(i + 1), points: p, tier }));
const noRule = { minPoints: 0, capPerAddress: null, tierMultipliers: {} };

const arbParticipants = fc
  .array(
    fc.record({
      points: fc.integer({ min: -5, max: 100_000 }),
      tier: fc.constantFrom("Bronze", "Silver", "Gold"),
    }),
    {
      minLength: 0,
      maxLength: 60,
    },
  )
  .map((xs) => xs.map((x, i) => ({ address: addr(i + 1), ...x })));
const arbRule = fc.record({
  minPoints: fc.integer({ min: 0, max: 2_000 }),
  capPerAddress: fc.option(fc.bigInt({ min: 1n, max: 10n ** 24n }), { nil: null }),
  tierMultipliers: fc.record({
    Silver: fc.integer({ min: 1, max: 50_000 }),
    Gold: fc.integer({ min: 1, max: 50_000 }),
  }),
});
const arbTotal = fc.bigInt({ min: 0n, max: 10n ** 27n });

describe("allocate", () => {
  it("splits in proportion to points and gives the dust to the largest remainders", () => {
    const r = allocate(people([1, 1, 1]), noRule, 10n);
    expect(r.allocations.map((a) => a.amount)).toEqual([4n, 3n, 3n]);
    expect(r.allocated).toBe(10n);
  });

  it("applies multipliers per tier", () => {
    const ps = [
      { address: addr(1), points: 100, tier: "Bronze" },
      { address: addr(2), points: 100, tier: "Gold" },
    ];
    const r = allocate(ps, { ...noRule, tierMultipliers: { Gold: 30_000 } }, 400n);
    expect(r.allocations.map((a) => a.amount)).toEqual([100n, 300n]);
  });

  it("caps and redistributes until no one is over the cap", () => {
    // 1000 to share, weights 97/1/1/1: the first is capped at 400 and the others share 600.
    const r = allocate(people([97, 1, 1, 1]), { ...noRule, capPerAddress: 400n }, 1000n);
    expect(r.allocations.map((a) => a.amount)).toEqual([400n, 200n, 200n, 200n]);
    expect(r.cappedCount).toBe(1);
  });

  it("cascades the cap: redistribution can push a second address over it", () => {
    const r = allocate(people([60, 30, 10]), { ...noRule, capPerAddress: 40n }, 100n);
    expect(r.allocations.map((a) => a.amount)).toEqual([40n, 40n, 20n]);
    expect(r.cappedCount).toBe(2);
  });

  it("leaves out excluded and below-minimum participants and says why; their share goes to the others", () => {
    const ps = people([50, 50, 5, 0]);
    const r = allocate(ps, { ...noRule, minPoints: 10 }, 100n, new Set([addr(2)]));
    expect(r.allocations).toMatchObject([{ address: addr(1), amount: 100n }]);
    expect(r.ineligible).toEqual([
      { address: addr(2), points: 50, reason: "excluded" },
      { address: addr(3), points: 5, reason: "below_minimum" },
    ]);
  });

  it("records an eligible participant whose share floors to 0 as rounded_to_zero, not as nothing", () => {
    // 1,000 + 1,000 + 1 points share 2 base units: the 1-point holder's share is 0.0009995.
    const r = allocate(people([1000, 1000, 1]), noRule, 2n);
    expect(r.allocations.map((a) => [a.address, a.amount])).toEqual([
      [addr(1), 1n],
      [addr(2), 1n],
    ]);
    expect(r.ineligible).toEqual([{ address: addr(3), points: 1, reason: "rounded_to_zero" }]);
  });

  it("reports what it cannot allocate when everyone is capped", () => {
    const r = allocate(people([1, 1]), { ...noRule, capPerAddress: 3n }, 10n);
    expect(r.allocated).toBe(6n);
    expect(r.unallocated).toBe(4n);
  });

  it("refuses a negative total and a zero multiplier", () => {
    expect(() => allocate(people([1]), noRule, -1n)).toThrow(RangeError);
    expect(() => allocate(people([1]), { ...noRule, tierMultipliers: { Bronze: 0 } }, 1n)).toThrow(
      RangeError,
    );
  });

  it("property: the sum is exactly the total unless every eligible address is capped", () => {
    fc.assert(
      fc.property(arbParticipants, arbRule, arbTotal, (ps, rule, total) => {
        const r = allocate(ps, rule, total);
        const sum = r.allocations.reduce((s, a) => s + a.amount, 0n);
        expect(sum).toBe(r.allocated);
        expect(r.allocated + r.unallocated).toBe(total);
        const eligible = ps.filter((p) => p.points > 0 && p.points >= rule.minPoints).length;
        if (r.unallocated > 0n) expect(r.cappedCount).toBe(eligible);
        else expect(r.allocated).toBe(total);
      }),
      { numRuns: 300 },
    );
  });

  it("property: no address gets more than the cap", () => {
    fc.assert(
      fc.property(arbParticipants, arbRule, arbTotal, (ps, rule, total) => {
        if (rule.capPerAddress === null) return;
        for (const a of allocate(ps, rule, total).allocations)
          expect(a.amount <= rule.capPerAddress).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("property: monotone in points (more weight never gets less) and one leaf per address", () => {
    fc.assert(
      fc.property(arbParticipants, arbRule, arbTotal, (ps, rule, total) => {
        const r = allocate(ps, rule, total);
        expect(new Set(r.allocations.map((a) => a.address)).size).toBe(r.allocations.length);
        const w = (a: (typeof r.allocations)[number]) => BigInt(a.points) * BigInt(a.multiplierBps);
        for (const a of r.allocations)
          for (const b of r.allocations) if (w(a) > w(b)) expect(a.amount >= b.amount).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("property: raising one participant's points never lowers their amount", () => {
    fc.assert(
      fc.property(
        arbParticipants,
        fc.nat(),
        fc.integer({ min: 1, max: 5000 }),
        arbTotal,
        (ps, pick, extra, total) => {
          if (ps.length === 0) return;
          const i = pick % ps.length;
          const rule = { minPoints: 0, capPerAddress: null, tierMultipliers: {} };
          const before =
            allocate(ps, rule, total).allocations.find((a) => a.address === ps[i]?.address)?.amount ?? 0n;
          const more = ps.map((p, j) => (j === i ? { ...p, points: Math.max(1, p.points) + extra } : p));
          const after =
            allocate(more, rule, total).allocations.find((a) => a.address === ps[i]?.address)?.amount ?? 0n;
          expect(after >= before).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("simulate", () => {
  it("reports distribution figures, per-tier amounts and sensitivity rows", () => {
    const ps = [...people([10, 20, 30, 40]), { address: addr(9), points: 100, tier: "Gold" }];
    const s = simulate(
      ps,
      { minPoints: 15, capPerAddress: null, tierMultipliers: { Gold: 20_000 } },
      1000n,
      new Set(),
      ["Bronze", "Gold"],
    );
    expect(s.stats).toMatchObject({
      eligible: 4,
      belowMinimum: 1,
      totalAllocated: "1000",
      min: "69",
      max: "690",
    });
    expect(s.stats.perTier).toEqual([
      { tier: "Bronze", recipients: 3, amount: "310" },
      { tier: "Gold", recipients: 1, amount: "690" },
    ]);
    expect(s.stats.gini).toBeGreaterThan(0);
    expect(s.stats.top1Share).toBe(0.69);
    expect(s.sensitivity.map((r) => r.label)).toEqual([
      "Minimum 7",
      "Minimum 30",
      "Cap 1% of total",
      "No multipliers",
    ]);
    expect(s.sensitivity[0]?.stats.eligible).toBe(5);
  });

  it("gives a Gini of 0 for an equal split and handles no recipients", () => {
    expect(simulate(people([5, 5, 5]), noRule, 9n, new Set(), []).stats.gini).toBe(0);
    expect(simulate([], noRule, 9n, new Set(), []).stats).toMatchObject({
      eligible: 0,
      min: "0",
      unallocated: "9",
    });
  });
});

describe("equal to the reference implementation (allocation-oracle.ts)", () => {
  // Unsorted addresses, duplicate weights across tiers (ties), exclusions, and huge points whose
  // weights pass 2^53 (then the exact bigint order decides).
  const arbMixed = fc
    .array(
      fc.record({
        n: fc.integer({ min: 1, max: 10_000 }),
        points: fc.oneof(
          fc.integer({ min: -5, max: 3_000 }),
          fc.constantFrom(1_200, 1_500, 1_800),
          fc.integer({ min: 2 ** 40, max: Number.MAX_SAFE_INTEGER }),
        ),
        tier: fc.constantFrom("Bronze", "Silver", "Gold", "Other"),
      }),
      { maxLength: 80 },
    )
    .map((xs) => {
      const seen = new Set<number>();
      return xs
        .filter((x) => !seen.has(x.n) && seen.add(x.n))
        .map((x) => ({ address: addr(x.n), points: x.points, tier: x.tier }));
    });
  const arbRuleTies = fc.record({
    minPoints: fc.integer({ min: 0, max: 2_000 }),
    capPerAddress: fc.option(fc.bigInt({ min: 1n, max: 10n ** 24n }), { nil: null }),
    tierMultipliers: fc.constantFrom<Record<string, number>>(
      {},
      { Silver: 12_500, Gold: 10_000 },
      { Silver: 15_000, Gold: 12_000 },
    ),
  });

  it("property: same allocations, ineligible set and totals", () => {
    fc.assert(
      fc.property(arbMixed, arbRuleTies, arbTotal, fc.nat(), (ps, rule, total, pick) => {
        const excluded = new Set(ps.filter((_, i) => (i + pick) % 7 === 0).map((p) => p.address));
        const got = allocate(ps, rule, total, excluded);
        const want = referenceAllocate(ps, rule, total, excluded);
        expect(got.allocations).toEqual(want.allocations);
        const byAddr = (a: { address: string }, b: { address: string }) => (a.address < b.address ? -1 : 1);
        expect(got.ineligible).toEqual([...want.ineligible].sort(byAddr));
        expect([got.allocated, got.unallocated, got.cappedCount]).toEqual([
          want.allocated,
          want.unallocated,
          want.cappedCount,
        ]);
      }),
      { numRuns: 400 },
    );
  });

  it("property: same simulator figures for the rule and every variant", () => {
    fc.assert(
      fc.property(arbMixed, arbRuleTies, arbTotal, (ps, rule, total) => {
        const excluded = new Set(ps.slice(0, 2).map((p) => p.address));
        const tiers = ["Bronze", "Silver", "Gold"];
        const s = simulate(ps, rule, total, excluded, tiers);
        expect(s.stats).toEqual(referenceStats(ps, rule, total, excluded, tiers));
        for (const v of s.sensitivity)
          expect(v.stats).toEqual(
            referenceStats(
              ps,
              {
                minPoints: v.rule.minPoints,
                capPerAddress: v.rule.capPerAddress === null ? null : BigInt(v.rule.capPerAddress),
                tierMultipliers: v.rule.tierMultipliers,
              },
              total,
              excluded,
              tiers,
            ),
          );
      }),
      { numRuns: 200 },
    );
  });
});
