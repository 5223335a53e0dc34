import { type Query, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { yielding } from "@/lib/yield-to-main";
import type { ClaimCreated, ClaimView, FaucetStatus, PowChallenge } from "./schema";

/**
 * Client reads in the wagmi shape: action (fetch…) → query options with a key factory → thin
 * hooks in components/. Client-safe (no server imports).
 */
export const faucetKeys = {
  all: ["faucet"] as const,
  status: () => [...faucetKeys.all, "status"] as const,
  claim: (id: string) => [...faucetKeys.all, "claim", id] as const,
};

export { ApiClientError as FaucetApiError } from "@/lib/api-client";

export const fetchFaucetStatus = (signal?: AbortSignal) =>
  apiFetch<FaucetStatus>("/api/faucet/status", { signal });

export const fetchClaim = (id: string, signal?: AbortSignal) =>
  apiFetch<ClaimView>(`/api/faucet/claims/${encodeURIComponent(id)}`, { signal });

export const fetchChallenge = (signal?: AbortSignal) =>
  apiFetch<PowChallenge>("/api/faucet/challenge", { signal });

/** `altcha`: the solved challenge (pow/client.ts). */
export const postClaim = (altcha: string) =>
  apiFetch<ClaimCreated>("/api/faucet/claim", { body: { altcha } });

export const isFinalClaim = (status: ClaimView["status"] | undefined) =>
  status === "confirmed" || status === "failed";

export function faucetStatusQueryOptions() {
  return queryOptions({
    queryKey: faucetKeys.status(),
    queryFn: yielding(({ signal }) => fetchFaucetStatus(signal)),
    refetchInterval: 30_000,
    retry: 1,
  });
}

/** Polls a claim every 1.5 s until it is confirmed or failed. */
export function claimQueryOptions(id: string) {
  return queryOptions({
    queryKey: faucetKeys.claim(id),
    queryFn: ({ signal }) => fetchClaim(id, signal),
    refetchInterval: (q) => (isFinalClaim(q.state.data?.status) ? false : 1_500),
    retry: 2,
  });
}

// Query keys that hold on-chain balances: wagmi's own (useBalance, useReadContract(s)) and the
// token/wallet features' factories. Invalidated when a payout confirms so the header refreshes.
const BALANCE_KEY_ROOTS = new Set([
  "balance",
  "readContract",
  "readContracts",
  "tokens",
  "wallet",
  "account",
]);

export function isBalanceQuery(query: Pick<Query, "queryKey">): boolean {
  const root = query.queryKey[0];
  return typeof root === "string" && BALANCE_KEY_ROOTS.has(root);
}
