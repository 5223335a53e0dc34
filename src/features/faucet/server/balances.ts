import { logger } from "@/server/logger";
import { rpcErrorForLog } from "@/server/rpc-error";
import type { FaucetState } from "../schema";
import {
  type FaucetBalances,
  type FaucetChain,
  faucetChainFromConfig,
  faucetStateFrom,
  readFaucetBalances,
} from "./chain";
import { type FaucetSettings, faucetSettings } from "./settings";

const TTL_MS = 15_000;
let cached: { at: number; value: Promise<FaucetBalances | null> } | undefined;

/**
 * The faucet account's balances, read from the chain at most every 15 s per process (any web
 * process answers the status and scales drips, not only the one running the sender); null when the
 * chain cannot be read.
 */
export function cachedFaucetBalances(
  chain: () => FaucetChain = faucetChainFromConfig,
): Promise<FaucetBalances | null> {
  const now = Date.now();
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = (async () => {
    try {
      return await readFaucetBalances(chain());
    } catch (err) {
      logger.warn({ err: rpcErrorForLog(err) }, "faucet balance unavailable");
      return null;
    }
  })();
  cached = { at: now, value };
  return value;
}

/** Whether the faucet can pay one drip. */
export async function faucetBalanceState(
  settings: FaucetSettings = faucetSettings(),
  chain: () => FaucetChain = faucetChainFromConfig,
): Promise<FaucetState> {
  const balances = await cachedFaucetBalances(chain);
  return balances ? faucetStateFrom(balances, settings, settings.drips) : "unavailable";
}

/** Tests: forget the cached balances. */
export function resetFaucetStateCache(): void {
  cached = undefined;
}
