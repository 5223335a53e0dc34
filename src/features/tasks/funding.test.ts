import { readFileSync } from "node:fs";
import path from "node:path";
import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema } from "@/server/config";
import { SEED } from "../../../scripts/lib/seed-chain";
import { ONCHAIN_TASK_TYPES } from "./definitions";
import { type TaskEntry, tasksFileSchema } from "./file-schema";
import { amountIn, amountOut, type Balances, type Pools, planFunding } from "./funding";

// Issue 18: every task's threshold against ONE default faucet drip and the seeded pool prices.

const tasks: TaskEntry[] = tasksFileSchema.parse(
  parse(readFileSync(path.join(process.cwd(), "content", "tasks.yaml"), "utf8")),
);
const env = envSchema.parse({});
/** The default drip, straight from the configuration's defaults (src/server/config.ts). */
const drip: Balances = {
  AURUM: parseUnits(env.FAUCET_DRIP_NATIVE, 18),
  tUSD: parseUnits(env.FAUCET_DRIP_TUSD, 6),
  tETH: parseUnits(env.FAUCET_DRIP_TETH, 18),
};
const pools: Pools = {
  tUSD: { native: SEED.pools["WAURUM/tUSD"].native, token: SEED.pools["WAURUM/tUSD"].token },
  tETH: { native: SEED.pools["WAURUM/tETH"].native, token: SEED.pools["WAURUM/tETH"].token },
};
const onchain = tasks.filter((t) => (ONCHAIN_TASK_TYPES as readonly string[]).includes(t.type));

function permutations<T>(list: T[]): T[][] {
  if (list.length <= 1) return [list];
  return list.flatMap((x, i) =>
    permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((p) => [x, ...p]),
  );
}

describe("one default drip funds every on-chain task", () => {
  it("the default drip is what the faucet documents", () => {
    expect(drip).toEqual({ AURUM: 10n ** 18n, tUSD: 100_000_000n, tETH: 5n * 10n ** 16n });
    expect(onchain.map((t) => t.type).sort()).toEqual(
      ["add_liquidity", "airdrop_claim", "claim_reward", "faucet_claim", "send", "stake", "swap"].sort(),
    );
  });

  it("in the order of the task list", () => {
    const plan = planFunding(tasks, drip, pools);
    expect(plan.problems).toEqual([]);
    expect(plan.left.AURUM).toBeGreaterThan(0n);
  });

  it("in every order, so no task has to wait for another", () => {
    for (const order of permutations(onchain)) {
      const plan = planFunding(order, drip, pools);
      expect(plan.problems, order.map((t) => t.id).join(" → ")).toEqual([]);
    }
  });

  it("each task alone, from a fresh drip", () => {
    for (const t of onchain) expect(planFunding([t], drip, pools).problems, t.id).toEqual([]);
  });

  it("catches a threshold the drip cannot reach (the issue's two cases)", () => {
    const stake1 = { id: "stake-1", type: "stake" as const, params: { amount: "1" } };
    expect(planFunding([stake1], drip, pools).problems[0]?.reason).toMatch(
      /staking 1 AURUM \(wrapped\) plus gas/,
    );
    // Without tUSD in the drip, 10 tUSD must be bought with AURUM: about 5 AURUM, more than the drip.
    const swap = { id: "swap", type: "swap" as const, params: { token: "tUSD", amount: "10" } };
    expect(planFunding([swap], { ...drip, tUSD: 0n }, pools).problems[0]?.reason).toMatch(
      /needs 10 tUSD to sell or 5\.0\d* AURUM/,
    );
  });
});

describe("hints say how", () => {
  it("every on-chain task has one, naming the swap's direction and the gas it needs", () => {
    const plan = planFunding(tasks, drip, pools);
    for (const t of onchain) {
      expect(t.hint, t.id).toBeTruthy();
      const step = plan.steps.find((s) => s.task === t.id && s.action !== "none");
      if (step?.action === "swap") expect(t.hint).toContain(`${step.sell} → ${step.buy}`);
      if (step && step.action !== "airdropClaim") expect(t.hint, t.id).toMatch(/gas/);
    }
  });
});

describe("pool maths (Uniswap V2, 0.3 % fee)", () => {
  it("matches the seeded price and round-trips amountIn/amountOut", () => {
    const { native, token } = pools.tUSD;
    // 10 tUSD buys just under 5 AURUM at 1 AURUM = 2 tUSD.
    const out = amountOut(10_000_000n, token, native);
    expect(out).toBeLessThan(parseUnits("5", 18));
    expect(out).toBeGreaterThan(parseUnits("4.98", 18));
    const need = amountIn(10_000_000n, native, token);
    expect(amountOut(need, native, token)).toBeGreaterThanOrEqual(10_000_000n);
    expect(amountOut(need - 10n ** 12n, native, token)).toBeLessThan(10_000_000n);
    expect(amountIn(token, native, token)).toBe(2n ** 255n);
  });
});
