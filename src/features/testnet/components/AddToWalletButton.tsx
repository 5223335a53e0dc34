"use client";

import { useState } from "react";
import { useConnection } from "wagmi";
import { Button } from "@/ui/Button";
import { useWalletModal } from "@/wallet-modal";
import { type AddChainSettings, addTestnetToWallet, type RequestFn, walletErrorMessage } from "../add-chain";

/**
 * The toasts' code loads on the first click: the container is part of the lazy wallet runtime
 * (src/wallet-modal/WalletRuntime.tsx), and a static import put react-toastify into /testnet's
 * first-load JavaScript (docs/ARCHITECTURE.md, "Client bundles").
 */
const toast = async () => (await import("react-toastify")).toast;

/** "Add to wallet": wallet_addEthereumChain with the testnet's details, then switch to it. */
export function AddToWalletButton({ settings }: { settings: AddChainSettings }) {
  const { connector, isConnected } = useConnection();
  const modal = useWalletModal();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (!isConnected || !connector) {
      void toast().then((t) => t.info("Connect your wallet first, then add the network."));
      modal.open();
      return;
    }
    setBusy(true);
    try {
      const provider = (await connector.getProvider()) as { request: RequestFn } | undefined;
      if (!provider?.request) throw new Error("Your wallet does not accept requests from this page.");
      await addTestnetToWallet(provider.request.bind(provider), settings);
      (await toast()).success(`${settings.chainName} is in your wallet and selected.`);
    } catch (err) {
      (await toast()).error(walletErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={onClick} disabled={busy} size="lg" aria-busy={busy || undefined}>
      {busy ? "Check your wallet…" : "Add to wallet"}
    </Button>
  );
}
