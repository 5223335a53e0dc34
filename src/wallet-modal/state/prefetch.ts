import type { QueryClient } from "@tanstack/react-query";
import { probeRpc } from "../lib/doctor";
import { fetchWallets, walletsQueryKey } from "../registry/fetch";

export const rpcHealthKey = (rpcUrl: string) => ["wallet-modal", "rpc-health", rpcUrl] as const;

export function rpcHealthOptions(rpcUrl: string, chainId: number) {
  return {
    queryKey: rpcHealthKey(rpcUrl),
    queryFn: () => probeRpc(rpcUrl, chainId),
    staleTime: 30_000,
    retry: false,
  } as const;
}

/**
 * The seed: opening the modal prefetches wallet and network data. The first page of the wallet list
 * (JSON only; icons load when AllWallets shows) and the testnet RPC's health, which the modal reports.
 */
export function prefetchOnOpen(queryClient: QueryClient, rpcUrl: string, chainId: number): void {
  void queryClient.prefetchInfiniteQuery({
    queryKey: walletsQueryKey(""),
    queryFn: ({ signal }) => fetchWallets(1, "", signal),
    initialPageParam: 1,
    staleTime: 5 * 60_000,
  });
  void queryClient.prefetchQuery(rpcHealthOptions(rpcUrl, chainId));
}
