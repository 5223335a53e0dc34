"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useId, useMemo, useState } from "react";
import { useConnectors } from "wagmi";
import { useDebounced } from "@/lib/use-debounced";
import { useWalletContext } from "../context";
import { isConnectorPresent } from "../lib/browser-wallet";
import { currentPlatform, isMobilePlatform } from "../lib/platform";
import { useNav } from "../modal/nav";
import { ErrorNote, PrimaryButton, SecondaryButton, WalletIcon } from "../modal/ui";
import { arrangeWallets, rdnsOf, type WalletRow } from "../registry/arrange";
import {
  fetchWallets,
  fetchWalletsById,
  IMAGE_PREFETCH_COUNT,
  preloadImages,
  recentWalletsQueryKey,
  SEARCH_DEBOUNCE_MS,
  walletsQueryKey,
} from "../registry/fetch";
import { dappLink, hasWalletConnectLink } from "../registry/links";
import { FEATURED_COUNT } from "../registry/listing";
import { readRecent, recentEntry, rememberRecent } from "../registry/recent";

/**
 * Every wallet of our registry (GET /api/wallets, fetched when this view opens): search, pages of 40,
 * the recent and installed wallets on top. Installed ones connect; on a phone the others pair through
 * their WalletConnect link (with the plug-in, when the wallet publishes one) or open this page in
 * their in-app browser; on a computer they lead to their install links.
 */
export function AllWalletsView() {
  const nav = useNav();
  const searchId = useId();
  const [input, setInput] = useState("");
  const search = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const platform = useMemo(currentPlatform, []);
  const mobile = isMobilePlatform(platform);
  const connectors = useConnectors();
  const { settings } = useWalletContext();
  // The WalletConnect plug-in, when built in and configured: phones pair through WalletConnect links.
  const walletConnect = connectors.some((c) => c.id === "walletConnect");
  const [imagesReady, setImagesReady] = useState(false);

  const query = useInfiniteQuery({
    queryKey: walletsQueryKey(search),
    queryFn: ({ pageParam, signal }) => fetchWallets(pageParam, search, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.data.length, 0) < last.count ? pages.length + 1 : undefined,
    staleTime: 5 * 60_000,
  });
  // The recent wallets' own entries: on top and marked even when they are not on the pages loaded.
  const [recent] = useState(readRecent);
  const recentIds = useMemo(() => recent.map((r) => r.id), [recent]);
  const recentQuery = useQuery({
    queryKey: recentWalletsQueryKey(recentIds),
    // Newest first, as remembered (the registry answers in its own order).
    queryFn: ({ signal }) =>
      fetchWalletsById(recentIds, signal).then((found) =>
        recentIds.flatMap((id) => found.filter((w) => w.id === id)),
      ),
    enabled: recentIds.length > 0 && !search,
    staleTime: 5 * 60_000,
    // A convenience: when it fails, the list shows at once without them rather than after retries.
    retry: false,
  });
  const paged = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  // A search shows its results only; the arrangement drops a recent entry the pages hold again.
  const listed = useMemo(
    () => (search || !recentQuery.data ? paged : [...recentQuery.data, ...paged]),
    [search, recentQuery.data, paged],
  );

  const rows = useMemo(() => {
    const installed = connectors
      .filter((c) => c.type === "injected" && isConnectorPresent(c))
      .map((c) => ({ uid: c.uid, rdns: rdnsOf(c), name: c.name, icon: c.icon }))
      .filter((c) => !search || c.name.toLowerCase().includes(search.toLowerCase()));
    return arrangeWallets(listed, {
      installed,
      recent,
      mobile,
      excluded: settings.walletExclude,
    });
  }, [connectors, listed, recent, mobile, search, settings.walletExclude]);

  const firstIcons = useDeferredValue(
    listed
      .slice(0, IMAGE_PREFETCH_COUNT)
      .map((w) => w.image_url)
      .join("|"),
  );
  useEffect(() => {
    let live = true;
    if (firstIcons) void preloadImages(firstIcons.split("|")).then(() => live && setImagesReady(true));
    return () => {
      live = false;
    };
  }, [firstIcons]);

  const pairsOverWalletConnect = (row: WalletRow) =>
    walletConnect &&
    !row.connectorUid &&
    row.listing !== null &&
    hasWalletConnectLink(row.listing.walletconnect_link, platform);
  // On a phone the tap itself follows the wallet's in-app browser link (a script-started navigation to
  // an app link is often ignored by mobile browsers); the view that opens explains what happens next.
  const appLink = (row: WalletRow) =>
    mobile && !row.connectorUid && row.listing && !pairsOverWalletConnect(row)
      ? dappLink(row.listing.mobile_link, window.location.href)
      : null;

  const choose = (row: WalletRow) => {
    rememberRecent(recentEntry({ id: row.id, name: row.name, rdns: row.rdns }, listed));
    if (row.connectorUid) nav.push("ConnectingExternal", { connectorUid: row.connectorUid });
    else if (row.listing && pairsOverWalletConnect(row))
      nav.push("ConnectingWalletConnect", { wallet: row.listing });
    else if (row.listing) nav.push("OpenWallet", { wallet: row.listing });
  };

  // Cut to 4 before `rest` is taken: a 5th featured entry stays in the list instead of vanishing.
  const featured = search
    ? []
    : rows.filter((r) => r.listing?.featured && !r.connectorUid && !r.recent).slice(0, FEATURED_COUNT);
  const rest = rows.filter((r) => !featured.includes(r));
  // A recent entry arriving after the list would push every row down under the pointer.
  const showSkeleton =
    query.isPending || recentQuery.isLoading || (!imagesReady && listed.length > 0 && !search);

  return (
    <div className="space-y-3 text-sm">
      <label htmlFor={searchId} className="sr-only">
        Search wallets
      </label>
      <input
        id={searchId}
        type="search"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        placeholder="Search wallets"
        maxLength={64}
        autoComplete="off"
        className="h-10 w-full rounded-control border border-border bg-bg px-3 text-text placeholder:text-muted focus:border-gold focus:outline-none"
      />
      {query.isError ? (
        <div className="space-y-3">
          <ErrorNote title="Network Error: Wallet Load Failed">
            The wallet list could not be loaded. Check your connection and try again.
          </ErrorNote>
          <PrimaryButton onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? "Trying again…" : "Try again"}
          </PrimaryButton>
        </div>
      ) : showSkeleton ? (
        <WalletSkeleton />
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-muted" role="status">
          No wallet matches “{search}”. Try another name, or clear the search to see every wallet.
        </p>
      ) : (
        <>
          {featured.length > 0 ? (
            <WalletList label="Recommended" rows={featured} appLink={appLink} onChoose={choose} />
          ) : null}
          <WalletList
            label={search ? `Results for ${search}` : "All wallets"}
            rows={rest}
            appLink={appLink}
            onChoose={choose}
          />
          {query.hasNextPage ? (
            <SecondaryButton onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? "Loading…" : "Show more wallets"}
            </SecondaryButton>
          ) : null}
        </>
      )}
      <p className="sr-only" role="status">
        {query.isSuccess ? `${query.data.pages[0]?.count ?? 0} wallets` : ""}
      </p>
    </div>
  );
}

