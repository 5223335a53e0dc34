import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { readApi } from "./http";
import type { HistoryPage, Leaderboard, PointsSummary } from "./schema";

// Client reads in the wagmi shape: fetch… → query options with a key factory → hooks in components.

export const pointsKeys = {
  all: ["points"] as const,
  summary: () => [...pointsKeys.all, "summary"] as const,
  history: () => [...pointsKeys.all, "history"] as const,
  leaderboard: () => ["leaderboard"] as const,
};

export const fetchPoints = async (signal?: AbortSignal): Promise<PointsSummary> =>
  readApi(await fetch("/api/points", { signal, cache: "no-store" }));

export const fetchHistory = async (cursor: string | null, signal?: AbortSignal): Promise<HistoryPage> =>
  readApi(
    await fetch(`/api/points/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, {
      signal,
      cache: "no-store",
    }),
  );

export const fetchLeaderboard = async (signal?: AbortSignal): Promise<Leaderboard> =>
  readApi(await fetch("/api/leaderboard", { signal, cache: "no-store" }));

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
