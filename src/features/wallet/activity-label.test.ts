import { describe, expect, it } from "vitest";
import { activityTitle } from "./activity-label";
import type { ActivityTransfer } from "./types";

const t = (direction: "in" | "out", symbol: string, numeric: string, decimals = 18): ActivityTransfer => ({
  direction,
  name: symbol,
  symbol,
  quantity: { decimals: String(decimals), numeric },
});

describe("activityTitle", () => {
  it.each([
    [
      "swap",
      [t("out", "tUSD", "10000000", 6), t("in", "AURUM", "5980000000000000000")],
      "Swapped 10 tUSD → 5.98 AURUM",
    ],
    [
      "wrap",
      [t("out", "AURUM", "1000000000000000000"), t("in", "WAURUM", "1000000000000000000")],
      "Wrapped 1 AURUM → 1 WAURUM",
    ],
    [
      "unwrap",
      [t("out", "WAURUM", "500000000000000000"), t("in", "AURUM", "500000000000000000")],
      "Unwrapped 0.5 WAURUM → 0.5 AURUM",
    ],
    [
      "liquidity_add",
      [t("out", "tUSD", "3000000", 6), t("out", "AURUM", "1500000000000000000"), t("in", "LP", "1")],
      "Added liquidity: 3 tUSD + 1.5 AURUM",
    ],
    ["liquidity_remove", [t("out", "LP", "1"), t("in", "tUSD", "1400000", 6)], "Removed liquidity: 1.4 tUSD"],
    ["send", [t("out", "tUSD", "12500000", 6)], "Sent 12.5 tUSD"],
    ["receive", [t("in", "tETH", "1500000707146370623")], "Received 1.5 tETH"],
    ["stake", [t("out", "WAURUM", "1000000000000000000")], "Staked 1 WAURUM"],
    [
      "unstake",
      [t("in", "WAURUM", "1000000000000000000"), t("in", "tUSD", "250000", 6)],
      "Unstaked 1 WAURUM + 0.25 tUSD reward",
    ],
    ["reward", [t("in", "tUSD", "250000", 6)], "Claimed staking rewards 0.25 tUSD"],
    ["claim", [t("in", "tUSD", "100000000", 6)], "Claimed airdrop 100 tUSD"],
    ["faucet", [t("in", "AURUM", "1000000000000000000")], "Received from the faucet: 1 AURUM"],
    ["swap", [], "Swapped"],
  ] as const)("%s → %s", (kind, transfers, title) => {
    expect(activityTitle({ kind, transfers: [...transfers] })).toBe(title);
  });

  it("uses the visitor's locale and falls back for a kind it does not know", () => {
    expect(activityTitle({ kind: "send", transfers: [t("out", "tUSD", "1234500000", 6)] }, "de-DE")).toBe(
      "Sent 1.234,5 tUSD",
    );
    expect(activityTitle({ kind: "mystery" as never, transfers: [] })).toBe("Transaction");
  });
});
