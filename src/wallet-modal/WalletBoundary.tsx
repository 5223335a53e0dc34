"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { WagmiContext } from "wagmi";
import { useWalletContext } from "./context";
import { registerRuntimeImport } from "./runtime-loader";
import { sharedQueryClient, sharedWagmiConfig } from "./shared";

// At evaluation, before this page first renders the runtime: an import written here gets chunks that
// leave out what this layout already loaded (runtime-loader.ts; docs/ARCHITECTURE.md, "Client bundles").
registerRuntimeImport(() => import("./WalletRuntime"));

/**
 * wagmi + TanStack Query for a page's content (the pages that read the chain or transact). It hands
 * down the tab's shared config without hydrating it: the root's lazily loaded wallet runtime is the
 * one WagmiProvider that restores the stored connection and reconnects (a second one would reset it).
 */
export function WalletBoundary({ children }: { children: ReactNode }) {
  const { settings, requestRuntime } = useWalletContext();
  // This page reads the chain: the root's wallet runtime (the one that reconnects) is needed now.
  useEffect(() => requestRuntime(), [requestRuntime]);
  const [config] = useState(() => sharedWagmiConfig(settings));
  const [queryClient] = useState(sharedQueryClient);
  return (
    <WagmiContext.Provider value={config}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiContext.Provider>
  );
}
