import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { HistoryPage, Leaderboard, PointsSummary } from "./schema";

// Client reads in the wagmi shape: fetch… → query options with a key factory → hooks in components.

export const pointsKeys = {
  all: ["points"] as const,
  summary: () => [...pointsKeys.all, "summary"] as const,
  history: () => [...pointsKeys.all, "history"] as const,
  leaderboard: () => ["leaderboard"] as const,
};

export const fetchPoints = async (signal?: AbortSignal): Promise<PointsSummary> =>
  apiFetch("/api/points", { signal });

export const fetchHistory = async (cursor: string | null, signal?: AbortSignal): Promise<HistoryPage> =>
  apiFetch(`/api/points/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { signal });

export const fetchLeaderboard = async (signal?: AbortSignal): Promise<Leaderboard> =>
  apiFetch("/api/leaderboard", { signal });

/** Refetched on focus and every 30 s, so credits made elsewhere show up without a reload. */
export function pointsQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.summary(),
    queryFn: ({ signal }) => fetchPoints(signal),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function historyQueryOptions() {
  return infiniteQueryOptions({
    queryKey: pointsKeys.history(),
    queryFn: ({ pageParam, signal }) => fetchHistory(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export function leaderboardQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.leaderboard(),
    queryFn: ({ signal }) => fetchLeaderboard(signal),
    refetchInterval: 60_000,
  });
}
