/**
 * The local chain's starting state, sent by `npm run deploy` right after the contracts
 * (scripts/deploy.ts, `seedLocalState`): liquidity in the three pools, a reward period on both
 * staking pools, and the faucet's account funded so it can pay claims at once. The deployer mints
 * the test tokens freely, so this runs on local chains only.
 */
import { type Address, parseUnits } from "viem";
import { routerAbi, stakingRewardsAbi, testTokenAbi } from "../../src/chain/generated";
import type { Sender } from "./tx-sender";

/** Seed amounts. Prices: 1 AURUM = 2 tUSD, 1 tETH = 3000 tUSD = 1500 AURUM. */
export const SEED = {
  pools: {
    "WAURUM/tUSD": { native: parseUnits("100000", 18), token: parseUnits("200000", 6) },
    "WAURUM/tETH": { native: parseUnits("150000", 18), token: parseUnits("100", 18) },
    "tETH/tUSD": { tETH: parseUnits("100", 18), tUSD: parseUnits("300000", 6) },
  },
  stakingRewards: parseUnits("100000", 6), // per staking pool, over the reward period (REWARDS_DURATION, scripts/deploy.ts)
  faucet: { native: parseUnits("100000", 18), tUSD: parseUnits("1000000", 6), tETH: parseUnits("1000", 18) },
} as const;

export async function seedLocalChain(
  tx: Sender,
  c: Record<"me" | "wrappedNative" | "tUSD" | "tETH" | "router" | "stakingWAURUM" | "stakingLP", Address>,
  faucet: Address | undefined,
) {
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const p = SEED.pools;
  const tUSDForPools = p["WAURUM/tUSD"].token + p["tETH/tUSD"].tUSD;
  const tETHNeeded = p["WAURUM/tETH"].token + p["tETH/tUSD"].tETH;
  await tx.call("mint tUSD", c.tUSD, testTokenAbi, "mint", [c.me, tUSDForPools + 2n * SEED.stakingRewards]);
  await tx.call("mint tETH", c.tETH, testTokenAbi, "mint", [c.me, tETHNeeded]);
  // The router pulls at most the pools' amounts: the deployer approves exactly those, like every
  // approval the portal asks for (never an unlimited allowance).
  await tx.call("approve tUSD", c.tUSD, testTokenAbi, "approve", [c.router, tUSDForPools]);
  await tx.call("approve tETH", c.tETH, testTokenAbi, "approve", [c.router, tETHNeeded]);
  const nativePools = [
    ["WAURUM/tUSD", c.tUSD],
    ["WAURUM/tETH", c.tETH],
  ] as const;
  for (const [pool, token] of nativePools) {
    const { native, token: amount } = p[pool];
    await tx.call(
      `liquidity ${pool}`,
      c.router,
      routerAbi,
      "addLiquidityETH",
      [token, amount, 0n, 0n, c.me, deadline],
      native,
    );
  }
  await tx.call("liquidity tETH/tUSD", c.router, routerAbi, "addLiquidity", [
    c.tETH,
    c.tUSD,
    p["tETH/tUSD"].tETH,
    p["tETH/tUSD"].tUSD,
    0n,
    0n,
    c.me,
    deadline,
  ]);
  for (const staking of [c.stakingWAURUM, c.stakingLP]) {
    await tx.call(`approve rewards ${staking}`, c.tUSD, testTokenAbi, "approve", [
      staking,
      SEED.stakingRewards,
    ]);
    await tx.call(`notify rewards ${staking}`, staking, stakingRewardsAbi, "notifyRewardAmount", [
      SEED.stakingRewards,
    ]);
  }
  if (faucet) {
    await tx.send("fund faucet native", { to: faucet, data: "0x", value: SEED.faucet.native });
    await tx.call("fund faucet tUSD", c.tUSD, testTokenAbi, "mint", [faucet, SEED.faucet.tUSD]);
    await tx.call("fund faucet tETH", c.tETH, testTokenAbi, "mint", [faucet, SEED.faucet.tETH]);
  }
}
