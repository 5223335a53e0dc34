"use client";

import dynamic from "next/dynamic";
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Address } from "viem";
import { testnetChain } from "@/chain/networks";
import type { PublicConfig } from "@/server/public-config";
import {
  markDocumentHydrated,
  type WalletConnection,
  WalletContext,
  type WalletContextValue,
} from "./context";
import { runtimeImport } from "./runtime-loader";
import { useDocumentSession } from "./session-blob";
import { type AuthSnapshot, openView } from "./state/open-view";
import { createModalStore } from "./state/store";
import type { ViewEntry } from "./state/views";

// wagmi, viem's clients, TanStack Query, toasts and the modal: fetched on intent or when a page that reads
// the chain mounts (WalletBoundary), never up front (docs/ARCHITECTURE.md, "Wallet modal"). Through the
// import a (wallet) page's layout registered if there is one: its chunks skip what that layout loaded
// (runtime-loader.ts). One lazy component either way, so the runtime mounts once per tab.
const WalletRuntime = dynamic(() => runtimeImport(() => import("./WalletRuntime")), { ssr: false });

export type WalletProviderProps = {
  publicConfig: PublicConfig;
  /** The signed-in address from the server session (null when signed out). */
  sessionAddress: Address | null;
  /** The session address's registered name, from the server (null when none). */
  sessionName?: string | null;
  /**
   * A signed-in shell render (docs/ARCHITECTURE.md, "Rendering and CSP"): the server did not read the
   * session; address and name come from the page's session block, read right after hydration.
   */
  sessionFromDocument?: boolean;
  /**
   * The Account view's tabs; a slot so the modal never imports a feature (no import cycle). The view
   * gives it a box of fixed height (AccountView), which the slot fills.
   */
  accountTabs?: ReactNode;
  children: ReactNode;
};

/**
 * The wallet context for the whole app: session address, modal store and the wallet's connection.
 * Light on purpose (it is on every page); the wallet stack itself loads lazily (WalletRuntime), and
 * pages that read the chain wrap their content in WalletBoundary.
 */
export function WalletProvider({
  publicConfig,
  sessionAddress: renderedAddress,
  sessionName: renderedName = null,
  sessionFromDocument = false,
  accountTabs,
  children,
}: WalletProviderProps) {
  const [store] = useState(createModalStore);
  const testnet = useMemo(() => testnetChain(publicConfig), [publicConfig]);

  // What the server knows: rendered into the page, or (a signed-in shell) in its session block, which
  // is pending on the server and while hydrating, so the HTML and the first client render agree.
  const fromDocument = useDocumentSession(sessionFromDocument);
  const sessionPending = sessionFromDocument && fromDocument === undefined;
  const sessionAddress = sessionFromDocument ? (fromDocument?.address ?? null) : renderedAddress;
  const sessionName = sessionFromDocument ? (fromDocument?.name ?? null) : renderedName;

  // The server's answer wins whenever it changes (after router.refresh()); local updates bridge the gap.
  const [session, setSession] = useState({ fromServer: sessionAddress, address: sessionAddress });
  if (session.fromServer !== sessionAddress)
    setSession({ fromServer: sessionAddress, address: sessionAddress });
  const setSessionAddress = useCallback(
    (address: Address | null) => setSession((s) => ({ ...s, address })),
    [],
  );
  const sessionRef = useRef(session.address);
  sessionRef.current = session.address;

  // Same bridge for the name (the seed: "profile name set" after registering). The name is kept with
  // the address it belongs to, so signing in as someone else never shows the previous account's name.
  const fresh = {
    fromServer: sessionName,
    serverOwner: sessionAddress,
    value: sessionName,
    owner: sessionAddress,
  };
  const [name, setName] = useState(fresh);
  if (name.fromServer !== sessionName || name.serverOwner !== sessionAddress) setName(fresh);
  const setProfileName = useCallback(
    (value: string | null) => setName((n) => ({ ...n, value, owner: sessionRef.current })),
    [],
  );
  const profileName =
    session.address && name.owner?.toLowerCase() === session.address.toLowerCase() ? name.value : null;

  // A signed-in visitor gets the runtime at once (the header chip, toasts and the SIWX guard follow the
  // wallet); a signed-out one only on intent. The data attributes tell browser tests what to wait for.
  const [runtimeWanted, setRuntimeWanted] = useState(sessionAddress !== null || sessionFromDocument);
  const requestRuntime = useCallback(() => {
    document.documentElement.dataset.walletWanted = "true";
    setRuntimeWanted(true);
  }, []);
  if (session.address !== null && !runtimeWanted) setRuntimeWanted(true);
  useEffect(() => {
    // Children's effects (WalletBoundary's request) ran first, so "wanted" is known before "hydrated".
    if (runtimeWanted) document.documentElement.dataset.walletWanted = "true";
    document.documentElement.dataset.hydrated = "true";
    markDocumentHydrated();
  }, [runtimeWanted]);

  // The runtime is mounted in a transition, after hydration: React then renders it in ~5 ms slices.
  // Mounted with the hydration render, its tree (wagmi's provider, the toasts, the guard) was
  // rendered and committed synchronously when its chunk arrived: 22–43 ms tasks at 1× CPU on a
  // signed-in `/`, 13–18 ms with the transition (bench/long-tasks.ts, 3 loads each; docs/ARCHITECTURE.md,
  // "Client bundles", main-thread work).
  const [runtimeMounted, setRuntimeMounted] = useState(false);
  useEffect(() => {
    if (runtimeWanted && !runtimeMounted) startTransition(() => setRuntimeMounted(true));
  }, [runtimeWanted, runtimeMounted]);

  const connectionRef = useRef<WalletConnection>({});
  const [connection, setConnection] = useState<WalletConnection>({});
  const reportConnection = useCallback((next: WalletConnection, commit: boolean) => {
    connectionRef.current = next;
    if (commit) setConnection((c) => (c.address === next.address && c.chainId === next.chainId ? c : next));
  }, []);

  const value = useMemo<WalletContextValue>(() => {
    const snapshot = (): AuthSnapshot => {
      const walletAddress = connectionRef.current.address;
      const signedIn = sessionRef.current;
      return {
        walletConnected: walletAddress !== undefined,
        chainSupported: connectionRef.current.chainId === testnet.id,
        hasSession:
          signedIn !== null &&
          (walletAddress === undefined || walletAddress.toLowerCase() === signedIn.toLowerCase()),
      };
    };
    const toEntry = (v?: ViewEntry | ViewEntry["view"]) => (typeof v === "string" ? { view: v } : v);
    return {
      settings: publicConfig,
      testnet,
      store,
      sessionAddress: session.address,
      sessionPending,
      setSessionAddress,
      profileName,
      setProfileName,
      snapshot,
      open: (view) => {
        requestRuntime();
        store.openAt(openView(toEntry(view), snapshot()));
      },
      close: () => store.close(),
      connection,
      reportConnection,
      requestRuntime,
      accountTabs,
    };
  }, [
    publicConfig,
    testnet,
    store,
    session.address,
    sessionPending,
    setSessionAddress,
    profileName,
    setProfileName,
    connection,
    reportConnection,
    requestRuntime,
    accountTabs,
  ]);

  return (
    <WalletContext.Provider value={value}>
      {children}
      {runtimeMounted ? <WalletRuntime /> : null}
    </WalletContext.Provider>
  );
}
