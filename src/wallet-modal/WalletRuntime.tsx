"use client";

import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { ToastContainer } from "react-toastify";
import { useConfig, useConnection, WagmiProvider } from "wagmi";
import { TOAST_OPTIONS } from "./config";
import { useModalState, useWalletContext } from "./context";
import { loadWalletConnectConnector, walletConnectSessionStored } from "./lib/walletconnect-gate";
import { sharedQueryClient, sharedWagmiConfig } from "./shared";
import { rememberKnown } from "./state/accounts";
import { capturePendingFor } from "./state/capture";
import { requiredAuthView } from "./state/open-view";
import { prefetchOnOpen } from "./state/prefetch";

// The modal (Radix Dialog and every view) is its own chunk, fetched on first open.
const WalletModal = dynamic(() => import("./modal/WalletModal"), { ssr: false });

/**
 * The wallet stack (wagmi, viem, TanStack Query, toasts, the SIWX guard, the modal), loaded after
 * hydration by the root WalletProvider so pages that never touch the chain do not ship it up front.
 * This is the one WagmiProvider that restores the stored connection and reconnects on mount.
 */
export default function WalletRuntime() {
  const { settings } = useWalletContext();
  const [config] = useState(() => sharedWagmiConfig(settings));
  const [queryClient] = useState(sharedQueryClient);
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <ConnectionBridge />
        <WalletConnectPlugin />
        <PendingDataCapture />
        <LazyModal />
        <ToastContainer {...TOAST_OPTIONS} />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

/** Feeds the wallet's connection into the (wagmi-free) wallet context, then runs the sign-in guard. */
function ConnectionBridge() {
  const { reportConnection } = useWalletContext();
  const connection = useConnection();
  const address = connection.status === "connected" ? connection.address : undefined;
  const chainId = connection.chainId;
  // During render, like the snapshot always was: snapshot() is current before any effect runs.
  reportConnection({ address, chainId }, false);
  useEffect(() => reportConnection({ address, chainId }, true), [reportConnection, address, chainId]);
  const connector = connection.connector;
  // ProfileWallets lists accounts used here before as "disconnected" once their wallet is gone.
  useEffect(() => {
    if (address && connector)
      rememberKnown({ address, connectorId: connector.id, walletName: connector.name });
  }, [address, connector]);

  // Marks the page interactive (hydrated, wallet stack loaded): browser tests wait for it. The count
  // lets them check the runtime mounted once per tab, across client navigations.
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.walletReady = "true";
    html.dataset.walletRuntimeMounts = String(Number(html.dataset.walletRuntimeMounts ?? "0") + 1);
  }, []);
  return <SignInGuard address={address} />;
}

/**
 * Keeps the seed's SIWX flow on track: while the modal is open, a connected wallet without a session
 * is led to the network switch and then to the sign view; a wallet that changes to another account
 * than the signed-in one is asked to sign in again.
 */
function SignInGuard({ address }: { address: `0x${string}` | undefined }) {
  const { store, snapshot, sessionAddress } = useWalletContext();
  const isOpen = useModalState((s) => s.isOpen);
  const top = useModalState((s) => s.history.at(-1)?.view);
  const previousAddress = useRef(address);

  // The bridge updated the snapshot during this render; depend on its parts, not on the ref.
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

/**
 * The opt-in WalletConnect plug-in: only in a build made with WALLETCONNECT_PROJECT_ID (see
 * lib/walletconnect-gate.ts) and only while the server still has a project id configured. Fetched
 * when the modal first opens, or with the page when a WalletConnect session is stored to restore.
 */
function WalletConnectPlugin() {
  const config = useConfig();
  const { settings } = useWalletContext();
  const projectId = settings.walletConnectProjectId;
  const opened = useModalState((s) => s.requested);
  const [stored] = useState(walletConnectSessionStored);
  const wanted = opened || stored;
  useEffect(() => {
    if (!projectId || !wanted) return;
    void loadWalletConnectConnector()
      .then((m) => m?.installWalletConnect(config, settings, projectId))
      .catch(() => undefined);
  }, [config, settings, projectId, wanted]);
  return null;
}

/** Reopens the DataCapture step a page load interrupted (state/capture.ts). */
function PendingDataCapture() {
  const { settings, sessionAddress, store } = useWalletContext();
  useEffect(() => {
    if (settings.emailCapture === "off" || !sessionAddress || store.getState().isOpen) return;
    if (capturePendingFor(sessionAddress)) store.openAt({ view: "DataCapture" });
  }, [settings.emailCapture, sessionAddress, store]);
  return null;
}

function LazyModal() {
  const requested = useModalState((s) => s.requested);
  const isOpen = useModalState((s) => s.isOpen);
  const { settings } = useWalletContext();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isOpen) prefetchOnOpen(queryClient, settings.rpcUrl, settings.chainId);
  }, [isOpen, queryClient, settings.rpcUrl, settings.chainId]);
  return requested ? <WalletModal /> : null;
}
