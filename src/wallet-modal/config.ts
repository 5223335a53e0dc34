import { QueryClient } from "@tanstack/react-query";
import type { Chain } from "viem";
import { cookieStorage, createConfig, createStorage, http } from "wagmi";
import { bnbSmartChain, testnetChain } from "@/chain/networks";
import type { PublicConfig } from "@/server/public-config";
import { browserWalletConnector, watchAnnouncedProviders } from "./lib/browser-wallet";
import { currentPlatform, isMobilePlatform } from "./lib/platform";

export type WalletSettings = Omit<PublicConfig, "buildId">;

/**
 * Client wagmi config: the testnet first (where the portal lives), BNB Smart Chain as the seed's
 * fallback network. Wallets come from EIP-6963 announcements and, on a phone, from `window.ethereum`
 * as the seed's "Browser Wallet" (lib/browser-wallet.ts). The seed hides that entry on a computer, so
 * there it is no connector at all: one that nobody can pick must not reconnect a wallet on its own.
 * `ssr: true` delays reading the stored connection until after hydration, so server and first client
 * render agree.
 */
export function createWagmiConfig(settings: WalletSettings) {
  const testnet = testnetChain(settings);
  const phone = isMobilePlatform(currentPlatform());
  if (phone) watchAnnouncedProviders();
  return withoutLocalStorage(() =>
    createConfig({
      chains: [testnet, bnbSmartChain] as [Chain, ...Chain[]],
      // JSON-RPC batching: the reads a page starts together (a pool's dozen eth_calls) travel in one
      // HTTP request instead of one fetch each; each fetch() costs main-thread time on a phone
      // (docs/ARCHITECTURE.md, "Client bundles"). The server's reads batch the same way.
      transports: { [testnet.id]: http(settings.rpcUrl, { batch: true }), [bnbSmartChain.id]: http() },
      // The contract reads of one tick go out as one `eth_call` to Multicall3 run "deployless" (its
      // bytecode travels in the call, so a testnet needs no deployed Multicall3). wagmi's default
      // (`multicall: true`) looked the chain's Multicall3 up for every eth_call, failed on the testnet,
      // built and caught a viem error, then encoded and sent each call alone (docs/ARCHITECTURE.md,
      // "Main-thread work").
      batch: { multicall: { deployless: true } },
      connectors: phone ? [browserWalletConnector()] : [],
      multiInjectedProviderDiscovery: true,
      ssr: true,
      storage: createStorage({ storage: cookieStorage, key: "aurum.wallet" }),
    }),
  );
}

/**
 * Runs `build` with `window.localStorage` reading as undefined. wagmi's store is zustand's `persist`,
 * which builds a default localStorage-backed storage even when it is handed one (ours is the cookie
 * storage above) and never uses it. Touching `localStorage` for the first time in a document is a
 * synchronous call to the browser process: 5–33 ms at 1× CPU in the middle of a page load, where it
 * was the only localStorage access (docs/ARCHITECTURE.md, "Main-thread work"). The modal's own
 * storage (recent wallets, accounts) opens it later, on demand.
 */
function withoutLocalStorage<T>(build: () => T): T {
  const own =
    typeof window === "undefined" ? undefined : Object.getOwnPropertyDescriptor(window, "localStorage");
  if (!own?.configurable) return build();
  Object.defineProperty(window, "localStorage", {
    configurable: true,
    enumerable: own.enumerable,
    get: () => undefined,
  });
  try {
    return build();
  } finally {
    Object.defineProperty(window, "localStorage", own);
  }
}

export type WagmiConfig = ReturnType<typeof createWagmiConfig>;

/** The seed's query defaults: fresh 5 s, 3 retries backing off 1 s doubling to 30 s, kept 5 min. */
export const QUERY_DEFAULTS = {
  staleTime: 5_000,
  retry: 3,
  retryDelay: (attempt: number) => Math.min(1_000 * 2 ** attempt, 30_000),
  gcTime: 5 * 60_000,
} as const;

/**
 * `server`: a client made for one server render. Its queries must never be garbage-collected on a
 * timer (gcTime Infinity, as TanStack advises for SSR): a 5-minute gcTime timer keeps every render's
 * client and its data alive for 5 minutes, which under load grew the heap without bound
 * (docs/ARCHITECTURE.md, "Performance notes"). The client is dropped with the render instead.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS, ...(server ? { gcTime: Number.POSITIVE_INFINITY } : {}) },
    },
  });
}

/** The seed's toast rules (react-toastify props). */
export const TOAST_OPTIONS = {
  limit: 5,
  newestOnTop: true,
  position: "top-center",
  autoClose: 5_000,
  draggablePercent: 60,
  theme: "dark",
} as const;
