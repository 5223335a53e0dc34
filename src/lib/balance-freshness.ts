/**
 * The server caches an address's balances for 30 s (the seed's rule). After a transaction of ours
 * confirms (a faucet payout, a swap, a send) the next reads must skip that cache, also after a full
 * page load to /wallet, so the mark lives in sessionStorage for a minute.
 */
const KEY = "aurum:balances-changed-until";

export function markBalancesChanged(ms = 60_000, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, String(now + ms));
  } catch {
    // No storage (private mode, server): the 30 s cache then applies as usual.
  }
}

export function balancesRecentlyChanged(now = Date.now()): boolean {
  try {
    return now < Number(sessionStorage.getItem(KEY) ?? 0);
  } catch {
    return false;
  }
}
