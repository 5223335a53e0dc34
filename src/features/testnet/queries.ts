import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { yielding } from "@/lib/yield-to-main";
import type { ChainStatus } from "./chain-status-types";

/**
 * The wagmi shape for UI reads: action (fetchChainStatus) → query options with a key factory →
 * thin hook (useChainStatus in components/). Importable from client code only through here.
 */
export const CHAIN_STATUS_POLL_MS = 5_000;

export const testnetKeys = {
  all: ["testnet"] as const,
  status: () => [...testnetKeys.all, "status"] as const,
};

export async function fetchChainStatus(signal?: AbortSignal): Promise<ChainStatus> {
  return apiFetch<ChainStatus>("/api/chain/status", { signal });
}

export function chainStatusQueryOptions(initialData?: ChainStatus) {
  return queryOptions({
    queryKey: testnetKeys.status(),
    queryFn: yielding(({ signal }) => fetchChainStatus(signal)),
    refetchInterval: CHAIN_STATUS_POLL_MS,
    // Polling replaces retries: a failed probe is already reported in the body as rpc.ok = false.
    retry: 1,
    initialData,
    initialDataUpdatedAt: initialData ? Date.now() : undefined,
  });
}
