import { beforeEach, describe, expect, it } from "vitest";
import type { FaucetChain } from "./chain";
import { type FaucetSettings, faucetSettings } from "./settings";
import { faucetBalanceState, resetFaucetStateCache } from "./status";

const settings: FaucetSettings = {
  ...faucetSettings(),
  drips: { native: 1n, tUSD: 100n, tETH: 5n },
  cooldownSeconds: 86_400,
  ipLimit: 3,
  minNativeBalance: 10n,
};

/** A chain whose faucet holds `balances`; counts the reads. */
function fakeChain(balances: { native: bigint; tUSD: bigint; tETH: bigint }, reads: { n: number }) {
  return (): FaucetChain =>
    ({
      account: { address: "0x0000000000000000000000000000000000000001" },
      tokens: {
        tUSD: "0x00000000000000000000000000000000000000a1",
        tETH: "0x00000000000000000000000000000000000000a2",
      },
      client: {
        getBalance: async () => {
          reads.n++;
          return balances.native;
        },
        readContract: async ({ address }: { address: string }) =>
          address.endsWith("a1") ? balances.tUSD : balances.tETH,
      },
    }) as unknown as FaucetChain;
}

beforeEach(() => resetFaucetStateCache());

describe("faucetBalanceState", () => {
  it("is ok when every asset covers a drip above the minimum", async () => {
    expect(
      await faucetBalanceState(settings, fakeChain({ native: 11n, tUSD: 100n, tETH: 5n }, { n: 0 })),
    ).toBe("ok");
  });
  it("is refilling below the minimum or without a token drip", async () => {
    expect(
      await faucetBalanceState(settings, fakeChain({ native: 9n, tUSD: 100n, tETH: 5n }, { n: 0 })),
    ).toBe("refilling");
    resetFaucetStateCache();
    expect(
      await faucetBalanceState(settings, fakeChain({ native: 50n, tUSD: 99n, tETH: 5n }, { n: 0 })),
    ).toBe("refilling");
  });
  it("is unavailable when the chain cannot be read", async () => {
    const broken = () => {
      throw new Error("no contracts deployed");
    };
    expect(await faucetBalanceState(settings, broken)).toBe("unavailable");
  });
  it("reads the chain at most once per 15 s", async () => {
    const reads = { n: 0 };
    const chain = fakeChain({ native: 50n, tUSD: 100n, tETH: 5n }, reads);
    await Promise.all([faucetBalanceState(settings, chain), faucetBalanceState(settings, chain)]);
    await faucetBalanceState(settings, chain);
    expect(reads.n).toBe(1);
  });
});
