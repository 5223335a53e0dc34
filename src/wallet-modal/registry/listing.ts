/**
 * The shape of a registry wallet as GET /api/wallets answers it, and the seed's list rules that the
 * server (./list.ts) and the browser (./arrange.ts, the views) both apply: exclusion, one wallet under
 * two names, de-duplication. Nothing here reaches ./wallets.json, which stays on the server: the
 * browser gets the registry from the API, page by page.
 */

export type InstallLinks = {
  chrome: string | null;
  firefox: string | null;
  edge: string | null;
  ios: string | null;
  android: string | null;
  homepage: string | null;
};

/**
 * A wallet's WalletConnect link on a phone, per platform: `{uri}` stands for the encoded pairing URI;
 * `{raw_uri}` (the whole link) for the pairing URI itself, which Android hands to the wallet apps
 * registered for `wc:`. Null: no published link on that platform.
 */
export type WalletConnectLinks = { ios: string | null; android: string | null };

/** One entry of the seed's getWallets answer, plus our install links. */
export type WalletListing = {
  id: string;
  name: string;
  image_url: string;
  /** The in-app browser link template (the registry's `dapp_link`). */
  mobile_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  rdns: string | null;
  chains: string[];
  install: InstallLinks;
  walletconnect_link: WalletConnectLinks | null;
  monogram: boolean;
  featured: number | null;
};

export type WalletPage = { count: number; data: WalletListing[] };

// The seed's constants.
export const PAGE_SIZE = 40;
export const FEATURED_COUNT = 4;
export const SEARCH_LIMIT = 100;

/** The seed: excluded wallets are matched by rdns or by case-insensitive name. */
export function isExcluded(w: { rdns: string | null; name: string }, excluded: readonly string[]): boolean {
  return excluded.some((x) => {
    const v = x.trim().toLowerCase();
    return v !== "" && ((w.rdns !== null && w.rdns.toLowerCase() === v) || w.name.toLowerCase() === v);
  });
}

/**
 * One wallet under two names: the same rdns when both have one, otherwise the same name
 * (case-insensitive). An installed wallet (its connector) and its registry entry meet this way.
 */
export function sameWallet(
  a: { rdns: string | null; name: string },
  b: { rdns: string | null; name: string },
): boolean {
  return a.rdns && b.rdns
    ? a.rdns.toLowerCase() === b.rdns.toLowerCase()
    : a.name.toLowerCase() === b.name.toLowerCase();
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
