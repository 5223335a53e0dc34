import { safeStorage } from "../lib/safe-storage";
/**
 * The seed's connections for ProfileWallets: each account is `active` (the one in use), `connected`
 * (its wallet is connected, not current) or `disconnected` (used in this browser before; connecting
 * its wallet again re-runs the wallet flow). Known accounts are kept in localStorage, at most 10.
 */
export type AccountStatus = "active" | "connected" | "disconnected";
export type KnownAccount = { address: string; connectorId: string; walletName: string };
export type AccountRow = KnownAccount & { status: AccountStatus; connectorUid: string | null; index: number };

export const KNOWN_LIMIT = 10;
const KEY = "aurum.knownAccounts";
type Store = Pick<Storage, "getItem" | "setItem">;

export type LiveConnection = {
  accounts: readonly string[];
  connector: { uid: string; id: string; name: string };
};

export function accountRows(
  connections: readonly LiveConnection[],
  currentUid: string | undefined,
  known: readonly KnownAccount[],
): AccountRow[] {
  const rows: AccountRow[] = [];
  const seen = new Set<string>();
  for (const c of connections) {
    c.accounts.forEach((address, index) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      rows.push({
        address,
        connectorId: c.connector.id,
        walletName: c.connector.name,
        connectorUid: c.connector.uid,
        index,
        status: c.connector.uid === currentUid && index === 0 ? "active" : "connected",
      });
    });
  }
  for (const k of known) {
    if (seen.has(k.address.toLowerCase())) continue;
    seen.add(k.address.toLowerCase());
    rows.push({ ...k, connectorUid: null, index: 0, status: "disconnected" });
  }
  const rank = { active: 0, connected: 1, disconnected: 2 } as const;
  return rows.sort((a, b) => rank[a.status] - rank[b.status]);
}

export function readKnown(storage: Store | undefined = safeStorage()): KnownAccount[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (k): k is KnownAccount =>
          typeof k === "object" &&
          k !== null &&
          typeof k.address === "string" &&
          /^0x[0-9a-fA-F]{40}$/.test(k.address) &&
          typeof k.connectorId === "string" &&
          typeof k.walletName === "string",
      )
      .slice(0, KNOWN_LIMIT);
  } catch {
    return [];
  }
}

export function rememberKnown(account: KnownAccount, storage: Store | undefined = safeStorage()): void {
  const rest = readKnown(storage).filter((k) => k.address.toLowerCase() !== account.address.toLowerCase());
  try {
    storage?.setItem(KEY, JSON.stringify([account, ...rest].slice(0, KNOWN_LIMIT)));
  } catch {
    // Blocked storage: only the "disconnected" rows are lost.
  }
}

export function forgetKnown(address: string, storage: Store | undefined = safeStorage()): void {
  const rest = readKnown(storage).filter((k) => k.address.toLowerCase() !== address.toLowerCase());
  try {
    storage?.setItem(KEY, JSON.stringify(rest));
  } catch {
    // See rememberKnown.
  }
}
