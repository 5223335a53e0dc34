import { dedupe, isExcluded, sameWallet, type WalletListing } from "./listing";
import type { RecentWallet } from "./recent";

/** A wallet the browser announced (EIP-6963, through wagmi's connectors). */
export type InstalledWallet = { uid: string; rdns: string | null; name: string; icon?: string };

/** One row of the AllWallets list: a registry entry, an installed wallet, or both. */
export type WalletRow = {
  id: string;
  name: string;
  rdns: string | null;
  icon: string | undefined;
  listing: WalletListing | null;
  /** Installed in this browser: connect through this connector. */
  connectorUid: string | null;
  recent: boolean;
};

const BROWSER_WALLET = "browser wallet";

/**
 * The seed: "A Browser Wallet entry is hidden on desktop; on mobile hidden unless it has an rdns or is
 * installed." Connect and All wallets both apply it.
 */
export function isBrowserWalletHidden(
  w: { name: string; rdns: string | null },
  opts: { installed: boolean; mobile: boolean },
): boolean {
  if (w.name.toLowerCase() !== BROWSER_WALLET) return false;
  return !opts.mobile || (w.rdns === null && !opts.installed);
}

/** wagmi names EIP-6963 connectors by their rdns (connector.id). */
export function rdnsOf(c: { id: string; rdns?: string | readonly string[] }): string | null {
  if (typeof c.rdns === "string") return c.rdns;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(c.id) ? c.id : null;
}

/**
 * The seed's browser-side list rules: "Browser Wallet" hidden on desktop, and on mobile unless it has
 * an rdns or is installed; installed wallets first (marked); the recent wallets above them; duplicates
 * removed by rdns, by name without rdns, and by id; the operator's exclusions applied to installed ones too.
 */
export function arrangeWallets(
  listed: readonly WalletListing[],
  opts: {
    installed: readonly InstalledWallet[];
    recent: readonly RecentWallet[];
    mobile: boolean;
    excluded?: readonly string[];
  },
): WalletRow[] {
  const installedRows: WalletRow[] = opts.installed.map((c) => {
    const listing = listed.find((l) => sameWallet(l, c)) ?? null;
    return {
      id: listing?.id ?? `installed:${c.rdns ?? c.name}`,
      name: c.name,
      rdns: c.rdns,
      icon: c.icon ?? listing?.image_url,
      listing,
      connectorUid: c.uid,
      recent: false,
    };
  });
  const otherRows: WalletRow[] = listed
    .filter((l) => !installedRows.some((r) => r.listing?.id === l.id))
    .map((l) => ({
      id: l.id,
      name: l.name,
      rdns: l.rdns,
      icon: l.image_url,
      listing: l,
      connectorUid: null,
      recent: false,
    }));
  const isRecent = (r: WalletRow) => opts.recent.some((x) => x.id === r.id || sameWallet(x, r));
  const all = [...installedRows, ...otherRows].map((r) => ({ ...r, recent: isRecent(r) }));
  const rank = (r: WalletRow) => (r.recent ? 0 : r.connectorUid ? 1 : 2);
  const ordered = all
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => r);
  return dedupe(ordered).filter((r) => {
    if (isExcluded(r, opts.excluded ?? [])) return false;
    return !isBrowserWalletHidden(r, { installed: r.connectorUid !== null, mobile: opts.mobile });
  });
}
