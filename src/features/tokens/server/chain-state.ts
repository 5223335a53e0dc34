import type { Address, PublicClient } from "viem";
import { type Deployment, PAIR_KEYS, tryLoadDeployment } from "@/chain/deployment";
import { pairAbi } from "@/chain/generated";
import { config } from "@/server/config";
import { ApiError } from "@/server/errors";
import { type PoolState, sortTokens } from "../pools";
import { type AmmEnv, buildTokenList, pairTokenIds, type Token } from "../tokens";

/** The deployment of the configured testnet, or null before `npm run deploy` has run. */
export function currentDeployment(): Deployment | null {
  return tryLoadDeployment(config().TESTNET_CHAIN_ID);
}

/** The deployment, or a 503 the API answers with (a server state, not a client error). */
export function requireDeployment(): Deployment {
  const d = currentDeployment();
  if (!d)
    throw new ApiError(
      503,
      "NOT_DEPLOYED",
      "Swaps are not available yet: the testnet contracts are not deployed",
    );
  return d;
}

/** The testnet token list (native, wrapped native, tUSD, tETH) for a deployment (default: the configured one). */
export function getTokenList(deployment: Deployment | null = currentDeployment()): Token[] {
  if (!deployment) return [];
  const c = config();
  return buildTokenList(deployment, { name: c.nativeCurrencyName, symbol: c.NATIVE_SYMBOL });
}

/** Pool addresses and their sorted tokens, straight from the deployment file. */
export function deployedPools(
  d: Deployment,
): { key: (typeof PAIR_KEYS)[number]; address: Address; token0: Address; token1: Address }[] {
  const tokens = buildTokenList(d, { name: "", symbol: "" });
  const addr = (id: string) => tokens.find((t) => t.id === id)!.address;
  return PAIR_KEYS.map((key) => {
    const [a, b] = pairTokenIds(key);
    const [token0, token1] = sortTokens(addr(a), addr(b));
    return { key, address: d.pairs[key], token0, token1 };
  });
}

/**
 * Reserves and LP supply of every deployed pool, read in one round of concurrent calls (batched
 * into one multicall when the chain has Multicall3, otherwise sent in parallel).
 */
export async function readPools(client: PublicClient, d: Deployment): Promise<PoolState[]> {
  const pools = deployedPools(d);
  const results = await Promise.all(
    pools.flatMap((p) => [
      client.readContract({ address: p.address, abi: pairAbi, functionName: "getReserves" }),
      client.readContract({ address: p.address, abi: pairAbi, functionName: "totalSupply" }),
    ]),
  );
  return pools.map((p, i) => {
    const [reserve0, reserve1] = results[2 * i] as readonly [bigint, bigint, number];
    return {
      address: p.address,
      token0: p.token0,
      token1: p.token1,
      reserve0,
      reserve1,
      totalSupply: results[2 * i + 1] as bigint,
    };
  });
}

/** Serialisable AMM facts for client components (null before the contracts are deployed). */
export function getAmmEnv(deployment: Deployment | null = currentDeployment()): AmmEnv | null {
  if (!deployment) return null;
  const c = deployment.contracts;
  return {
    chainId: deployment.chainId,
    explorerUrl: config().explorerUrl,
    tokens: getTokenList(deployment),
    contracts: {
      router: c.router.address,
      factory: c.factory.address,
      wrappedNative: c.wrappedNative.address,
      tUSD: c.tUSD.address,
      tETH: c.tETH.address,
      stakingWAURUM: c.stakingWAURUM.address,
      stakingLP: c.stakingLP.address,
    },
    pairs: deployedPools(deployment),
  };
}