function WalletList({
  label,
  rows,
  appLink,
  onChoose,
}: {
  label: string;
  rows: WalletRow[];
  /** The row's own link, when the tap opens the wallet (phones). */
  appLink: (row: WalletRow) => string | null;
  onChoose: (row: WalletRow) => void;
}) {
  return (
    <section aria-label={label}>
      <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{label}</h3>
      <ul className="space-y-1.5">
        {rows.map((row) => {
          const content = (
            <>
              <WalletIcon src={row.icon} name={row.name} size={32} />
              <span className="flex-1 truncate">{row.name}</span>
              {row.recent ? <Badge>Recent</Badge> : null}
              {row.connectorUid ? <Badge gold>Installed</Badge> : null}
            </>
          );
          const className =
            "flex h-12 w-full items-center gap-3 rounded-control border border-border bg-raised px-3 text-left font-medium hover:border-gold focus-visible:border-gold";
          const href = appLink(row);
          return (
            <li key={row.id}>
              {href ? (
                <a href={href} onClick={() => onChoose(row)} className={className} data-wallet-id={row.id}>
                  {content}
                </a>
              ) : (
                <button
                  type="button"
                  onClick={() => onChoose(row)}
                  className={className}
                  data-wallet-id={row.id}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Badge({ children, gold = false }: { children: string; gold?: boolean }) {
  return (
    <span
      className={`rounded-control px-2 py-0.5 text-xs ${gold ? "bg-gold/15 text-gold" : "bg-bg text-muted"}`}
    >
      {children}
    </span>
  );
}

const SKELETON_ROWS = ["a", "b", "c", "d", "e", "f"];

function WalletSkeleton() {
  return (
    <ul className="space-y-1.5" aria-busy="true" aria-label="Loading wallets">
      {SKELETON_ROWS.map((k) => (
        <li key={k} className="h-12 animate-pulse rounded-control bg-raised" />
      ))}
    </ul>
  );
}
