import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { WalletListing, WalletPage } from "./listing";

/** The seed's timings for the wallet list. */
export const SEARCH_DEBOUNCE_MS = 300;
export const IMAGE_PREFETCH_COUNT = 20;
export const IMAGE_PREFETCH_TIMEOUT_MS = 2_000;

export function walletsQueryKey(search: string) {
  return ["wallet-modal", "wallets", search] as const;
}

/** The registry wallets this tab already fetched (opening the modal prefetches the first page). */
export function cachedWallets(queryClient: QueryClient): WalletListing[] {
  const data = queryClient.getQueryData<InfiniteData<WalletPage>>(walletsQueryKey(""));
  return data?.pages.flatMap((p) => p.data) ?? [];
}

/** One page of GET /api/wallets; a search asks for the seed's 100 results at once. */
export async function fetchWallets(page: number, search: string, signal?: AbortSignal): Promise<WalletPage> {
  const params = new URLSearchParams({ page: String(page), entries: search ? "100" : "40" });
  if (search) params.set("search", search);
  // The list is the same for everyone and the server sends it cacheable: the HTTP cache may answer.
  return apiFetch<WalletPage>(`/api/wallets?${params}`, { signal, cache: "default" });
}

/** What GET /api/wallets accepts in `include` (the registry's ids); a recent wallet outside it is only installed. */
const REGISTRY_ID = /^[a-z0-9-]+$/;

export function recentWalletsQueryKey(ids: readonly string[]) {
  return ["wallet-modal", "wallets", "include", ...ids] as const;
}

/**
 * The registry entries of the given ids (the recent wallets), wherever they are in the list: the
 * first page of 40 holds few of the registry's wallets.
 */
export async function fetchWalletsById(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<WalletListing[]> {
  const known = ids.filter((id) => REGISTRY_ID.test(id));
  if (known.length === 0) return [];
  const params = new URLSearchParams({ page: "1", entries: String(known.length), include: known.join(",") });
  return (await apiFetch<WalletPage>(`/api/wallets?${params}`, { signal, cache: "default" })).data;
}

/**
 * Preloads the first icons so the list appears with its pictures; never waits longer than the seed's
 * 2 s (a slow or missing icon must not hold the list back).
 */
export function preloadImages(urls: readonly string[], timeoutMs = IMAGE_PREFETCH_TIMEOUT_MS): Promise<void> {
  if (typeof Image === "undefined" || urls.length === 0) return Promise.resolve();
  const loads = urls.map(
    (src) =>
      new Promise<void>((resolve) => {
        const img = new Image();
        img.onload = img.onerror = () => resolve();
        img.src = src;
      }),
  );
  return Promise.race([
    Promise.all(loads).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
}
