"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type Address, erc20Abi, getAddress } from "viem";
import { useConnection, useEstimateFeesPerGas } from "wagmi";
import type { Token } from "@/features/tokens";
import { spendable, toInputString } from "@/lib/amount";
import { useFields } from "@/lib/use-fields";
import { type PlannedStep, useTxSteps } from "@/web3";
import { bypassHistoryCache, fetchBalances, useBalances, walletKeys } from "../queries";
import type { KnownContract } from "../recipient";
import { nativeGasReserve, parseAmountInput, type SendContext, sendErrors } from "../send-schema";
import type { SendDraft } from "./use-send-review";

/**
 * The balance the amount is checked against. `unavailable`: the read failed (the API answered
 * `unavailable`, or the request failed with nothing read before), so the form says so and offers a
 * retry instead of loading for good; the amount is then checked by the wallet and the chain only.
 */
type SendBalance = { state: "loading" } | { state: "unavailable" } | { state: "ok"; value: bigint };

export type SendEnv = {
  address: Address;
  tokens: Token[];
  /** Our deployment's contracts, named in the review's contract warning. */
  contracts: KnownContract[];
  chainId: number;
  explorerUrl: string;
};

/**
 * The send form's state and submission: token, amount (validated against the live balance and the
 * fee reserve of a native send) and receiver; a valid form becomes a draft the sender reviews
 * (use-send-review.ts), and only the review's Confirm sends it through the shared steps hook (a
 * native transfer or an ERC-20 transfer of exactly the typed amount); then balances and history refetch.
 */
export function useSendForm({ address, tokens, chainId, explorerUrl }: SendEnv, openWallet: () => void) {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const balances = useBalances(address);
  const fees = useEstimateFeesPerGas({ chainId, query: { refetchInterval: 30_000 } });
  const tx = useTxSteps({ chainId, explorerUrl });

  const [tokenId, setTokenId] = useState(tokens[0]?.id ?? "native");
  const [draft, setDraft] = useState<SendDraft | null>(null);
  const token = tokens.find((t) => t.id === tokenId) ?? (tokens[0] as Token);
  const entry = useMemo(
    () => balances.data?.balances.find((b) => (token.isNative ? !b.address : b.address === token.caip)),
    [balances.data, token],
  );
  const balance: SendBalance =
    balances.data?.status === "ok" && entry
      ? { state: "ok", value: BigInt(entry.quantity.numeric) }
      : balances.isPending
        ? { state: "loading" }
        : { state: "unavailable" };
  const known = balance.state === "ok" ? balance.value : undefined;
  const gasReserve = nativeGasReserve(fees.data?.maxFeePerGas);

  // Checked at every render against the live context (token, balance, fee reserve); messages
  // show after the first submit (or Max), then follow every change (react-hook-form's
  // onSubmit/reValidate-onChange modes, which this form used before).
  const context: SendContext = {
    symbol: token.symbol,
    decimals: token.decimals,
    isNative: token.isNative,
    balance: known,
    gasReserve,
    from: address,
  };
  const fields = useFields({ amount: "", receiver: "" }, "submit");
  const problems = sendErrors(fields.values, context);
  const errors = fields.shown(problems);
  const amountText = fields.values.amount;

  const walletAddress = connection.status === "connected" ? connection.address : undefined;
  const wrongAccount = Boolean(walletAddress && walletAddress.toLowerCase() !== address.toLowerCase());

  const pickToken = (id: string) => {
    setTokenId(id as Token["id"]);
    fields.uncheck("amount");
  };
  const setMax = () => {
    if (known === undefined) return;
    const max = spendable(known, token.isNative ? gasReserve : 0n);
    fields.set("amount", toInputString(max, token.decimals), true);
  };

  const submit = fields.handleSubmit(problems, (values) => {
    const parsed = parseAmountInput(values.amount, token.symbol, token.decimals);
    if ("error" in parsed) return;
    // A new draft: nothing was sent for it yet, so no earlier attempt's error or steps.
    tx.reset();
    setDraft({
      to: getAddress(values.receiver.trim().toLowerCase()),
      amount: parsed.value,
      amountText: values.amount.trim(),
      token,
    });
  });

  /** Back from the review to the form, values kept; the failed attempt's error belongs to that review. */
  const back = () => {
    tx.reset();
    setDraft(null);
  };

  const confirm = async () => {
    if (!draft) return;
    if (!walletAddress) {
      openWallet();
      return;
    }
    if (wrongAccount) {
      // Inline in the review (not a toast: the page does not load a toast library for one message).
      tx.setError("Your wallet has another account selected. Switch to the signed-in account and try again.");
      return;
    }
    const { to, amount, amountText: text, token: t } = draft;
    const label = `Send ${text} ${t.symbol}`;
    const confirmedText = `Sent ${text} ${t.symbol}`;
    const step: PlannedStep = t.isNative
      ? { id: "send", label, confirmedText, to, value: amount }
      : {
          id: "send",
          label,
          confirmedText,
          address: t.address,
          abi: erc20Abi,
          functionName: "transfer",
          args: [to, amount],
        };
    if (!(await tx.run([step]))) return;
    setDraft(null);
    fields.reset();
    bypassHistoryCache();
    queryClient.setQueryData(walletKeys.balances(address), await fetchBalances(address, { force: true }));
    void queryClient.invalidateQueries({ queryKey: walletKeys.history(address) });
  };

  const preview = amountText ? parseAmountInput(amountText, token.symbol, token.decimals) : null;
  return {
    values: fields.values,
    /** Messages to show, per field. */
    errors,
    setField: (field: "amount" | "receiver", value: string) => fields.set(field, value),
    token,
    pickToken,
    balance,
    /** Reads the balance again now (the automatic reads wait 30 s after a failure). */
    retryBalance: () => void balances.refetch(),
    balanceRetrying: balances.isFetching,
    /** tUSD per whole token from the pools (0 when unpriced). */
    price: entry?.price ?? 0,
    setMax,
    submit,
    draft,
    back,
    confirm,
    txError: tx.error,
    walletAddress,
    wrongAccount,
    busy: tx.pending,
    submitLabel:
      preview && "value" in preview && preview.value > 0n
        ? `Review: send ${amountText.trim()} ${token.symbol}`
        : "Review",
  };
}
