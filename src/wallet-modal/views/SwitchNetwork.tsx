"use client";

import { useEffect, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { DoctorNote } from "../components/DoctorNotes";
import { useWalletContext } from "../context";
import { useNav } from "../modal/nav";
import { ErrorNote, PrimaryButton } from "../modal/ui";
import { useSwitchTo } from "./use-switch";

/** Confirmation before asking the wallet to change network. */
export function SwitchNetworkView() {
  const { store, testnet, sessionAddress } = useWalletContext();
  const config = useConfig();
  const connection = useConnection();
  const nav = useNav();
  const chainId = store.getState().history.at(-1)?.data?.chainId ?? testnet.id;
  const chain = config.chains.find((c) => c.id === chainId) ?? testnet;
  const { run, busy, error, connected } = useSwitchTo(chain);
  // Switched to the testnet without a session: sign-in is next, once wagmi has the new chain (the
  // wallet's chainChanged may come after its answer, and the sign-in reads the chain).
  const [toSignIn, setToSignIn] = useState(false);
  const address = connection.address;

  useEffect(() => {
    if (toSignIn && connection.chainId === chain.id) {
      store.navigate({ type: "reset", entry: { view: "SIWXSignMessage" } });
    }
  }, [toSignIn, connection.chainId, chain.id, store]);

  const onSwitch = async () => {
    if (!(await run())) return;
    // "Wrong network" opens this view on its own: closing would drop a sign-in still to do.
    const signedIn = sessionAddress !== null && sessionAddress.toLowerCase() === address?.toLowerCase();
    if (!signedIn && chain.id === testnet.id) setToSignIn(true);
    else if (store.getState().history.length > 1) nav.goBack();
    else nav.close();
  };
  const waiting = busy || toSignIn;

  return (
    <div className="space-y-4 text-sm">
      <div className="text-center">
        <p className="font-semibold">Switch to {chain.name}</p>
        <p className="mt-1 text-muted">
          Your wallet will ask you to approve the switch
          {chain.id === testnet.id ? ", and to add the network first if it does not know it yet" : ""}.
        </p>
      </div>
      {error ? <ErrorNote title="Network not switched">{error}</ErrorNote> : null}
      {error && !error.includes("declined") ? (
        <DoctorNote title="Add the network by hand" testId="doctor-switch-failed">
          <p>Some wallets cannot add networks for a site. In your wallet’s network settings, add:</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 font-id text-xs break-all">
            <dt>Name</dt>
            <dd>{chain.name}</dd>
            <dt>Chain ID</dt>
            <dd>{chain.id}</dd>
            <dt>RPC URL</dt>
            <dd>{chain.rpcUrls.default.http[0]}</dd>
            <dt>Symbol</dt>
            <dd>{chain.nativeCurrency.symbol}</dd>
          </dl>
          <p className="mt-1">then switch to it there and come back.</p>
        </DoctorNote>
      ) : null}
      {connected ? (
        <PrimaryButton onClick={() => void onSwitch()} disabled={waiting} aria-busy={waiting}>
          {waiting ? "Waiting for wallet…" : `Switch to ${chain.name}`}
        </PrimaryButton>
      ) : (
        <ErrorNote title="No wallet connected">Connect a wallet first.</ErrorNote>
      )}
    </div>
  );
}
