import type { ComponentType } from "react";

/**
 * Which `import("./WalletRuntime")` fetches the wallet runtime (docs/ARCHITECTURE.md, "Client
 * bundles"). Turbopack leaves out of a dynamic import's chunks only what the importing module's own
 * chunk group already has. The root layout's import (WalletProvider) cannot know that a `(wallet)`
 * page's layout already loaded wagmi's config, viem's transport and TanStack Query (WalletBoundary),
 * so its chunks carry them again (~8 KB gzip fetched twice). WalletBoundary registers an import written
 * in its own module at evaluation, which is before the runtime is first rendered on that page; the
 * root's import stays the fallback for pages outside the group. Either resolves the same module, so
 * there is one WalletRuntime (and one WagmiProvider) whichever loaded it.
 */
export type RuntimeModule = { default: ComponentType };
type RuntimeImport = () => Promise<RuntimeModule>;

let registered: RuntimeImport | undefined;

/** Called by a chunk group that has the wallet config already (WalletBoundary's module). */
export function registerRuntimeImport(load: RuntimeImport): void {
  registered ??= load;
}

/** The import to use now: the registered one if a page registered one, else the root's. */
export function runtimeImport(fallback: RuntimeImport): Promise<RuntimeModule> {
  // For browser tests: a (wallet) page must load it through its layout's import.
  document.documentElement.dataset.walletRuntimeImport = registered ? "layout" : "root";
  return (registered ?? fallback)();
}
