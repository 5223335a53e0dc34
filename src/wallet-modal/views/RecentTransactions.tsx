"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { ReplacementReason } from "viem";
import { waitForTransactionReceipt } from "viem/actions";
import { useConfig } from "wagmi";
import {
  type RecentTx,
  readTransactions,
  repointTransaction,
  settleTransaction,
  subscribeTransactions,
} from "../state/transactions";

// Its own chunk (loaded with the Recent tab): the receipt watcher pulls in viem's block watching.
export default RecentTransactions;

/** This browser's recent transactions (recordTransaction), pending ones followed until their receipt. */
function RecentTransactions({ chainId, explorerUrl }: { chainId: number; explorerUrl: string }) {
  const list = useSyncExternalStore(subscribeTransactions, readTransactions, () => EMPTY);
  const config = useConfig();
  const pendingKey = list
    .filter((t) => t.status === "pending")
    .map((t) => t.hash)
    .join(",");

  useEffect(() => {
    if (!pendingKey) return;
    const controller = new AbortController();
    const client = config.getClient({ chainId });
    for (const hash of pendingKey.split(",") as `0x${string}`[]) {
      // viem's wait, not wagmi's: wagmi's throws on a reverted receipt, which left it pending for good.
      let replaced: ReplacementReason | undefined;
      waitForTransactionReceipt(client, {
        hash,
        timeout: 180_000,
        pollingInterval: 2_000,
        signal: controller.signal,
        onReplaced: (r) => {
          replaced = r.reason;
        },
      })
        .then((r) => {
          if (controller.signal.aborted) return;
          // The receipt is the replacement's: a wallet's Cancel (a 0-value self-send) succeeds, but
          // what this row recorded never ran. Only a speed-up (same call) did, under another hash.
          if (replaced === "cancelled" || replaced === "replaced") return settleTransaction(hash, "failed");
          repointTransaction(hash, r.transactionHash);
          settleTransaction(r.transactionHash, r.status === "success" ? "confirmed" : "failed");
        })
        .catch(() => undefined); // Still unknown: stays pending, checked again next time.
    }
    return () => controller.abort();
  }, [config, chainId, pendingKey]);

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
          className="font-id text-xs text-muted underline-offset-2 hover:underline"
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
