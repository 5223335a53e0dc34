import {
  dedupe,
  type InstallLinks,
  isExcluded,
  PAGE_SIZE,
  SEARCH_LIMIT,
  type WalletConnectLinks,
  type WalletListing,
  type WalletPage,
} from "./listing";
import data from "./wallets.json";

/**
 * The wallet registry shipped with the app (./wallets.json; its `sources` say where each fact comes
 * from), searched and paged for GET /api/wallets with the seed's list rules (./listing.ts). Server
 * only: the browser's rules are in ./listing.ts and ./arrange.ts.
 */

// GET /api/wallets validates its query with the seed's limits.
export { PAGE_SIZE, SEARCH_LIMIT };

export type WalletRecord = {
  id: string;
  name: string;
  rdns: string | null;
  /** File name under public/wallets/. */
  icon: string;
  /** The icon is a generated monogram, not the wallet's own logo. */
  monogram: boolean;
  source: "rainbowkit" | "curated";
  /** 1–4: the featured/recommended order. */
  featured?: number;
  /** In-app browser link template: {url} encoded page URL, {hostpath} host+path, {origin} encoded origin. */
  dapp_link: string | null;
  /** Null: the wallet publishes no WalletConnect link (a phone opens it through `dapp_link` or its store). */
  walletconnect_link: WalletConnectLinks | null;
  desktop_link: string | null;
  webapp_link: string | null;
  install: InstallLinks;
  chains: string[];
};

export const REGISTRY: readonly WalletRecord[] = (data as { wallets: WalletRecord[] }).wallets;

export type ListQuery = {
  page: number;
  entries: number;
  search?: string;
  /** Only these ids. */
  include?: readonly string[];
  /** Not these ids. */
  exclude?: readonly string[];
  /** The operator's WALLET_EXCLUDE: rdns values or names (case-insensitive). */
  excluded?: readonly string[];
};

/** Featured first (in their order), then by name. */
function byRank(a: WalletRecord, b: WalletRecord): number {
  const fa = a.featured ?? Number.POSITIVE_INFINITY;
  const fb = b.featured ?? Number.POSITIVE_INFINITY;
  if (fa !== fb) return fa - fb;
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}

export function toListing(w: WalletRecord): WalletListing {
  return {
    id: w.id,
    name: w.name,
    image_url: `/wallets/${w.icon}`,
    mobile_link: w.dapp_link,
    desktop_link: w.desktop_link,
    webapp_link: w.webapp_link,
    rdns: w.rdns,
    chains: w.chains,
    install: w.install,
    walletconnect_link: w.walletconnect_link,
    monogram: w.monogram,
    featured: w.featured ?? null,
  };
}

/** The getWallets answer: `count` is the number of matches, `data` one page of them. */
export function listWallets(q: ListQuery, registry: readonly WalletRecord[] = REGISTRY): WalletPage {
  const needle = q.search?.trim().toLowerCase() ?? "";
  const include = q.include?.length ? new Set(q.include) : null;
  const exclude = new Set(q.exclude ?? []);
  let matches = dedupe([...registry].sort(byRank)).filter(
    (w) =>
      (!include || include.has(w.id)) &&
      !exclude.has(w.id) &&
      !isExcluded(w, q.excluded ?? []) &&
      (needle === "" || w.name.toLowerCase().includes(needle)),
  );
  // The seed: a search answers at most 100 wallets.
  if (needle !== "") matches = matches.slice(0, SEARCH_LIMIT);
  const start = (q.page - 1) * q.entries;
  return { count: matches.length, data: matches.slice(start, start + q.entries).map(toListing) };
}
