"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "react-toastify";
import { useBalance, useConfig, useConnection, useDisconnect } from "wagmi";
import { Blockie } from "../components/Blockie";
import { useWalletContext } from "../context";
import { logout } from "../lib/auth-api";
import { formatBalance, shortenAddress } from "../lib/format";
import { useNav } from "../modal/nav";
import { SecondaryButton } from "../modal/ui";

/**
 * The signed-in account: avatar, address (copy), native balance on the testnet, network, the seed's
 * Tokens / NFTs / Activity tabs (given by the app layout through WalletProvider's `accountTabs`, so
 * the modal imports no feature), sign out.
 */
export function AccountView() {
  const { sessionAddress, setSessionAddress, testnet, accountTabs } = useWalletContext();
  const connection = useConnection();
  const config = useConfig();
  const { mutateAsync: disconnect } = useDisconnect();
  const router = useRouter();
  const nav = useNav();
  const [signingOut, setSigningOut] = useState(false);
  const address = sessionAddress ?? connection.address;
  const balance = useBalance({ address, chainId: testnet.id, query: { enabled: Boolean(address) } });

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

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } catch (err) {
      // The cookie may already be gone (expired session); signing out locally is still right.
      if (!(err instanceof Error && "status" in err && err.status === 401)) {
        toast.error(err instanceof Error ? err.message : "Could not sign out");
        setSigningOut(false);
        return;
      }
    }
    setSessionAddress(null);
    nav.close();
    await disconnect().catch(() => undefined);
    router.refresh();
    toast.info("Signed out");
  };

  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-col items-center gap-2">
        <Blockie address={address} size={64} className="rounded-full" />
        <div className="flex items-center gap-1">
          <span className="font-mono text-base" title={address} data-testid="account-address">
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
            `${formatBalance(balance.data.value, balance.data.decimals)} ${balance.data.symbol}`
          ) : balance.isError ? (
            <span className="text-sm font-normal text-muted">Balance unavailable</span>
          ) : (
            <span className="inline-block h-5 w-28 animate-pulse rounded-control bg-raised align-middle" />
          )}
        </p>
      </div>

      <dl className="rounded-control border border-border">
        <div className="flex items-center justify-between gap-2 px-3 py-2.5">
          <dt className="text-muted">Network</dt>
          <dd className={onTestnet ? "" : walletChainId === undefined ? "text-muted" : "text-danger"}>
            {networkName}
          </dd>
        </div>
      </dl>

      {accountTabs}

      {walletChainId !== undefined && !onTestnet ? (
        <SecondaryButton onClick={() => nav.push("SwitchNetwork", { chainId: testnet.id })}>
          Switch to {testnet.name}
        </SecondaryButton>
      ) : null}
      {walletChainId === undefined ? (
        <SecondaryButton onClick={() => nav.push("Connect")}>Connect wallet again</SecondaryButton>
      ) : null}
      <SecondaryButton onClick={() => void signOut()} disabled={signingOut} className="hover:border-danger">
        {signingOut ? "Signing out…" : "Sign out"}
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
