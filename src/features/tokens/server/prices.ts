import { testnetClient } from "@/chain/clients";
import type { Deployment } from "@/chain/deployment";
import { type PriceMap, pricesFromPools } from "../pricing";
import { currentDeployment, getTokenList, readPools } from "./chain-state";

/** The seed's token price cache lifetime. */
export const PRICE_CACHE_MS = 15_000;

type Entry = { at: number; key: string; prices: PriceMap };
let cache: Entry | undefined;
let inflight: { key: string; promise: Promise<PriceMap> } | undefined;

/**
 * USD prices (per whole token) of every testnet token and LP token, from pool reserves against tUSD.
 * Cached 15 s per deployment; concurrent callers share one read. Keys: lower-case addresses (the
 * native coin is priced under NATIVE_TOKEN_ADDRESS as well as its wrapped token).
 */
export async function getPrices(
  deployment: Deployment | null = currentDeployment(),
  now = Date.now(),
): Promise<PriceMap> {
  if (!deployment) return new Map();
  const key = `${deployment.chainId}:${deployment.contracts.router.address}`;
  if (cache && cache.key === key && now - cache.at < PRICE_CACHE_MS) return cache.prices;
  if (inflight?.key === key) return inflight.promise;
  const promise = (async () => {
    const pools = await readPools(testnetClient(), deployment);
    const tokens = getTokenList(deployment);
    const decimals = new Map<string, number>();
    for (const t of tokens) decimals.set(t.poolAddress.toLowerCase(), t.decimals);
    const prices = pricesFromPools({ pools, decimals, usd: deployment.contracts.tUSD.address });
    const native = tokens.find((t) => t.isNative);
    const wrapped = native && prices.get(native.poolAddress.toLowerCase());
    if (native && wrapped !== undefined) prices.set(native.address.toLowerCase(), wrapped);
    cache = { at: Date.now(), key, prices };
    return prices;
  })();
  inflight = { key, promise };
  try {
    return await promise;
  } finally {
    if (inflight?.promise === promise) inflight = undefined;
  }
}

export function resetPriceCacheForTests(): void {
  cache = undefined;
  inflight = undefined;
}
