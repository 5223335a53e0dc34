import type { Deployment } from "@/chain/deployment";
import type { KnownContract } from "../recipient";

/**
 * Every contract of our deployment, named, for the send review's contract warning: tokens, the AMM
 * (factory, router, pools), staking, the faucet's Disperse and the airdrop distributors. Any other
 * address with code is caught by the review's getCode check.
 */
export function knownContracts(
  d: Deployment,
  opts: { nativeSymbol: string; distributors?: readonly { address: string }[] },
): KnownContract[] {
  const c = d.contracts;
  const wrapped = `W${opts.nativeSymbol}`;
  const pool = (key: string) => `${key.replace("WAURUM", wrapped)} pool`;
  return [
    { address: c.wrappedNative.address, label: `${wrapped} token contract` },
    { address: c.tUSD.address, label: "tUSD token contract" },
    { address: c.tETH.address, label: "tETH token contract" },
    { address: c.factory.address, label: "pool factory" },
    { address: c.router.address, label: "swap router" },
    { address: c.disperse.address, label: "faucet's payout contract" },
    { address: c.stakingWAURUM.address, label: `${wrapped} staking contract` },
    { address: c.stakingLP.address, label: "LP staking contract" },
    ...Object.entries(d.pairs).map(([key, address]) => ({ address, label: pool(key) })),
    ...(opts.distributors ?? []).map((x) => ({ address: x.address, label: "airdrop distributor" })),
  ];
}
