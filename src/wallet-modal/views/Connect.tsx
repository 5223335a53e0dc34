"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { type Connector, useConnectors } from "wagmi";
import { ExtensionConflicts } from "../components/DoctorNotes";
import { useModalState, useWalletContext } from "../context";
import { isConnectorPresent } from "../lib/browser-wallet";
import { currentPlatform, isMobilePlatform } from "../lib/platform";
import { useNav } from "../modal/nav";
import { ErrorNote, SecondaryButton, WalletIcon } from "../modal/ui";
import { isBrowserWalletHidden, rdnsOf } from "../registry/arrange";
import { cachedWallets } from "../registry/fetch";
import { isExcluded } from "../registry/listing";
import { recentEntry, rememberRecent } from "../registry/recent";

/** Wallets that announce themselves via EIP-6963, and where to get one when none does. */
export const INSTALL_LINKS = [
  { name: "MetaMask", href: "https://metamask.io/download/" },
  { name: "Rabby", href: "https://rabby.io/" },
  { name: "Coinbase Wallet", href: "https://www.coinbase.com/wallet/downloads" },
] as const;

export function ConnectView() {
  const connectors = useConnectors();
  const { settings } = useWalletContext();
  const nav = useNav();
  const queryClient = useQueryClient();
  const notice = useModalState((s) => s.history.at(-1)?.data?.notice);
  const mobile = useMemo(() => isMobilePlatform(currentPlatform()), []);
  // One button per wallet even if two extensions announce the same rdns (the doctor explains it);
  // none for a wallet the operator excluded (WALLET_EXCLUDE, by rdns or name), nor for the Browser
  // Wallet where the seed hides it.
  const wallets = connectors.filter(
    (c, i, all) =>
      c.type === "injected" &&
      all.findIndex((o) => o.id === c.id) === i &&
      isConnectorPresent(c) &&
      !isExcluded({ rdns: rdnsOf(c), name: c.name }, settings.walletExclude) &&
      !isBrowserWalletHidden({ rdns: rdnsOf(c), name: c.name }, { installed: true, mobile }),
  );
  // Not while an error sent the user back here: it would go unread behind the list.
  const phoneWithoutWallet = wallets.length === 0 && mobile && !notice;
  // Present only when the WalletConnect plug-in is built in and configured (lib/walletconnect-gate.ts).
  const walletConnect = connectors.some((c) => c.id === "walletConnect");

  // The seed: with no wallet in the browser a phone shows AllWallets (each opens this page in its app).
  useEffect(() => {
    if (phoneWithoutWallet) nav.replace("AllWallets");
  }, [phoneWithoutWallet, nav.replace]);

  // The seed shows WalletConnect as AllWallets on a phone and as the QR code on a computer: a QR code
  // cannot be scanned by the phone that shows it, whereas the list's wallets open their app directly.
  const walletConnectRow = walletConnect ? (
    <SecondaryButton
      onClick={() => (mobile ? nav.push("AllWallets") : nav.push("ConnectingWalletConnectBasic"))}
      className="flex items-center justify-between"
    >
      <span>WalletConnect</span>
      <span className="text-xs text-muted">{mobile ? "Wallet apps" : "QR code"}</span>
    </SecondaryButton>
  ) : null;

  // The identity All wallets remembers too (registry id, with the rdns): one wallet, one recent place.
  const choose = (c: Connector) => {
    const wallet = { id: rdnsOf(c) ?? c.id, name: c.name, rdns: rdnsOf(c) };
    rememberRecent(recentEntry(wallet, cachedWallets(queryClient)));
    nav.push("ConnectingExternal", { connectorUid: c.uid });
  };

  const allWallets = (
    <SecondaryButton onClick={() => nav.push("AllWallets")} className="flex items-center justify-between">
      <span>All wallets</span>
      <span className="text-xs text-muted">100+</span>
    </SecondaryButton>
  );

  if (phoneWithoutWallet) return null;

  const noticeNote = notice ? <ErrorNote title={notice.title}>{notice.detail}</ErrorNote> : null;

  if (wallets.length === 0) {
    return (
      <div className="space-y-4 text-sm">
        {noticeNote}
        <div>
          <p className="font-semibold">No wallet found</p>
          <p className="mt-1 text-muted">
            {settings.productName} works with browser wallets. Install one, reload this page, and it will
            appear here.
          </p>
        </div>
        <ul className="space-y-2">
          {INSTALL_LINKS.map((w) => (
            <li key={w.name}>
              <a
                href={w.href}
                target="_blank"
                rel="noopener noreferrer"
                className="flex h-12 items-center justify-between rounded-control border border-border bg-raised px-3 hover:border-gold"
              >
                <span>Install {w.name}</span>
                <span aria-hidden="true" className="text-muted">
                  ↗
                </span>
              </a>
            </li>
          ))}
        </ul>
        {walletConnectRow}
        {allWallets}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {noticeNote}
      <ExtensionConflicts />
      <ul className="space-y-2" aria-label="Wallets">
        {wallets.map((c) => (
          <li key={c.uid}>
            <button
              type="button"
              onClick={() => choose(c)}
              className="flex h-14 w-full items-center gap-3 rounded-control border border-border bg-raised px-3 text-left text-sm font-medium hover:border-gold"
            >
              <WalletIcon src={c.icon} name={c.name} size={32} />
              <span className="flex-1">{c.name}</span>
              <span className="rounded-control bg-gold/15 px-2 py-0.5 text-xs text-gold">Installed</span>
            </button>
          </li>
        ))}
      </ul>
      {walletConnectRow}
      {allWallets}
      <p className="text-center text-xs text-muted">
        Connecting only shares your address. Signing in costs nothing and sends no transaction.
      </p>
    </div>
  );
}
