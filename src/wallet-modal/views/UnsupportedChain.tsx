"use client";

import { useConnection, useDisconnect } from "wagmi";
import { useWalletContext } from "../context";
import { useNav } from "../modal/nav";
import { ErrorNote, PrimaryButton, SecondaryButton } from "../modal/ui";
import { useSwitchTo } from "./use-switch";

/** The wallet is on a network the portal does not run on: offer the switch to the testnet. */
export function UnsupportedChainView() {
  const { testnet, settings, snapshot } = useWalletContext();
  const connection = useConnection();
  const { mutateAsync: disconnect } = useDisconnect();
  const nav = useNav();
  const { run, busy, error } = useSwitchTo(testnet);

  const onSwitch = async () => {
    // Without a session the sign-in guard moves on to the SIWX message once the chain changes.
    if ((await run()) && snapshot().hasSession) nav.close();
  };

  return (
    <div className="space-y-4 text-sm">
      <div className="text-center">
        <p className="font-semibold">This network is not supported</p>
        <p className="mt-1 text-muted">
          {settings.productName} runs on {testnet.name}. Your wallet is on another network
          {connection.chainId !== undefined ? ` (chain id ${connection.chainId})` : ""}. Switch to continue;
          your wallet adds the network if it does not know it yet.
        </p>
      </div>
      {error ? <ErrorNote title="Network not switched">{error}</ErrorNote> : null}
      <PrimaryButton onClick={() => void onSwitch()} disabled={busy} aria-busy={busy}>
        {busy ? "Waiting for wallet…" : `Switch to ${testnet.name}`}
      </PrimaryButton>
      <SecondaryButton
        onClick={async () => {
          nav.close();
          await disconnect().catch(() => undefined);
        }}
        disabled={busy}
      >
        Disconnect
      </SecondaryButton>
    </div>
  );
}
