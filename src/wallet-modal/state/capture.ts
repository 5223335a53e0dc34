/**
 * The DataCapture step survives a page load: /connect moves on to `next` with a full load right
 * after sign-in (src/app/(wallet)/connect/ConnectPanel.tsx), which would drop the step. The sign-in
 * marks it pending for the signed-in address (sessionStorage: this tab only); the runtime reopens it
 * after the load; the step clears the mark when it is saved, skipped or closed.
 */
const KEY = "aurum.dataCapturePending";
type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function tabStorage(): Store | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function markCapturePending(address: string, storage: Store | undefined = tabStorage()): void {
  try {
    storage?.setItem(KEY, address.toLowerCase());
  } catch {
    // Blocked storage: the step is only lost across a page load.
  }
}

export function capturePendingFor(address: string, storage: Store | undefined = tabStorage()): boolean {
  try {
    return storage?.getItem(KEY) === address.toLowerCase();
  } catch {
    return false;
  }
}

export function clearCapturePending(storage: Store | undefined = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // See markCapturePending.
  }
}
