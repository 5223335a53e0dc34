import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Address, erc20Abi } from "viem";
import { type Config, useConfig } from "wagmi";
import { getBalance, readContracts } from "wagmi/actions";
import { apiFetch } from "@/lib/api-client";
import { yielding, yieldToMain } from "@/lib/yield-to-main";
import type { Token } from "./tokens";

/**
 * Client reads in the wagmi shape: action (fetch…) → query options with a key factory → thin hook.
 * Confirmed transactions invalidate these keys (see the swap feature's transaction runner).
 */
export const tokenKeys = {
  all: ["tokens"] as const,
  balances: (chainId: number, address: Address | undefined, ids: readonly string[]) =>
    [...tokenKeys.all, "balances", chainId, address?.toLowerCase() ?? null, ids.join(",")] as const,
  prices: (addresses: readonly string[]) =>
    [...tokenKeys.all, "prices", [...addresses].sort().join(",")] as const,
};

export type Balances = Record<string, bigint>;

/** Balances of `tokens` (native via eth_getBalance, ERC-20s in one batch), keyed by token id. */
export async function fetchTokenBalances(
  config: Config,
  { chainId, address, tokens }: { chainId: number; address: Address; tokens: readonly Token[] },
): Promise<Balances> {
  const erc20 = tokens.filter((t) => !t.isNative);
  // Not in the task that starts every query of the page (src/lib/yield-to-main.ts).
  await yieldToMain();
  const [native, results] = await Promise.all([
    tokens.some((t) => t.isNative) ? getBalance(config, { address, chainId }) : undefined,
    readContracts(config, {
      allowFailure: false,
      contracts: erc20.map((t) => ({
        address: t.address,
        abi: erc20Abi,
        functionName: "balanceOf" as const,
        args: [address] as const,
        chainId,
      })),
    }),
  ]);
  const out: Balances = {};
  for (const t of tokens) if (t.isNative && native) out[t.id] = native.value;
  erc20.forEach((t, i) => {
    out[t.id] = results[i] as bigint;
  });
  return out;
}

export function tokenBalancesQueryOptions(
  config: Config,
  args: { chainId: number; address: Address | undefined; tokens: readonly Token[] },
) {
  return queryOptions({
    queryKey: tokenKeys.balances(
      args.chainId,
      args.address,
      args.tokens.map((t) => t.id),
    ),
    queryFn: () => fetchTokenBalances(config, { ...args, address: args.address as Address }),
    enabled: Boolean(args.address),
    refetchInterval: 15_000,
  });
}

export function useTokenBalances(tokens: readonly Token[], address: Address | undefined) {
  const config = useConfig();
  const chainId = tokens[0]?.chainId ?? 0;
  return useQuery(tokenBalancesQueryOptions(config, { chainId, address, tokens }));
}

/** USD prices by CAIP address (POST /api/fungible/price; the server caches 15 s). */
export async function fetchPrices(
  addresses: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const body = await apiFetch<{ fungibles: { address: string; price: number }[] }>("/api/fungible/price", {
    method: "POST",
    body: { currency: "usd", addresses },
    signal,
  });
  return Object.fromEntries(body.fungibles.map((f) => [f.address.toLowerCase(), f.price]));
}

export function pricesQueryOptions(addresses: readonly string[]) {
  return queryOptions({
    queryKey: tokenKeys.prices(addresses),
    // Not in the effects flush that subscribes every query of the page (src/lib/yield-to-main.ts).
    queryFn: yielding(({ signal }) => fetchPrices(addresses, signal)),
    staleTime: 15_000,
    refetchInterval: 15_000,
    enabled: addresses.length > 0,
  });
}

export function usePrices(addresses: readonly string[]) {
  return useQuery(pricesQueryOptions(addresses));
}
