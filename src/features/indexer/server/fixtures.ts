import type { Deployment } from "@/chain/deployment";

/** A deployment with fixed fake addresses, for unit tests of decoding and activity. */
export function fakeDeployment(): Deployment {
  const a = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as `0x${string}`;
  const c = (n: number) => ({
    address: a(n),
    block: 5 + n,
    tx: `0x${n.toString(16).padStart(64, "0")}` as `0x${string}`,
  });
  return {
    chainId: 99199,
    deployedAt: "2026-01-01T00:00:00.000Z",
    deployer: a(0xdead),
    contracts: {
      wrappedNative: c(1),
      tUSD: c(2),
      tETH: c(3),
      factory: c(4),
      router: c(5),
      disperse: c(6),
      stakingWAURUM: c(7),
      stakingLP: c(8),
    },
    pairs: { "WAURUM/tUSD": a(0x11), "WAURUM/tETH": a(0x12), "tETH/tUSD": a(0x13) },
  };
}
