import { queryOptions } from "@tanstack/react-query";
import { readApi } from "@/features/points";
import type { ReferralsMe } from "./schema";

export const referralsKeys = { all: ["referrals"] as const, me: () => ["referrals", "me"] as const };

export const fetchReferrals = async (signal?: AbortSignal): Promise<ReferralsMe> =>
  readApi(await fetch("/api/referrals/me", { signal, cache: "no-store" }));

export function referralsQueryOptions() {
  return queryOptions({
    queryKey: referralsKeys.me(),
    queryFn: ({ signal }) => fetchReferrals(signal),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}
