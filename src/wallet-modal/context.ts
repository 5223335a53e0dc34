"use client";

import { createContext, type ReactNode, useContext, useDeferredValue, useSyncExternalStore } from "react";
import type { Address, Chain } from "viem";
import type { WalletSettings } from "./config";
import type { AuthSnapshot } from "./state/open-view";
import type { ModalState, ModalStore } from "./state/store";
import type { ViewEntry, ViewName } from "./state/views";

export type WalletContextValue = {
  settings: WalletSettings;
  testnet: Chain;
  store: ModalStore;
  /** The signed-in address: from the server session at render, updated after sign-in/out. */
  sessionAddress: Address | null;
  /**
   * True on the server and while hydrating a signed-in shell page, whose session is read from the
   * page after hydration (src/wallet-modal/session-blob.ts): the header shows a placeholder.
   */
  sessionPending: boolean;
  setSessionAddress: (address: Address | null) => void;
  /** The signed-in address's name (`alice.aurum`), or null: from the server, updated after registering. */
  profileName: string | null;
  setProfileName: (name: string | null) => void;
  /** The current wallet/session picture (read at call time, not render time). */
  snapshot: () => AuthSnapshot;
  open: (view?: ViewName | ViewEntry) => void;
  close: () => void;
  /** The wallet's connection as the lazily loaded wallet runtime reports it (empty until then). */
  connection: WalletConnection;
  /** For the wallet runtime: `commit` false updates what snapshot() reads, true also re-renders. */
  reportConnection: (connection: WalletConnection, commit: boolean) => void;
  /**
   * Loads the wallet runtime (wagmi, viem, TanStack Query, toasts, the modal) if it is not loaded yet:
   * called on intent (hover/focus/touch of a wallet button, opening the modal) and by pages that read
   * the chain, so a signed-out visitor of a page without wallet content never downloads it.
   */
  requestRuntime: () => void;
  /** The Account view's tabs (Tokens / NFTs / Activity), given by the app layout. */
  accountTabs?: ReactNode;
};

export type WalletConnection = { address?: Address; chainId?: number };

export const WalletContext = createContext<WalletContextValue | null>(null);

export function useWalletContext(): WalletContextValue {
  const ctx = useContext(WalletContext);
  if (!ctx) throw new Error("Wallet hooks must be used inside <WalletProvider>");
  return ctx;
}

export function useModalState<T>(select: (s: ModalState) => T): T {
  const { store } = useWalletContext();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

/** Open or close the wallet modal from anywhere in the app. */
export function useWalletModal() {
  const { open, close } = useWalletContext();
  const isOpen = useModalState((s) => s.isOpen);
  return { open, close, isOpen };
}

/** The signed-in address (server-rendered, then kept current after sign-in and sign-out). */
export function useSessionAddress(): Address | null {
  return useWalletContext().sessionAddress;
}

/** Set by WalletProvider once the document's first render has hydrated (never on the server). */
let documentHydrated = false;
export function markDocumentHydrated() {
  documentHydrated = true;
}

/**
 * True after hydration: wallet state (which the server cannot know) is shown only from then on.
 * While the document hydrates, the first render says false, as the server did, and React renders
 * `true` in a deferred pass: a transition, in ~5 ms slices. (`useSyncExternalStore` with a `false`
 * server snapshot did the same flip by re-rendering every user at sync priority in the effects flush
 * after hydration: one task with the swap and stake forms in it; docs/ARCHITECTURE.md, "Main-thread
 * work".) A component mounted later (a client navigation, the modal) is true from its first render.
 */
export function useMounted(): boolean {
  return useDeferredValue(true, documentHydrated ? undefined : false);
}

/** The account the modal shows: the signed-in address, else the connected wallet's. */
export function useAccountContext(): {
  address: Address | undefined;
  testnetName: string;
  chainId: number;
  explorerUrl: string;
  /** NFT_COLLECTIONS: the NFTs tab shows only when the chain has one. */
  nftCollections: readonly string[];
} {
  const { sessionAddress, connection, testnet, settings } = useWalletContext();
  return {
    address: sessionAddress ?? connection.address,
    testnetName: testnet.name,
    chainId: testnet.id,
    explorerUrl: settings.explorerUrl,
    nftCollections: settings.nftCollections,
  };
}
