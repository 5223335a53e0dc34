import { safeStorage } from "../lib/safe-storage";
/**
 * This browser's recent transactions for the Account view, kept in localStorage and fed by the
 * transaction flows through `recordTransaction` (public API in ../index.ts). Bounded: the seed's 99
 * pending at most, and the 20 newest settled ones.
 */
export const PENDING_LIMIT = 99;
export const SETTLED_KEEP = 20;
const KEY = "aurum.transactions";
const HASH = /^0x[0-9a-fA-F]{64}$/;

export type TxStatus = "pending" | "confirmed" | "failed";
export type RecentTx = { hash: `0x${string}`; label: string; status: TxStatus; at: number };

type Store = Pick<Storage, "getItem" | "setItem">;
const listeners = new Set<() => void>();

export function subscribeTransactions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let cache: { raw: string | null; list: RecentTx[] } = { raw: null, list: [] };

export function readTransactions(storage: Store | undefined = safeStorage()): RecentTx[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(KEY) ?? null;
  } catch {
    return [];
  }
  // Same array while the stored text is unchanged (useSyncExternalStore needs a stable snapshot).
  if (raw === cache.raw) return cache.list;
  let list: RecentTx[] = [];
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    if (Array.isArray(parsed)) list = parsed.filter(isTx);
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

/** Newest first; the oldest pending ones beyond 99 and settled ones beyond 20 are dropped. */
export function bound(list: readonly RecentTx[]): RecentTx[] {
  let pending = 0;
  let settled = 0;
  return list.filter((t) =>
    t.status === "pending" ? ++pending <= PENDING_LIMIT : ++settled <= SETTLED_KEEP,
  );
}

/** Records a transaction the user just sent (shown as pending until its receipt arrives). */
export function recordTransaction(hash: string, label: string, storage: Store | undefined = safeStorage()) {
  if (!HASH.test(hash)) throw new Error("Transaction hash must be 0x plus 64 hex characters");
  const tx: RecentTx = {
    hash: hash as `0x${string}`,
    label: label.slice(0, 80),
    status: "pending",
    at: Date.now(),
  };
  write([tx, ...readTransactions(storage).filter((t) => t.hash !== tx.hash)], storage);
}

export function settleTransaction(
  hash: string,
  status: Exclude<TxStatus, "pending">,
  storage: Store | undefined = safeStorage(),
) {
  const list = readTransactions(storage);
  if (!list.some((t) => t.hash === hash && t.status === "pending")) return;
  write(
    list.map((t) => (t.hash === hash ? { ...t, status } : t)),
    storage,
  );
}

/**
 * A sped-up transaction is mined under its replacement's hash; the original hash never gets a
 * receipt, so the row (and its explorer link) follows the mined one. Status and position are kept.
 */
export function repointTransaction(
  hash: string,
  minedHash: string,
  storage: Store | undefined = safeStorage(),
) {
  if (!HASH.test(minedHash) || hash === minedHash) return;
  const list = readTransactions(storage);
  if (!list.some((t) => t.hash === hash)) return;
  write(
    list.flatMap((t) =>
      t.hash === hash ? [{ ...t, hash: minedHash as `0x${string}` }] : t.hash === minedHash ? [] : [t],
    ),
    storage,
  );
}

function write(list: RecentTx[], storage: Store | undefined) {
  try {
    storage?.setItem(KEY, JSON.stringify(bound(list)));
  } catch {
    // Blocked or full storage: the list is a convenience, the chain keeps the truth.
  }
  for (const l of listeners) l();
}

function isTx(t: unknown): t is RecentTx {
  if (typeof t !== "object" || t === null) return false;
  const x = t as Record<string, unknown>;
  return (
    typeof x.hash === "string" &&
    HASH.test(x.hash) &&
    typeof x.label === "string" &&
    (x.status === "pending" || x.status === "confirmed" || x.status === "failed") &&
    typeof x.at === "number"
  );
}
