"use client";

import { useState } from "react";
import { toast } from "react-toastify";
import { useConnection } from "wagmi";
import { Button } from "@/ui/Button";
import { useWalletModal } from "@/wallet-modal";
import { type AddChainSettings, addTestnetToWallet, type RequestFn, walletErrorMessage } from "../add-chain";

/** "Add to wallet": wallet_addEthereumChain with the testnet's details, then switch to it. */
export function AddToWalletButton({ settings }: { settings: AddChainSettings }) {
  const { connector, isConnected } = useConnection();
  const modal = useWalletModal();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (!isConnected || !connector) {
      toast.info("Connect your wallet first, then add the network.");
      modal.open();
      return;
    }
    setBusy(true);
    try {
      const provider = (await connector.getProvider()) as { request: RequestFn } | undefined;
      if (!provider?.request) throw new Error("Your wallet does not accept requests from this page.");
      await addTestnetToWallet(provider.request.bind(provider), settings);
      toast.success(`${settings.chainName} is in your wallet and selected.`);
    } catch (err) {
      toast.error(walletErrorMessage(err));
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
