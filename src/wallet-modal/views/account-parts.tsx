"use client";

import Link from "next/link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { usePublicClient } from "wagmi";
import { useNav } from "../modal/nav";
import {
  type RecentTx,
  readTransactions,
  settleTransaction,
  subscribeTransactions,
} from "../state/transactions";

const action =
  "flex h-16 flex-col items-center justify-center gap-1 rounded-control border border-border bg-raised text-xs font-medium hover:border-gold";

/** The seed's wallet features for a testnet: the faucet in place of on-ramp, swap, receive, send. */
export function WalletFeatures({ onReceive }: { onReceive: () => void }) {
  const nav = useNav();
  return (
    <nav aria-label="Wallet features" className="grid grid-cols-4 gap-2">
      <Link href="/testnet" onClick={nav.close} className={action}>
        <span aria-hidden="true">💧</span>Get test coins
      </Link>
      <Link href="/swap" onClick={nav.close} className={action}>
        <span aria-hidden="true">⇄</span>Swap
      </Link>
      <button type="button" onClick={onReceive} className={action}>
        <span aria-hidden="true">▣</span>Receive
      </button>
      <Link href="/wallet" onClick={nav.close} className={action}>
        <span aria-hidden="true">↗</span>Send
      </Link>
    </nav>
  );
}

/** The address as a QR code, drawn in the browser (qrcode is loaded only when asked for). */
export function ReceivePanel({ address, networkName }: { address: string; networkName: string }) {
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((QRCode) =>
        QRCode.toDataURL(address, {
          margin: 1,
          width: 320,
          errorCorrectionLevel: "M",
          color: { dark: "#0b0b0c", light: "#f5f1e6" },
        }),
      )
      .then((url) => live && setQr(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <section
      aria-label="Receive"
      className="flex flex-col items-center gap-2 rounded-control border border-border p-3"
    >
      {qr ? (
        // biome-ignore lint/performance/noImgElement: a generated data URI
        <img
          src={qr}
          alt={`QR code of the address ${address}`}
          width={160}
          height={160}
          className="size-40 rounded-control"
          data-testid="account-receive-qr"
        />
      ) : failed ? (
        <p className="text-danger">The QR code could not be drawn; copy the address below instead.</p>
      ) : (
        <div
          className="size-40 animate-pulse rounded-control bg-raised"
          role="img"
          aria-label="Drawing the QR code"
        />
      )}
      <p className="break-all text-center font-mono text-xs">{address}</p>
      <p className="text-center text-xs text-muted">
        Send only {networkName} coins and tokens to this address.
      </p>
    </section>
  );
}

/** This browser's recent transactions (recordTransaction), pending ones followed until their receipt. */
export function RecentTransactions({ chainId, explorerUrl }: { chainId: number; explorerUrl: string }) {
  const list = useSyncExternalStore(subscribeTransactions, readTransactions, () => EMPTY);
  const client = usePublicClient({ chainId });
  const pendingKey = list
    .filter((t) => t.status === "pending")
    .map((t) => t.hash)
    .join(",");

  useEffect(() => {
    if (!client || !pendingKey) return;
    const controller = new AbortController();
    for (const hash of pendingKey.split(",") as `0x${string}`[]) {
      client
        .waitForTransactionReceipt({ hash, timeout: 180_000, pollingInterval: 2_000 })
        .then((r) => {
          if (!controller.signal.aborted)
            settleTransaction(hash, r.status === "success" ? "confirmed" : "failed");
        })
        .catch(() => undefined); // Still unknown: stays pending, checked again next time.
    }
    return () => controller.abort();
  }, [client, pendingKey]);

  if (list.length === 0) {
    return (
      <p className="py-4 text-center text-muted" data-testid="recent-tx-empty">
        No transactions from this browser yet. Claim test coins from the faucet to make your first.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Recent transactions" data-testid="recent-tx">
      {list.slice(0, 10).map((t) => (
        <TxRow key={t.hash} tx={t} explorerUrl={explorerUrl} />
      ))}
    </ul>
  );
}

const EMPTY: RecentTx[] = [];

function TxRow({ tx, explorerUrl }: { tx: RecentTx; explorerUrl: string }) {
  const tone =
    tx.status === "pending" ? "text-warning" : tx.status === "failed" ? "text-danger" : "text-success";
  return (
    <li className="flex items-center justify-between gap-2 py-2">
      <span className="min-w-0">
        <span className="block truncate">{tx.label}</span>
        <a
          href={`${explorerUrl}/tx/${tx.hash}`}
          target="_blank"
          rel="noreferrer"
          className="font-mono text-xs text-muted underline-offset-2 hover:underline"
        >
          {`${tx.hash.slice(0, 10)}…${tx.hash.slice(-6)}`}
        </a>
      </span>
      <span className={`text-xs ${tone}`} data-status={tx.status}>
        {tx.status === "pending" ? "Pending…" : tx.status === "failed" ? "Failed" : "Confirmed"}
      </span>
    </li>
  );
}
