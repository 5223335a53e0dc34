import data from "./wallets.json";

/**
 * The wallet registry shipped with the app (./wallets.json; its `sources` say where each fact comes
 * from) and the seed's wallet-list rules that do not depend on the browser: exclusion, de-duplication,
 * search and paging. Runs on the server (GET /api/wallets); browser-only rules are in ./arrange.ts.
 */

export type InstallLinks = {
  chrome: string | null;
  firefox: string | null;
  edge: string | null;
  ios: string | null;
  android: string | null;
  homepage: string | null;
};

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
  desktop_link: string | null;
  webapp_link: string | null;
  install: InstallLinks;
  chains: string[];
};

/** One entry of the seed's getWallets answer, plus our install links. */
export type WalletListing = {
  id: string;
  name: string;
  image_url: string;
  mobile_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  rdns: string | null;
  chains: string[];
  install: InstallLinks;
  monogram: boolean;
  featured: number | null;
};

export type WalletPage = { count: number; data: WalletListing[] };

// The seed's constants.
export const PAGE_SIZE = 40;
export const FEATURED_COUNT = 4;
export const SEARCH_LIMIT = 100;

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

/** The seed: excluded wallets are matched by rdns or by case-insensitive name. */
export function isExcluded(w: { rdns: string | null; name: string }, excluded: readonly string[]): boolean {
  return excluded.some((x) => {
    const v = x.trim().toLowerCase();
    return v !== "" && ((w.rdns !== null && w.rdns.toLowerCase() === v) || w.name.toLowerCase() === v);
  });
}

/** The seed: duplicates removed by rdns, by name when there is no rdns, and by (explorer) id. First wins. */
export function dedupe<T extends { id: string; name: string; rdns: string | null }>(list: readonly T[]): T[] {
  const rdns = new Set<string>();
  const names = new Set<string>();
  const ids = new Set<string>();
  return list.filter((w) => {
    const key = w.rdns ? `r:${w.rdns.toLowerCase()}` : `n:${w.name.toLowerCase()}`;
    const set = w.rdns ? rdns : names;
    if (set.has(key) || ids.has(w.id)) return false;
    set.add(key);
    ids.add(w.id);
    return true;
  });
}

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
