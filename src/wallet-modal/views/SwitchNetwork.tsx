"use client";

import { useConfig } from "wagmi";
import { DoctorNote } from "../components/DoctorNotes";
import { useWalletContext } from "../context";
import { useNav } from "../modal/nav";
import { ErrorNote, PrimaryButton } from "../modal/ui";
import { useSwitchTo } from "./use-switch";

/** Confirmation before asking the wallet to change network. */
export function SwitchNetworkView() {
  const { store, testnet } = useWalletContext();
  const config = useConfig();
  const nav = useNav();
  const chainId = store.getState().history.at(-1)?.data?.chainId ?? testnet.id;
  const chain = config.chains.find((c) => c.id === chainId) ?? testnet;
  const { run, busy, error, connected } = useSwitchTo(chain);

  const onSwitch = async () => {
    if (!(await run())) return;
    if (store.getState().history.length > 1) nav.goBack();
    else nav.close();
  };

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
        <PrimaryButton onClick={() => void onSwitch()} disabled={busy} aria-busy={busy}>
          {busy ? "Waiting for wallet…" : `Switch to ${chain.name}`}
        </PrimaryButton>
      ) : (
        <ErrorNote title="No wallet connected">Connect a wallet first.</ErrorNote>
      )}
    </div>
  );
}
