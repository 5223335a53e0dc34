import { safeStorage } from "../lib/safe-storage";
import { sameWallet, type WalletListing } from "./listing";

/** The seed's recent wallets: the last 2 used, newest first, kept in localStorage. */
export const RECENT_LIMIT = 2;
const KEY = "aurum.recentWallets";

/** `id`: the registry id when the wallet is in the registry; `rdns` says which wallet it is. */
export type RecentWallet = { id: string; name: string; rdns: string | null };

const isSame = (a: RecentWallet, b: RecentWallet) => a.id === b.id || sameWallet(a, b);

/** Newest first; an older entry of the same wallet (another id, say the connector's) is dropped. */
function distinct(list: readonly RecentWallet[]): RecentWallet[] {
  return list.filter((r, i) => list.findIndex((o) => isSame(o, r)) === i);
}

/**
 * What Connect and All wallets remember for a wallet: its registry id and name when the registry
 * lists it (found by rdns, or by name without one), with its rdns; as it is otherwise.
 */
export function recentEntry(wallet: RecentWallet, listed: readonly WalletListing[]): RecentWallet {
  const listing = listed.find((l) => sameWallet(l, wallet));
  return listing ? { id: listing.id, name: listing.name, rdns: listing.rdns ?? wallet.rdns } : wallet;
}

export function readRecent(storage: Pick<Storage, "getItem"> | undefined = safeStorage()): RecentWallet[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    const valid = parsed.filter(
      (r): r is RecentWallet =>
        typeof r === "object" &&
        r !== null &&
        typeof r.id === "string" &&
        typeof r.name === "string" &&
        (r.rdns === null || typeof r.rdns === "string"),
    );
    // Lists saved before one wallet had one identity may hold it twice.
    return distinct(valid).slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

export function rememberRecent(
  wallet: RecentWallet,
  storage: Pick<Storage, "getItem" | "setItem"> | undefined = safeStorage(),
): void {
  // The seed keeps 2 wallets: the same wallet picked in Connect and in All wallets is one of them.
  const next = distinct([wallet, ...readRecent(storage)]).slice(0, RECENT_LIMIT);
  try {
    storage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): recents are a convenience.
  }
}
