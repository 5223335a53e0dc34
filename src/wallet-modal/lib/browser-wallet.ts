import { injected } from "wagmi";

/**
 * The seed's "Browser Wallet" (connector type INJECTED next to ANNOUNCED): the provider a wallet puts
 * at `window.ethereum` without announcing itself over EIP-6963, as the in-app browsers of several
 * phone wallets do. Without it such a phone had nothing to connect and was sent to All wallets, whose
 * rows open the in-app browser it was already in.
 *
 * When `window.ethereum` is one of the announced providers it is that wallet, listed under its own
 * name: the Browser Wallet then has no provider, so it is neither listed twice nor reconnected twice.
 */
export const BROWSER_WALLET_ID = "injected";
const BROWSER_WALLET_NAME = "Browser Wallet";
const BROWSER_WALLET_ICON = "/wallets/injected.svg";

type Provider = { request: (...args: never[]) => unknown };

const announced = new WeakSet<object>();
let watching = false;

/**
 * Remembers every provider announced over EIP-6963 from now on. Called before wagmi's own discovery
 * asks the extensions, so their answers (synchronous, to that request) are seen here too.
 */
export function watchAnnouncedProviders(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  window.addEventListener("eip6963:announceProvider", (e) => {
    const provider = (e as CustomEvent<{ provider?: unknown }>).detail?.provider;
    if (typeof provider === "object" && provider !== null) announced.add(provider);
  });
  window.dispatchEvent(new Event("eip6963:requestProvider"));
}

/** `window.ethereum` when it is a provider no wallet announced; otherwise none. */
export function browserWalletProvider(w: unknown = typeof window === "undefined" ? undefined : window) {
  const eth = (w as { ethereum?: unknown } | undefined)?.ethereum;
  if (typeof eth !== "object" || eth === null) return undefined;
  if (typeof (eth as { request?: unknown }).request !== "function" || announced.has(eth)) return undefined;
  return eth as Provider;
}

/**
 * Is this connector's wallet here? Announced connectors exist only while their wallet is; the
 * Browser Wallet connector exists always and is here only with its provider.
 */
export function isConnectorPresent(c: { id: string }): boolean {
  return c.id !== BROWSER_WALLET_ID || browserWalletProvider() !== undefined;
}

/** wagmi's injected connector for the Browser Wallet. */
export function browserWalletConnector() {
  return injected({
    target: () => ({
      id: BROWSER_WALLET_ID,
      name: BROWSER_WALLET_NAME,
      icon: BROWSER_WALLET_ICON,
      provider: (w) => browserWalletProvider(w) as never,
    }),
  });
}
