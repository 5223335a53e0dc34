import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { balancesRecentlyChanged } from "@/lib/balance-freshness";
import { yielding, yieldToMain } from "@/lib/yield-to-main";
import type { BalanceResponse } from "./balances";
import type { ActivityItem, HistoryPage } from "./types";

/**
 * Client reads in the wagmi shape: fetch… action → query options (key factory) → thin hook. The
 * account modal's Tokens and Activity tabs use the same options, so both views share one cache.
 */
export const walletKeys = {
  all: ["wallet"] as const,
  balances: (address: string) => [...walletKeys.all, "balances", address.toLowerCase()] as const,
  history: (address: string) => [...walletKeys.all, "history", address.toLowerCase()] as const,
};

/** Balances of `address` (the server caches 30 s per address; `force` reads the chain again). */
export function fetchBalances(address: string, opts: { force?: boolean; signal?: AbortSignal } = {}) {
  const q = opts.force || balancesRecentlyChanged() ? "?forceUpdate=true" : "";
  return apiFetch<BalanceResponse>(`/api/account/${address}/balance${q}`, {
    signal: opts.signal,
    cache: "no-store",
  });
}

// After our own transaction the browser's 15 s cache of the history would hide it; skip it for a while.
let bypassHistoryCacheUntil = 0;
export function bypassHistoryCache(ms = 60_000) {
  bypassHistoryCacheUntil = Date.now() + ms;
}

/** One page of `address`'s activity, newest first. */
export function fetchHistory(address: string, cursor: string | null, signal?: AbortSignal) {
  const q = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  const cache: RequestCache = Date.now() < bypassHistoryCacheUntil ? "no-cache" : "default";
  return apiFetch<HistoryPage>(`/api/account/${address}/history${q}`, { signal, cache });
}

/**
 * The seed: a failed balance read shows "Token Balance Unavailable" and blocks the next request for
 * 30 s ("Token balance retry backoff 30 s"), instead of the app-wide 3 quick retries.
 */
export const BALANCE_RETRY_BACKOFF_MS = 30_000;

/** Mounting a view, focusing the tab or reconnecting reads again only once a failure is 30 s old. */
const pastBackoff = (query: { state: { status: string; errorUpdatedAt: number } }) =>
  query.state.status !== "error" || Date.now() - query.state.errorUpdatedAt >= BALANCE_RETRY_BACKOFF_MS;

export function balancesQueryOptions(address: string | null | undefined) {
  return queryOptions({
    queryKey: walletKeys.balances(address ?? ""),
    queryFn: yielding(({ signal }) => fetchBalances(address ?? "", { signal })),
    enabled: Boolean(address),
    staleTime: 30_000,
    refetchInterval: BALANCE_RETRY_BACKOFF_MS,
    retry: false,
    // A failed read without data would otherwise load again on every mount, whatever refetchOnMount says.
    retryOnMount: false,
    refetchOnMount: pastBackoff,
    refetchOnWindowFocus: pastBackoff,
    refetchOnReconnect: pastBackoff,
  });
}

export function historyQueryOptions(
  address: string | null | undefined,
  opts: { pollMs?: number | false } = {},
) {
  return infiniteQueryOptions({
    queryKey: walletKeys.history(address ?? ""),
    queryFn: async ({ pageParam, signal }) => {
      await yieldToMain(); // the first fetch starts in a task of its own: src/lib/yield-to-main.ts, `yielding`
      return fetchHistory(address ?? "", pageParam, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: Boolean(address),
    staleTime: 15_000,
    refetchInterval: opts.pollMs ?? 15_000,
  });
}

export function useBalances(address: string | null | undefined) {
  return useQuery(balancesQueryOptions(address));
}

export function useHistory(address: string | null | undefined, opts: { pollMs?: number | false } = {}) {
  return useInfiniteQuery(historyQueryOptions(address, opts));
}

/** Every loaded activity row, in order. */
export const flattenHistory = (pages: readonly HistoryPage[] | undefined): ActivityItem[] =>
  pages?.flatMap((p) => p.data) ?? [];
