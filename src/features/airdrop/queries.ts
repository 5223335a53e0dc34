import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { AdminRound, PublicRound } from "./schema";
import type { Simulation } from "./stats";

// Client reads in the wagmi shape: fetch… → query options with a key factory → hooks in components.

export const airdropKeys = {
  all: ["airdrop"] as const,
  /** Per signed-in address: signing in as another address never shows the previous one's rounds. */
  mine: (address: string | null) => [...airdropKeys.all, "mine", address?.toLowerCase() ?? null] as const,
  admin: () => [...airdropKeys.all, "admin"] as const,
  simulation: (id: string) => [...airdropKeys.all, "simulation", id] as const,
};

/** The session's rounds with its eligibility; nothing is fetched without a signed-in address. */
export function myRoundsQueryOptions(address: string | null) {
  return queryOptions({
    queryKey: airdropKeys.mine(address),
    queryFn: ({ signal }) => apiFetch<{ rounds: PublicRound[] }>("/api/airdrop", { signal }),
    enabled: Boolean(address),
    refetchOnWindowFocus: true,
  });
}

export function adminRoundsQueryOptions(poll: boolean) {
  return queryOptions({
    queryKey: airdropKeys.admin(),
    queryFn: ({ signal }) => apiFetch<{ rounds: AdminRound[] }>("/api/admin/airdrop/rounds", { signal }),
    refetchInterval: poll ? 1_000 : false,
  });
}

export function simulationQueryOptions(id: string) {
  return queryOptions({
    queryKey: airdropKeys.simulation(id),
    queryFn: ({ signal }) =>
      apiFetch<Simulation & { participants: number; snapshotAt: string }>(
        `/api/admin/airdrop/rounds/${id}/simulation`,
        { signal },
      ),
    staleTime: 30_000,
  });
}

/** POST (or DELETE) JSON to an admin route with the API's error shape. */
export const postJson = <T>(url: string, body: unknown = {}, method: "POST" | "DELETE" = "POST") =>
  apiFetch<T>(url, { method, body });
