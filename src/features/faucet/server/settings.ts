import { parseGwei, parseUnits } from "viem";
import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { getSetting } from "@/server/settings";
import { ASSET_DECIMALS, type FaucetAsset } from "../schema";

export { ASSET_DECIMALS };

export type FaucetSettings = {
  /** Stops new claims (queued ones are still paid); the page says so. */
  paused: boolean;
  drips: Record<FaucetAsset, bigint>;
  cooldownSeconds: number;
  /** Claims per client address, and per /24 (IPv4) or /64 (IPv6), per cooldown window. */
  ipLimit: number;
  subnetLimit: number;
  /** Native base units below which the sender stops (and the faucet shows "refilling"). */
  minNativeBalance: bigint;
  /** Base units per asset the faucet may promise per UTC day. */
  dailyOutflow: Record<FaucetAsset, bigint>;
  /** Below `reduceBelowDrips` drips left, each drip is scaled by balance / (reduceBelowDrips × drip). */
  reduceBelowDrips: number;
  /** Recipients already holding more native coin than this (base units) are refused. */
  maxRecipientBalance: bigint;
  pow: { maxNumber: number; ttlSeconds: number };
  /** A transaction pending this long is re-signed with higher fees, never above `maxFeePerGas` (wei). */
  feeBump: { afterSeconds: number; maxFeePerGas: bigint };
};

/**
 * The faucet's runtime settings. Today from the environment; this is the one function the operator
 * console's settings table plugs into (drips, cooldown, pause), so callers never read env directly.
 */
export function faucetSettings(): FaucetSettings {
  const c = config();
  return {
    paused: c.FAUCET_PAUSED,
    drips: {
      native: parseUnits(c.FAUCET_DRIP_NATIVE, ASSET_DECIMALS.native),
      tUSD: parseUnits(c.FAUCET_DRIP_TUSD, ASSET_DECIMALS.tUSD),
      tETH: parseUnits(c.FAUCET_DRIP_TETH, ASSET_DECIMALS.tETH),
    },
    cooldownSeconds: c.FAUCET_COOLDOWN_SECONDS,
    ipLimit: c.FAUCET_IP_LIMIT,
    subnetLimit: c.FAUCET_SUBNET_LIMIT,
    minNativeBalance: parseUnits(c.FAUCET_MIN_BALANCE, 18),
    dailyOutflow: {
      native: parseUnits(c.FAUCET_DAILY_OUTFLOW_NATIVE, ASSET_DECIMALS.native),
      tUSD: parseUnits(c.FAUCET_DAILY_OUTFLOW_TUSD, ASSET_DECIMALS.tUSD),
      tETH: parseUnits(c.FAUCET_DAILY_OUTFLOW_TETH, ASSET_DECIMALS.tETH),
    },
    reduceBelowDrips: c.FAUCET_REDUCE_BELOW_DRIPS,
    maxRecipientBalance: parseUnits(c.FAUCET_MAX_RECIPIENT_BALANCE, 18),
    pow: { maxNumber: c.FAUCET_POW_MAXNUMBER, ttlSeconds: c.FAUCET_POW_TTL_SECONDS },
    feeBump: {
      afterSeconds: c.FAUCET_FEE_BUMP_AFTER_SECONDS,
      maxFeePerGas: parseGwei(c.FAUCET_MAX_FEE_GWEI),
    },
  };
}

/**
 * The settings in force now: the environment's, with what the operator changed in the console
 * (pause, drips, cooldown; README "Configuration" says which) on top. Cached for a few seconds per
 * process (src/server/settings.ts), so a change needs no restart.
 */
export async function liveFaucetSettings(db: Db): Promise<FaucetSettings> {
  const c = config();
  const base = faucetSettings();
  const [paused, native, tUSD, tETH, cooldownSeconds] = await Promise.all([
    getSetting(db, "faucet.paused", c.FAUCET_PAUSED),
    getSetting(db, "faucet.drip.native", c.FAUCET_DRIP_NATIVE),
    getSetting(db, "faucet.drip.tUSD", c.FAUCET_DRIP_TUSD),
    getSetting(db, "faucet.drip.tETH", c.FAUCET_DRIP_TETH),
    getSetting(db, "faucet.cooldownSeconds", c.FAUCET_COOLDOWN_SECONDS),
  ]);
  return {
    ...base,
    paused,
    drips: {
      // String(): a JSON setting written as a number reads back as one.
      native: parseUnits(String(native), ASSET_DECIMALS.native),
      tUSD: parseUnits(String(tUSD), ASSET_DECIMALS.tUSD),
      tETH: parseUnits(String(tETH), ASSET_DECIMALS.tETH),
    },
    cooldownSeconds: Number(cooldownSeconds),
  };
}
