"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "react-toastify";
import { useBalance, useConfig, useConnection, useDisconnect } from "wagmi";
import { Blockie } from "../components/Blockie";
import { useWalletContext } from "../context";
import { logout, logoutAll } from "../lib/auth-api";
import { shortenAddress, useFormat } from "../lib/format";
import { useNav } from "../modal/nav";
import { SecondaryButton } from "../modal/ui";
import { networkSwitchView } from "../state/open-view";
import { ReceivePanel, WalletFeatures } from "./account-parts";

/**
 * The signed-in account: avatar, address (copy), native balance on the testnet, network, the seed's
 * Tokens / NFTs / Activity tabs (given by the app layout through WalletProvider's `accountTabs`, so
 * the modal imports no feature), sign out.
 */
export function AccountView() {
  const { sessionAddress, setSessionAddress, profileName, testnet, settings, accountTabs } =
    useWalletContext();
  const [receiving, setReceiving] = useState(false);
  const connection = useConnection();
  const config = useConfig();
  const { mutateAsync: disconnect } = useDisconnect();
  const router = useRouter();
  const nav = useNav();
  const [signingOut, setSigningOut] = useState<"here" | "everywhere" | null>(null);
  const address = sessionAddress ?? connection.address;
  const balance = useBalance({ address, chainId: testnet.id, query: { enabled: Boolean(address) } });
  const fmt = useFormat();

  if (!address) return null;

  const walletChainId = connection.status === "connected" ? connection.chainId : undefined;
  const onTestnet = walletChainId === testnet.id;
  const networkName =
    walletChainId === undefined
      ? "Wallet not connected"
      : (config.chains.find((c) => c.id === walletChainId)?.name ?? `Chain ${walletChainId}`);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success("Address copied");
    } catch {
      toast.error("Could not copy the address");
    }
  };

  const signOut = async (where: "here" | "everywhere") => {
    setSigningOut(where);
    try {
      await (where === "everywhere" ? logoutAll() : logout());
    } catch (err) {
      // The cookie may already be gone (expired session); signing out locally is still right.
      if (!(err instanceof Error && "status" in err && err.status === 401)) {
        toast.error(err instanceof Error ? err.message : "Could not sign out");
        setSigningOut(null);
        return;
      }
    }
    setSessionAddress(null);
    nav.close();
    await disconnect().catch(() => undefined);
    router.refresh();
    toast.info(where === "everywhere" ? "Signed out on every device" : "Signed out");
  };

  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-col items-center gap-2">
        <Blockie address={address} size={64} className="rounded-full" />
        {profileName ? (
          <p className="break-all text-lg font-semibold text-gold" data-testid="account-name">
            {profileName}
          </p>
        ) : null}
        <div className="flex items-center gap-1">
          <span
            className={profileName ? "font-id text-muted" : "font-id text-base"}
            title={address}
            data-testid="account-address"
          >
            {shortenAddress(address)}
          </span>
          <button
            type="button"
            onClick={() => void copy()}
            aria-label="Copy address"
            className="inline-flex size-8 items-center justify-center rounded-control text-muted hover:bg-raised hover:text-text"
          >
            <CopyIcon />
          </button>
        </div>
        <p className="tabular text-lg font-semibold" data-testid="account-balance">
          {balance.data ? (
            fmt.balance(balance.data.value, balance.data.decimals, { symbol: balance.data.symbol })
          ) : balance.isError ? (
            <span className="text-sm font-normal text-muted">Balance unavailable</span>
          ) : (
            <span className="inline-block h-5 w-28 animate-pulse rounded-control bg-raised align-middle" />
          )}
        </p>
      </div>

      <WalletFeatures onReceive={() => setReceiving((r) => !r)} />
      {receiving ? <ReceivePanel address={address} networkName={testnet.name} /> : null}

      <dl className="rounded-control border border-border">
        <div className="flex items-center justify-between gap-2 px-3 py-2.5">
          <dt className="text-muted">Network</dt>
          <dd className={onTestnet ? "" : walletChainId === undefined ? "text-muted" : "text-danger"}>
            {networkName}
          </dd>
        </div>
        {profileName ? (
          <div className="flex items-center justify-between gap-2 border-t border-border px-3 py-2.5">
            <dt className="text-muted">Name</dt>
            <dd>
              <button
                type="button"
                onClick={() => nav.push("RegisterAccountName")}
                className="text-gold hover:text-gold-hover"
              >
                Change name
              </button>
            </dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between gap-2 border-t border-border px-3 py-2.5">
          <dt className="text-muted">Explorer</dt>
          <dd>
            <a
              href={`${settings.explorerUrl}/address/${address}`}
              target="_blank"
              rel="noreferrer"
              className="text-gold underline-offset-2 hover:underline"
            >
              View address ↗
            </a>
          </dd>
        </div>
      </dl>

      {profileName ? null : (
        <SecondaryButton onClick={() => nav.push("RegisterAccountName")} data-testid="choose-name">
          Choose a name
        </SecondaryButton>
      )}

      {/* A box of fixed height: the tabs load after the view opens and their panels differ in
          height, and the centered dialog must not move under a finger (on phones the copy button
          jumped ~100 px when the tabs arrived, and a tap there landed on another button). */}
      {accountTabs ? <div className="h-72">{accountTabs}</div> : null}

      {walletChainId !== undefined && !onTestnet ? (
        <SecondaryButton
          onClick={() => {
            const next = networkSwitchView(testnet.id, walletChainId);
            if (next) nav.push(next.view, next.data);
          }}
        >
          Switch to {testnet.name}
        </SecondaryButton>
      ) : null}
      {walletChainId === undefined ? (
        <SecondaryButton onClick={() => nav.push("Connect")}>Connect wallet again</SecondaryButton>
      ) : (
        <SecondaryButton onClick={() => nav.push("ProfileWallets")}>Your wallets</SecondaryButton>
      )}
      <SecondaryButton
        onClick={() => void signOut("here")}
        disabled={signingOut !== null}
        className="hover:border-danger"
      >
        {signingOut === "here" ? "Signing out…" : "Sign out"}
      </SecondaryButton>
      <SecondaryButton
        onClick={() => void signOut("everywhere")}
        disabled={signingOut !== null}
        className="hover:border-danger"
      >
        {signingOut === "everywhere" ? "Signing out everywhere…" : "Sign out everywhere"}
      </SecondaryButton>
    </div>
  );
}

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="5" y="5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M3 10.5V4a1 1 0 0 1 1-1h6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
