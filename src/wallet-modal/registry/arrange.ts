import { dedupe, isExcluded, type WalletListing } from "./list";
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
  const match = (a: { rdns: string | null; name: string }, b: { rdns: string | null; name: string }) =>
    a.rdns && b.rdns
      ? a.rdns.toLowerCase() === b.rdns.toLowerCase()
      : a.name.toLowerCase() === b.name.toLowerCase();

  const installedRows: WalletRow[] = opts.installed.map((c) => {
    const listing = listed.find((l) => match(l, c)) ?? null;
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
  const isRecent = (r: WalletRow) => opts.recent.some((x) => x.id === r.id || match(x, r));
  const all = [...installedRows, ...otherRows].map((r) => ({ ...r, recent: isRecent(r) }));
  const rank = (r: WalletRow) => (r.recent ? 0 : r.connectorUid ? 1 : 2);
  const ordered = all
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => r);
  return dedupe(ordered).filter((r) => {
    if (isExcluded(r, opts.excluded ?? [])) return false;
    if (r.name.toLowerCase() === BROWSER_WALLET)
      return opts.mobile && (r.rdns !== null || r.connectorUid !== null);
    return true;
  });
}
