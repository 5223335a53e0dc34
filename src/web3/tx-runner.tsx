"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TransactionReceipt } from "viem";
import { useConfig } from "wagmi";
import { TxError, type TxStep } from "./tx-step";

const txLoadFailedMessage = "Could not load what this transaction needs. Check your connection and try again";

type TxExec = typeof import("./tx-exec");
let loading: Promise<TxExec> | null = null;

/**
 * The wallet-facing half of the runner (wagmi's write actions, receipts, toasts, revert decoding:
 * tens of KB) is fetched when the first transaction starts, not with the page (docs/ARCHITECTURE.md,
 * "Client bundles"). Forms show "Preparing…" meanwhile (useTxSteps is pending with no active step).
 * A failed fetch becomes an inline error and is retried on the next attempt; the wallet is not asked.
 */
function loadTxExec(): Promise<TxExec> {
  loading ??= import("./tx-exec").catch((err: unknown) => {
    loading = null;
    console.error(err);
    throw new TxError(txLoadFailedMessage);
  });
  return loading;
}

/**
 * Sends one transaction the safe way (switch chain, simulate, write, toast from submitted to
 * confirmed, refresh queries; errors become TxError with the human sentence): see tx-exec.tsx.
 */
export function useTransactionRunner({ chainId, explorerUrl }: { chainId: number; explorerUrl: string }) {
  const config = useConfig();
  const queryClient = useQueryClient();
  return useCallback(
    async (step: TxStep): Promise<TransactionReceipt> => {
      const { sendStep } = await loadTxExec();
      return sendStep({ config, queryClient, chainId, explorerUrl }, step);
    },
    [config, queryClient, chainId, explorerUrl],
  );
}
