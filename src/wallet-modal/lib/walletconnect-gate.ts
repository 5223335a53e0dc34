/**
 * The WalletConnect plug-in's only door into the default build. `NEXT_PUBLIC_WALLETCONNECT` is set by
 * next.config.ts at build time ("1" when WALLETCONNECT_PROJECT_ID is set for `next build`), so in a
 * build without it both imports below are dead code the bundler drops: no WalletConnect chunk exists
 * (e2e/wallet-modal-bundle.spec.ts and bench/modal-bundle.ts check it). Keep the condition inline at
 * each import: the bundler folds `"0" === "1"` only where it sees it.
 */

/** The connector (wagmi's walletConnect with @walletconnect/ethereum-provider), or null in a default build. */
export function loadWalletConnectConnector() {
  return process.env.NEXT_PUBLIC_WALLETCONNECT === "1"
    ? import("../walletconnect/connector")
    : Promise.resolve(null);
}

/** The ConnectingWalletConnect(Basic) views, or null in a default build. */
export function loadWalletConnectViews() {
  return process.env.NEXT_PUBLIC_WALLETCONNECT === "1"
    ? import("../walletconnect/views")
    : Promise.resolve(null);
}

/**
 * A WalletConnect session was kept in this browser (the provider's storage keys start with "wc@2:"),
 * so the plug-in loads with the page to restore it; otherwise it waits for the modal to open.
 */
export function walletConnectSessionStored(): boolean {
  if (process.env.NEXT_PUBLIC_WALLETCONNECT !== "1") return false;
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith("wc@2:")) return true;
  } catch {
    // Blocked storage: nothing to restore.
  }
  return false;
}
