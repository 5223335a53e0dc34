import type { QueryClient } from "@tanstack/react-query";
import { createQueryClient, createWagmiConfig, type WagmiConfig, type WalletSettings } from "./config";

/**
 * ONE wagmi config and ONE QueryClient per browser tab, shared by the lazily loaded wallet runtime
 * (root layout) and every page's WalletBoundary, so wallet and query state are the same everywhere.
 * On the server each render gets fresh ones (a module-level cache would leak between requests), and
 * the server's QueryClient never schedules gc timers (see createQueryClient).
 */
let browserConfig: WagmiConfig | undefined;
let browserQueryClient: QueryClient | undefined;

export function sharedWagmiConfig(settings: WalletSettings): WagmiConfig {
  if (typeof window === "undefined") return createWagmiConfig(settings);
  browserConfig ??= createWagmiConfig(settings);
  return browserConfig;
}

export function sharedQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient({ server: true });
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}
