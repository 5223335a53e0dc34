"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "react-toastify";
import { useConnection, useConnections, useConnectors, useDisconnect, useSwitchConnection } from "wagmi";
import { Blockie } from "../components/Blockie";
import { useWalletContext } from "../context";
import { logout } from "../lib/auth-api";
import { shortenAddress } from "../lib/format";
import { useNav } from "../modal/nav";
import { ErrorNote, SecondaryButton } from "../modal/ui";
import { type AccountRow, accountRows, forgetKnown, readKnown } from "../state/accounts";

const STATUS_TEXT = { active: "Active", connected: "Connected", disconnected: "Disconnected" } as const;

/**
 * The seed's ProfileWallets: every account this browser has connected. Switching to another one
 * makes it the wallet in use; an address without a session is asked to sign in (the SIWX guard in
 * WalletRuntime), so the server session always follows the active address.
 */
export function ProfileWalletsView() {
  const { sessionAddress, setSessionAddress } = useWalletContext();
  const connections = useConnections();
  const connection = useConnection();
  const connectors = useConnectors();
  const { mutateAsync: switchConnection } = useSwitchConnection();
  const { mutateAsync: disconnect } = useDisconnect();
  const router = useRouter();
  const nav = useNav();
  const [error, setError] = useState<string | null>(null);
  const [, setVersion] = useState(0);
  const rows = accountRows(connections, connection.connector?.uid, readKnown());

  const activate = async (row: AccountRow) => {
    setError(null);
    try {
      if (row.status === "disconnected") {
        const connector = connectors.find((c) => c.id === row.connectorId);
        if (!connector) {
          setError(`${row.walletName} is not installed in this browser.`);
          return;
        }
        if (connector.id === "walletConnect") nav.push("ConnectingWalletConnectBasic");
        else nav.push("ConnectingExternal", { connectorUid: connector.uid });
        return;
      }
      const connector = connectors.find((c) => c.uid === row.connectorUid);
      if (connector) await switchConnection({ connector });
      // The guard now asks this address to sign in unless it already holds the session.
      if (!sessionAddress || sessionAddress.toLowerCase() !== row.address.toLowerCase()) {
        nav.replace("SIWXSignMessage");
      }
    } catch {
      setError("Failed to connect");
    }
  };

  const remove = async (row: AccountRow) => {
    setError(null);
    if (row.status === "disconnected") {
      forgetKnown(row.address);
      setVersion((v) => v + 1);
      return;
    }
    const connector = connectors.find((c) => c.uid === row.connectorUid);
    forgetKnown(row.address);
    await disconnect({ connector }).catch(() => undefined);
  };

  const disconnectAll = async () => {
    try {
      await logout();
    } catch {
      // Already signed out (expired session): disconnecting is still right.
    }
    setSessionAddress(null);
    nav.close();
    // The current connection first (as Account's sign-out does), then any other one, one at a time.
    const others = connections.filter((c) => c.connector.uid !== connection.connector?.uid);
    await disconnect().catch(() => undefined);
    for (const c of others) await disconnect({ connector: c.connector }).catch(() => undefined);
    router.refresh();
    toast.info("All wallets disconnected");
  };

  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted">
        The accounts you connected in this browser. The active one is signed in; switching asks the new one to
        sign in.
      </p>
      {error ? <ErrorNote title="Failed to connect">{error}</ErrorNote> : null}
      <ul className="space-y-2" aria-label="Connected accounts">
        {rows.map((row) => (
          <li
            key={row.address}
            className="flex items-center gap-2 rounded-control border border-border bg-raised p-2"
            data-status={row.status}
          >
            <Blockie address={row.address} size={28} className="rounded-full" />
            <span className="min-w-0 flex-1">
              <span className="block font-id">{shortenAddress(row.address)}</span>
              <span className="block text-xs text-muted">
                {row.walletName} · {STATUS_TEXT[row.status]}
                {sessionAddress?.toLowerCase() === row.address.toLowerCase() ? " · signed in" : ""}
              </span>
            </span>
            {row.status === "active" ? null : row.status === "connected" && row.index > 0 ? (
              <span className="text-xs text-muted">Switch in {row.walletName}</span>
            ) : (
              <button
                type="button"
                onClick={() => void activate(row)}
                className="rounded-control border border-border px-2 py-1 text-xs hover:border-gold"
                // The name starts with the visible word (WCAG 2.5.3).
                aria-label={`${row.status === "disconnected" ? "Connect" : "Use"} ${shortenAddress(row.address)}`}
              >
                {row.status === "disconnected" ? "Connect" : "Use"}
              </button>
            )}
            <button
              type="button"
              onClick={() => void remove(row)}
              className="rounded-control px-2 py-1 text-xs text-muted hover:text-danger"
              aria-label={`${row.status === "disconnected" ? "Forget" : "Disconnect"} ${shortenAddress(row.address)}`}
            >
              {row.status === "disconnected" ? "Forget" : "Disconnect"}
            </button>
          </li>
        ))}
      </ul>
      <SecondaryButton onClick={() => nav.push("Connect")}>Add another wallet</SecondaryButton>
      <SecondaryButton onClick={() => void disconnectAll()} className="hover:border-danger">
        Disconnect all and sign out
      </SecondaryButton>
    </div>
  );
}
