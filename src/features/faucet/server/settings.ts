import { parseUnits } from "viem";
import { config } from "@/server/config";
import type { FaucetAsset } from "../schema";

/**
 * Decimals of the faucet's assets as deployed by scripts/deploy.ts (tUSD: 6, tETH: 18). The sender
 * checks them against the token contracts before it pays anything.
 */
export const ASSET_DECIMALS: Record<FaucetAsset, number> = { native: 18, tUSD: 6, tETH: 18 };

export type FaucetSettings = {
  drips: Record<FaucetAsset, bigint>;
  cooldownSeconds: number;
  ipLimit: number;
  /** Native base units below which the sender stops (and the faucet shows "refilling"). */
  minNativeBalance: bigint;
};

/** Drip amounts and limits from the environment, in base units. */
export function faucetSettings(): FaucetSettings {
  const c = config();
  return {
    drips: {
      native: parseUnits(c.FAUCET_DRIP_NATIVE, ASSET_DECIMALS.native),
      tUSD: parseUnits(c.FAUCET_DRIP_TUSD, ASSET_DECIMALS.tUSD),
      tETH: parseUnits(c.FAUCET_DRIP_TETH, ASSET_DECIMALS.tETH),
    },
    cooldownSeconds: c.FAUCET_COOLDOWN_SECONDS,
    ipLimit: c.FAUCET_IP_LIMIT,
    minNativeBalance: parseUnits(c.FAUCET_MIN_BALANCE, 18),
  };
}
