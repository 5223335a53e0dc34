import { queryOptions } from "@tanstack/react-query";
import { readApiResponse } from "@/lib/api-client";
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
    queryFn: async ({ signal }) =>
      readApiResponse<{ rounds: PublicRound[] }>(await fetch("/api/airdrop", { signal, cache: "no-store" })),
    enabled: Boolean(address),
    refetchOnWindowFocus: true,
  });
}

export function adminRoundsQueryOptions(poll: boolean) {
  return queryOptions({
    queryKey: airdropKeys.admin(),
    queryFn: async ({ signal }) =>
      readApiResponse<{ rounds: AdminRound[] }>(
        await fetch("/api/admin/airdrop/rounds", { signal, cache: "no-store" }),
      ),
    refetchInterval: poll ? 1_000 : false,
  });
}

export function simulationQueryOptions(id: string) {
  return queryOptions({
    queryKey: airdropKeys.simulation(id),
    queryFn: async ({ signal }) =>
      readApiResponse<Simulation & { participants: number; snapshotAt: string }>(
        await fetch(`/api/admin/airdrop/rounds/${id}/simulation`, { signal, cache: "no-store" }),
      ),
    staleTime: 30_000,
  });
}

/** POST (or DELETE) JSON to an admin route with the API's error shape. */
export async function postJson<T>(
  url: string,
  body: unknown = {},
  method: "POST" | "DELETE" = "POST",
): Promise<T> {
  return readApiResponse<T>(
    await fetch(url, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}
