"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ToastContainer } from "react-toastify";
import type { Address } from "viem";
import { useConnection, WagmiProvider } from "wagmi";
import { testnetChain } from "@/chain/networks";
import type { PublicConfig } from "@/server/public-config";
import { createQueryClient, createWagmiConfig, TOAST_OPTIONS } from "./config";
import { useModalState, useWalletContext, WalletContext, type WalletContextValue } from "./context";
import { type AuthSnapshot, openView, requiredAuthView } from "./state/open-view";
import { createModalStore } from "./state/store";
import type { ViewEntry } from "./state/views";

// The modal (Radix Dialog and every view) is its own chunk, fetched on first open.
const WalletModal = dynamic(() => import("./modal/WalletModal"), { ssr: false });

export type WalletProviderProps = {
  publicConfig: PublicConfig;
  /** The signed-in address from the server session (null when signed out). */
  sessionAddress: Address | null;
  children: ReactNode;
};

/** wagmi + TanStack Query + the wallet modal + toasts, for the whole app. */
export function WalletProvider({ publicConfig, sessionAddress, children }: WalletProviderProps) {
  const [wagmiConfig] = useState(() => createWagmiConfig(publicConfig));
  const [queryClient] = useState(createQueryClient);
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <WalletState publicConfig={publicConfig} sessionAddress={sessionAddress}>
          {children}
        </WalletState>
      </QueryClientProvider>
    </WagmiProvider>
  );
}

function WalletState({ publicConfig, sessionAddress, children }: WalletProviderProps) {
  const [store] = useState(createModalStore);
  const testnet = useMemo(() => testnetChain(publicConfig), [publicConfig]);
  const connection = useConnection();

  // The server's answer wins whenever it changes (after router.refresh()); local updates bridge the gap.
  const [session, setSession] = useState({ fromServer: sessionAddress, address: sessionAddress });
  if (session.fromServer !== sessionAddress)
    setSession({ fromServer: sessionAddress, address: sessionAddress });
  const setSessionAddress = useCallback(
    (address: Address | null) => setSession((s) => ({ ...s, address })),
    [],
  );

  const snapshotRef = useRef<AuthSnapshot>({
    walletConnected: false,
    chainSupported: false,
    hasSession: false,
  });
  const walletAddress = connection.status === "connected" ? connection.address : undefined;
  snapshotRef.current = {
    walletConnected: walletAddress !== undefined,
    chainSupported: connection.chainId === testnet.id,
    hasSession:
      session.address !== null &&
      (walletAddress === undefined || walletAddress.toLowerCase() === session.address.toLowerCase()),
  };

  const value = useMemo<WalletContextValue>(() => {
    const toEntry = (v?: ViewEntry | ViewEntry["view"]) => (typeof v === "string" ? { view: v } : v);
    return {
      settings: publicConfig,
      testnet,
      store,
      sessionAddress: session.address,
      setSessionAddress,
      snapshot: () => snapshotRef.current,
      open: (view) => store.openAt(openView(toEntry(view), snapshotRef.current)),
      close: () => store.close(),
    };
  }, [publicConfig, testnet, store, session.address, setSessionAddress]);

  // Marks the page interactive (hydrated): browser tests wait for it instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.walletReady = "true";
  }, []);

  return (
    <WalletContext.Provider value={value}>
      {children}
      <SignInGuard />
      <LazyModal />
      <ToastContainer {...TOAST_OPTIONS} />
    </WalletContext.Provider>
  );
}

/**
 * Keeps the seed's SIWX flow on track: while the modal is open, a connected wallet without a session
 * is led to the network switch and then to the sign view; a wallet that changes to another account
 * than the signed-in one is asked to sign in again.
 */
function SignInGuard() {
  const { store, snapshot, sessionAddress } = useWalletContext();
  const connection = useConnection();
  const isOpen = useModalState((s) => s.isOpen);
  const top = useModalState((s) => s.history.at(-1)?.view);
  const address = connection.status === "connected" ? connection.address : undefined;
  const previousAddress = useRef(address);

  // The parent computed the snapshot during this render; depend on its parts, not on the ref.
  const { walletConnected, chainSupported, hasSession } = snapshot();

  useEffect(() => {
    const required = requiredAuthView({ walletConnected, chainSupported, hasSession });
    const addressChanged = previousAddress.current !== address;
    previousAddress.current = address;
    if (!isOpen) {
      // The wallet now shows another account than the signed-in one: sign in with it.
      if (addressChanged && required && sessionAddress && address) store.openAt({ view: required });
      return;
    }
    if (required && top !== required && top !== "SwitchNetwork") {
      store.navigate({ type: "reset", entry: { view: required } });
    } else if (!walletConnected && (top === "SIWXSignMessage" || top === "UnsupportedChain")) {
      // The wallet went away mid-flow: start over.
      store.openAt({ view: hasSession ? "Account" : "Connect" });
    }
  }, [isOpen, top, address, walletConnected, chainSupported, hasSession, sessionAddress, store]);
  return null;
}

function LazyModal() {
  const requested = useModalState((s) => s.requested);
  return requested ? <WalletModal /> : null;
}
