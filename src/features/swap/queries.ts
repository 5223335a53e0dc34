import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { erc20Abi } from "viem";
import { type Config, useConfig } from "wagmi";
import { readContracts } from "wagmi/actions";
import { pairAbi } from "@/chain/generated";
import type { AmmEnv, PoolState } from "@/features/tokens";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { yieldToMain } from "@/lib/yield-to-main";
import type { Side } from "./routing";

/** Client reads of the swap feature, in the wagmi shape: action → query options (key factory) → hook. */
export const swapKeys = {
  all: ["swap"] as const,
  quote: (p: QuoteParams) =>
    [...swapKeys.all, "quote", p.from, p.to, p.side, p.amount.toString(), p.slippageBps] as const,
  pools: (chainId: number, account: Address | undefined) =>
    [...swapKeys.all, "pools", chainId, account?.toLowerCase() ?? null] as const,
};

export type QuoteParams = { from: string; to: string; side: Side; amount: bigint; slippageBps: number };

/** GET /api/convert/quotes, amounts as bigint. */
export type ApiQuote = {
  kind: "swap" | "wrap" | "unwrap";
  side: Side;
  fromAmount: bigint;
  toAmount: bigint;
  route: string[];
  path: Address[];
  amounts: bigint[];
  priceImpactBps: number;
  fee: bigint;
  minimumReceived: bigint;
  maximumSold: bigint;
};

export async function fetchQuote(p: QuoteParams, signal?: AbortSignal): Promise<ApiQuote> {
  const qs = new URLSearchParams({
    from: p.from,
    to: p.to,
    side: p.side,
    amount: p.amount.toString(),
    slippage: String(p.slippageBps / 100),
  });
  const body = await apiFetch<{ quotes?: Record<string, unknown>[] }>(`/api/convert/quotes?${qs}`, {
    signal,
  });
  const q = body?.quotes?.[0];
  if (!q) throw new ApiClientError(200, "No quote for this pair.", null, "NO_QUOTE");
  return {
    kind: q.kind as ApiQuote["kind"],
    side: q.side as Side,
    fromAmount: BigInt(q.fromAmount as string),
    toAmount: BigInt(q.toAmount as string),
    route: q.route as string[],
    path: (q.path as string[]).map((c) => c.split(":")[2] as Address),
    amounts: (q.amounts as string[]).map((a) => BigInt(a)),
    priceImpactBps: Math.round(Number(q.priceImpact) * 100),
    fee: BigInt(q.fee as string),
    minimumReceived: BigInt(q.minimumReceived as string),
    maximumSold: BigInt(q.maximumSold as string),
  };
}

/** Quotes refresh every 12 s (about as often as the Uniswap interface) and on every input change. */
export const QUOTE_REFRESH_MS = 12_000;

export function quoteQueryOptions(p: QuoteParams | null) {
  return queryOptions({
    queryKey: p ? swapKeys.quote(p) : [...swapKeys.all, "quote", "idle"],
    queryFn: ({ signal }) => fetchQuote(p as QuoteParams, signal),
    enabled: p !== null,
    refetchInterval: QUOTE_REFRESH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useQuote(p: QuoteParams | null) {
  return useQuery(quoteQueryOptions(p));
}

export type PoolWithPosition = PoolState & { key: AmmEnv["pairs"][number]["key"]; lpBalance: bigint };

/** Reserves, LP supply and the account's LP balance of every deployed pool, in one batch. */
export async function fetchPools(
  config: Config,
  env: AmmEnv,
  account: Address | undefined,
): Promise<PoolWithPosition[]> {
  const calls = env.pairs.flatMap((p) => [
    { address: p.address, abi: pairAbi, functionName: "getReserves" as const, chainId: env.chainId },
    { address: p.address, abi: pairAbi, functionName: "totalSupply" as const, chainId: env.chainId },
    ...(account
      ? [
          {
            address: p.address,
            abi: erc20Abi,
            functionName: "balanceOf" as const,
            args: [account] as const,
            chainId: env.chainId,
          },
        ]
      : []),
  ]);
  // Not in the task that starts every query of the page (src/lib/yield-to-main.ts).
  await yieldToMain();
  const results = (await readContracts(config, { contracts: calls, allowFailure: false })) as unknown[];
  const per = account ? 3 : 2;
  return env.pairs.map((p, i) => {
    const [reserve0, reserve1] = results[i * per] as readonly [bigint, bigint, number];
    return {
      key: p.key,
      address: p.address,
      token0: p.token0,
      token1: p.token1,
      reserve0,
      reserve1,
      totalSupply: results[i * per + 1] as bigint,
      lpBalance: account ? (results[i * per + 2] as bigint) : 0n,
    };
  });
}

export function poolsQueryOptions(config: Config, env: AmmEnv, account: Address | undefined) {
  return queryOptions({
    queryKey: swapKeys.pools(env.chainId, account),
    queryFn: () => fetchPools(config, env, account),
    refetchInterval: 15_000,
  });
}

export function usePools(env: AmmEnv, account: Address | undefined) {
  const config = useConfig();
  return useQuery(poolsQueryOptions(config, env, account));
}
