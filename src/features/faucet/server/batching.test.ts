import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FaucetAsset } from "../schema";
import {
  type AssetGroup,
  gasLimitFor,
  MAX_BATCH_RECIPIENTS,
  planBatch,
  type QueuedPayment,
  trimBatch,
} from "./batching";

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}` as `0x${string}`;
const claim = (
  seq: number,
  address = addr(seq),
  assets: readonly FaucetAsset[] = ["native", "tUSD", "tETH"],
): QueuedPayment[] =>
  assets.map((asset) => ({ claimId: `c${seq}`, seq, address, asset, amount: 10n + BigInt(seq) }));

describe("planBatch", () => {
  it("takes the oldest claims first, at most 100, one Disperse call per asset", () => {
    const queued = Array.from({ length: 250 }, (_, i) => claim(250 - i)).flat();
    const plan = planBatch(queued);
    expect(plan.claimIds).toHaveLength(MAX_BATCH_RECIPIENTS);
    expect(plan.claimIds[0]).toBe("c1");
    expect(plan.claimIds[99]).toBe("c100");
    expect(plan.groups.map((g) => g.asset)).toEqual(["native", "tUSD", "tETH"]);
    for (const g of plan.groups) {
      expect(g.recipients).toHaveLength(100);
      expect(g.total).toBe(g.values.reduce((a, b) => a + b, 0n));
    }
  });

  it("never puts two claims of one address into a batch", () => {
    const queued = [...claim(1, addr(7)), ...claim(2, addr(7)), ...claim(3, addr(8))];
    const plan = planBatch(queued);
    expect(plan.claimIds).toEqual(["c1", "c3"]);
  });

  it("carries partial claims (only the assets still queued) and skips zero amounts", () => {
    const queued = [
      ...claim(1, addr(1), ["tETH"]),
      { ...claim(2)[0]!, amount: 0n },
      ...claim(3, addr(3), ["native"]),
    ];
    const plan = planBatch(queued);
    expect(plan.groups.map((g) => [g.asset, g.claimIds])).toEqual([
      ["native", ["c3"]],
      ["tETH", ["c1"]],
    ]);
  });

  it("property: every chosen payment appears exactly once, recipients are unique per asset", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ seq: fc.integer({ min: 1, max: 500 }), who: fc.integer({ min: 1, max: 60 }) }), {
          maxLength: 300,
        }),
        (rows) => {
          const seen = new Set<number>();
          const queued = rows
            .filter((r) => {
              if (seen.has(r.seq)) return false;
              seen.add(r.seq);
              return true;
            })
            .flatMap((r) => claim(r.seq, addr(r.who)));
          const plan = planBatch(queued, 100);
          expect(plan.claimIds.length).toBeLessThanOrEqual(100);
          for (const g of plan.groups) {
            expect(new Set(g.recipients).size).toBe(g.recipients.length);
            expect(new Set(g.claimIds).size).toBe(g.claimIds.length);
            for (const id of g.claimIds) expect(plan.claimIds).toContain(id);
          }
        },
      ),
    );
  });

  it("trims a batch to the oldest claims the balance covers; a later, smaller claim never overtakes", () => {
    const amounts = [50n, 40n, 5n, 30n];
    const queued = amounts.map((amount, i) => ({ ...claim(i + 1, addr(i + 1), ["tUSD"])[0]!, amount }));
    const within = (budget: bigint) => (groups: readonly AssetGroup[]) =>
      groups.reduce((sum, g) => sum + g.total, 0n) <= budget;
    const plan = planBatch(queued);
    expect(trimBatch(plan, within(1_000n))).toEqual(plan);
    // 95 covers c1, c2 and c3 exactly; c4 (30) waits.
    const trimmed = trimBatch(plan, within(95n));
    expect(trimmed.claimIds).toEqual(["c1", "c2", "c3"]);
    // 60 covers c1 only: c3 (5) does not jump c2 (40).
    expect(trimBatch(plan, within(60n)).claimIds).toEqual(["c1"]);
    expect(trimBatch(plan, within(60n)).groups).toEqual([
      { asset: "tUSD", recipients: [addr(1)], values: [50n], claimIds: ["c1"], total: 50n },
    ]);
    // Not even the oldest fits: nothing.
    expect(trimBatch(plan, within(49n))).toEqual({ claimIds: [], groups: [] });
  });

  it("property: a trimmed batch is the longest fitting prefix of the plan, with its groups", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 100n }), { maxLength: 60 }),
        fc.bigInt({ min: 0n, max: 3_000n }),
        (amounts, budget) => {
          const queued = amounts.flatMap((amount, i) =>
            claim(i + 1).map((p) => ({ ...p, amount: p.asset === "native" ? amount : 1n })),
          );
          const cost = (groups: readonly AssetGroup[]) =>
            groups.reduce((sum, g) => sum + g.total + BigInt(g.recipients.length), 0n);
          const plan = planBatch(queued);
          const trimmed = trimBatch(plan, (g) => cost(g) <= budget);
          const n = trimmed.claimIds.length;
          expect(trimmed.claimIds).toEqual(plan.claimIds.slice(0, n));
          if (n > 0) expect(cost(trimmed.groups)).toBeLessThanOrEqual(budget);
          if (n < plan.claimIds.length) {
            const next = planBatch(queued.filter((p) => plan.claimIds.slice(0, n + 1).includes(p.claimId)));
            expect(cost(next.groups)).toBeGreaterThan(budget);
          }
          for (const g of trimmed.groups) {
            expect(g.claimIds.every((id) => trimmed.claimIds.includes(id))).toBe(true);
            expect(g.total).toBe(g.values.reduce((a, b) => a + b, 0n));
          }
        },
      ),
    );
  });

  it("budgets gas per recipient", () => {
    expect(gasLimitFor("disperse_native", 100)).toBe(9_580_000n);
    expect(gasLimitFor("disperse_token", 100)).toBe(6_100_000n);
    expect(gasLimitFor("approve", 0)).toBe(80_000n);
  });
});
