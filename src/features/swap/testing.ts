// Test helpers of the swap feature (docs/ARCHITECTURE.md, "Feature entries"): for tests only.
import { parseEther } from "viem";
import type { AmmEnv } from "@/features/tokens";
import type { PoolWithPosition } from "./queries";

/** The WAURUM/tUSD pool of `env` (test/render.tsx's testEnv), holding 1 of its 10 LP tokens. */
export function wrappedTusdPool(env: AmmEnv): PoolWithPosition {
  const token = (id: string) => {
    const t = env.tokens.find((x) => x.id === id);
    if (!t) throw new Error(`no ${id} in the test env`);
    return t.address;
  };
  return {
    key: "WAURUM/tUSD",
    address: "0x00000000000000000000000000000000000000aa",
    token0: token("WAURUM"),
    token1: token("tUSD"),
    reserve0: parseEther("100"),
    reserve1: 500_000_000n,
    totalSupply: parseEther("10"),
    lpBalance: parseEther("1"),
  };
}
