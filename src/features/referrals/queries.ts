import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ReferralsMe } from "./schema";

export const referralsKeys = { all: ["referrals"] as const, me: () => ["referrals", "me"] as const };

export const fetchReferrals = async (signal?: AbortSignal): Promise<ReferralsMe> =>
  apiFetch("/api/referrals/me", { signal });

export function referralsQueryOptions() {
  return queryOptions({
    queryKey: referralsKeys.me(),
    queryFn: ({ signal }) => fetchReferrals(signal),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}
