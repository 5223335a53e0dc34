import { safeStorage } from "../lib/safe-storage";
/** The seed's recent wallets: the last 2 used, newest first, kept in localStorage. */
export const RECENT_LIMIT = 2;
const KEY = "aurum.recentWallets";

export type RecentWallet = { id: string; name: string; rdns: string | null };

export function readRecent(storage: Pick<Storage, "getItem"> | undefined = safeStorage()): RecentWallet[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (r): r is RecentWallet =>
          typeof r === "object" &&
          r !== null &&
          typeof r.id === "string" &&
          typeof r.name === "string" &&
          (r.rdns === null || typeof r.rdns === "string"),
      )
      .slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

export function rememberRecent(
  wallet: RecentWallet,
  storage: Pick<Storage, "getItem" | "setItem"> | undefined = safeStorage(),
): void {
  const next = [wallet, ...readRecent(storage).filter((r) => r.id !== wallet.id)].slice(0, RECENT_LIMIT);
  try {
    storage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): recents are a convenience.
  }
}
