"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { toast } from "react-toastify";
import {
  type Address,
  type Client,
  type Hash,
  type ReplacementReason,
  type TransactionReceipt,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { waitForTransactionReceipt } from "viem/actions";
import type { Config } from "wagmi";
import { getConnection, sendTransaction, simulateContract, switchChain, writeContract } from "wagmi/actions";
import { markBalancesChanged } from "@/lib/balance-freshness";
// The small store behind the modal's "Recent" tab (not the modal itself: pages stay light).
import { recordTransaction, repointTransaction, settleTransaction } from "@/wallet-modal/state/transactions";
import { explainRevertedReceipt } from "./receipt-failure";
import {
  type ContractStep,
  type NativeTransferStep,
  TxError,
  type TxStep,
  TxStillPendingError,
} from "./tx-step";
import { switchChainErrorMessage, walletErrorMessage } from "./wallet-errors";

/**
 * The part of the transaction runner that talks to the wallet: wagmi's write actions, the receipt
 * wait, the toasts and the ABI-decoding error mapper. Loaded by `useTransactionRunner` when the user
 * starts a transaction (docs/ARCHITECTURE.md, "Client bundles"), never with the page.
 */
export type TxContext = { config: Config; queryClient: QueryClient; chainId: number; explorerUrl: string };

function TxToast({ text, hash, explorerUrl }: { text: string; hash: Hash; explorerUrl: string }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span>{text}</span>
      <a
        href={`${explorerUrl}/tx/${hash}`}
        target="_blank"
        rel="noreferrer"
        className="text-gold underline underline-offset-2"
      >
        View on explorer
      </a>
    </span>
  );
}

/**
 * Replaces a "submitted" toast with its outcome. Not `toast.update`: when the chain confirms within
 * milliseconds (Anvil), the update can reach react-toastify before the loading toast is mounted and
 * is lost, leaving "…: submitted" on screen for good with no close button. Dismissing it and showing
 * a new toast works whatever state the first one is in.
 */
function settleToast(id: string | number, type: "success" | "error" | "warning", content: ReactNode) {
  toast.dismiss(id);
  toast(content, { type, autoClose: 5_000, closeButton: true });
}

function sendNative({ config, chainId }: TxContext, step: NativeTransferStep, account: Address) {
  return sendTransaction(config, { to: step.to, value: step.value, account, chainId });
}

async function sendCall({ config, chainId }: TxContext, step: ContractStep, account: Address) {
  const { request } = await simulateContract(config, {
    address: step.address,
    abi: step.abi,
    functionName: step.functionName,
    args: step.args,
    value: step.value,
    account,
    chainId,
    // biome-ignore lint/suspicious/noExplicitAny: the ABI is chosen per step at run time
  } as any);
  // biome-ignore lint/suspicious/noExplicitAny: request comes typed from simulateContract above
  return writeContract(config, request as any);
}

const RECEIPT_TIMEOUT_MS = 180_000;

function stillPending(label: string, hash: Hash) {
  return new TxStillPendingError(
    `${label} is still pending after ${RECEIPT_TIMEOUT_MS / 60_000} minutes. Check it in the explorer or under Recent transactions before you try again`,
    hash,
  );
}

/**
 * The receipt of `hash`, or of the transaction the wallet replaced it with. viem resolves with the
 * replacement's receipt either way, and a wallet's "Cancel" is a 0-value self-send that succeeds: taken
 * as this step's receipt, the step would read as confirmed and the next planned step would run. Only a
 * speed-up (same call, higher fee) did what the step asked; it is mined under another hash.
 */
async function waitForMined(client: Client, hash: Hash, label: string): Promise<TransactionReceipt> {
  let replaced: ReplacementReason | undefined;
  let receipt: TransactionReceipt;
  try {
    receipt = await waitForTransactionReceipt(client, {
      hash,
      timeout: RECEIPT_TIMEOUT_MS,
      onReplaced: (r) => {
        replaced = r.reason;
      },
    });
  } catch (err) {
    if (err instanceof WaitForTransactionReceiptTimeoutError) throw stillPending(label, hash);
    throw err;
  }
  if (replaced === "cancelled" || replaced === "replaced") {
    settleTransaction(hash, "failed");
    throw new TxError(
      replaced === "cancelled"
        ? `${label} was cancelled in your wallet`
        : `${label} was replaced by another transaction in your wallet`,
    );
  }
  if (receipt.transactionHash !== hash) repointTransaction(hash, receipt.transactionHash);
  return receipt;
}

/** Declining the switch is not a rejected transaction; an unknown chain (4902) needs adding first. */
async function switchTo(config: Config, chainId: number) {
  try {
    await switchChain(config, { chainId });
  } catch (err) {
    throw new TxError(switchChainErrorMessage(err));
  }
}

/**
 * Sends one transaction the safe way: switch to the testnet if needed, simulate contract calls (so
 * reverts are decoded from the ABI before the wallet opens), write, then follow it with a toast from
 * "submitted" to "confirmed" (explorer link). On confirmation every query is invalidated so
 * balances, allowances and positions refresh (in the background). A transaction the wallet cancelled
 * or replaced fails the step; one still unmined after 3 minutes ends it as "still pending"
 * (TxStillPendingError). Errors are mapped to human text and rethrown as TxError.
 */
export async function sendStep(ctx: TxContext, step: TxStep): Promise<TransactionReceipt> {
  const { config, queryClient, chainId, explorerUrl } = ctx;
  let toastId: string | number | undefined;
  // Read once: the catch below decodes reverts against the same account the step was sent from.
  const connection = getConnection(config);
  try {
    if (!connection.address) throw new TxError("Connect your wallet first");
    if (connection.chainId !== chainId) await switchTo(config, chainId);
    const hash =
      "to" in step
        ? await sendNative(ctx, step, connection.address)
        : await sendCall(ctx, step, connection.address);
    recordTransaction(hash, step.label);
    toastId = toast.loading(
      <TxToast text={`${step.label}: submitted`} hash={hash} explorerUrl={explorerUrl} />,
    );
    // viem's wait, not wagmi's: wagmi throws on a reverted receipt with the replay's text ("unknown
    // reason" for an out-of-gas); receipt-failure.ts says what happened instead.
    const client = config.getClient({ chainId });
    const receipt = await waitForMined(client, hash, step.label);
    if (receipt.status !== "success")
      throw new TxError(await explainRevertedReceipt(client, receipt, step.label, connection.address));
    const text = typeof step.confirmedText === "function" ? step.confirmedText(receipt) : step.confirmedText;
    settleToast(
      toastId,
      "success",
      <TxToast
        text={text ?? `${step.label}: confirmed`}
        hash={receipt.transactionHash}
        explorerUrl={explorerUrl}
      />,
    );
    step.onConfirmed?.(receipt);
    markBalancesChanged();
    // Not awaited: refetching every active query (with retries) takes seconds, which kept the form
    // busy and delayed the next step's wallet prompt. Nothing that runs after this reads the query
    // cache for correctness: plans read allowances and stakes from the chain (readAllowance,
    // missingApproval, readContract), simulation checks every call, and the send form and airdrop
    // card refetch what they show themselves.
    void queryClient.invalidateQueries();
    return receipt;
  } catch (err) {
    const message =
      err instanceof TxError ? err.message : walletErrorMessage(err, { account: connection.address });
    if (toastId === undefined) toast.error(message);
    else if (err instanceof TxStillPendingError) {
      settleToast(toastId, "warning", <TxToast text={message} hash={err.hash} explorerUrl={explorerUrl} />);
      throw err;
    } else settleToast(toastId, "error", message);
    throw new TxError(message);
  }
}
