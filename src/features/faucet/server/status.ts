import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { FAUCET_ASSETS, type FaucetState, type FaucetStatus } from "../schema";
import { type FaucetChain, faucetChainFromConfig, faucetStateFrom, readFaucetBalances } from "./chain";
import { latestClaimView, nextClaimAt } from "./claims";
import { ASSET_DECIMALS, type FaucetSettings, faucetSettings } from "./settings";

const STATE_TTL_MS = 15_000;
let cachedState: { at: number; value: Promise<FaucetState> } | undefined;

/**
 * Whether the faucet can pay one drip, read from the chain at most every 15 s per process (any
 * web process answers this, not only the one running the sender).
 */
export function faucetBalanceState(
  settings: FaucetSettings = faucetSettings(),
  chain: () => FaucetChain = faucetChainFromConfig,
): Promise<FaucetState> {
  const now = Date.now();
  if (cachedState && now - cachedState.at < STATE_TTL_MS) return cachedState.value;
  const value = (async (): Promise<FaucetState> => {
    try {
      const balances = await readFaucetBalances(chain());
      return faucetStateFrom(balances, settings, settings.drips);
    } catch (err) {
      logger.warn({ err: (err as Error).message }, "faucet balance unavailable");
      return "unavailable";
    }
  })();
  cachedState = { at: now, value };
  return value;
}

/** Tests: forget the cached balance state. */
export function resetFaucetStateCache(): void {
  cachedState = undefined;
}

export async function faucetStatus(
  db: Db,
  who: { userId: string; address: string },
  settings: FaucetSettings = faucetSettings(),
): Promise<FaucetStatus> {
  const symbols = { native: config().NATIVE_SYMBOL, tUSD: "tUSD", tETH: "tETH" } as const;
  const [next, lastClaim, state] = await Promise.all([
    nextClaimAt(db, who.address),
    latestClaimView(db, who.userId),
    faucetBalanceState(settings),
  ]);
  return {
    drips: FAUCET_ASSETS.filter((a) => settings.drips[a] > 0n).map((asset) => ({
      asset,
      symbol: symbols[asset],
      decimals: ASSET_DECIMALS[asset],
      amount: settings.drips[asset].toString(),
    })),
    cooldownSeconds: settings.cooldownSeconds,
    nextClaimAt: next ? next.toISOString() : null,
    state,
    lastClaim,
  };
}
