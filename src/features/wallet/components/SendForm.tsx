"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { type Address, erc20Abi, getAddress } from "viem";
import {
  useConfig,
  useConnection,
  useEstimateFeesPerGas,
  useSendTransaction,
  useSwitchChain,
  useWriteContract,
} from "wagmi";
import { waitForTransactionReceipt } from "wagmi/actions";
import { walletErrorMessage } from "@/features/swap/errors";
import type { Token } from "@/features/tokens/client";
import { markBalancesChanged } from "@/lib/balance-freshness";
import { Button, Card, Field, Input } from "@/ui";
import { useMounted, useWalletModal } from "@/wallet-modal";
import { formatBalance } from "../balances";
import { bypassHistoryCache, fetchBalances, useBalances, walletKeys } from "../queries";
import { nativeGasReserve, parseAmountInput, type SendValues, sendSchema } from "../send-schema";

export type SendFormProps = {
  /** The signed-in address (the server session): the sender. */
  address: Address;
  tokens: Token[];
  chainId: number;
  explorerUrl: string;
};

/** Send native coin or a test token; validated against the live balance before the wallet opens. */
export function SendForm({ address, tokens, chainId, explorerUrl }: SendFormProps) {
  const mounted = useMounted();
  const config = useConfig();
  const connection = useConnection();
  const modal = useWalletModal();
  const queryClient = useQueryClient();
  const balances = useBalances(address);
  const fees = useEstimateFeesPerGas({ chainId, query: { refetchInterval: 30_000 } });
  const sendTx = useSendTransaction();
  const writeContract = useWriteContract();
  const switchChain = useSwitchChain();
  const [busy, setBusy] = useState(false);

  const sendable = tokens;
  const [tokenId, setTokenId] = useState(sendable[0]?.id ?? "native");
  const token = sendable.find((t) => t.id === tokenId) ?? sendable[0]!;
  const balance = useMemo(() => {
    const entry = balances.data?.balances.find((b) =>
      token.isNative ? !b.address : b.address === token.caip,
    );
    return balances.data?.status === "ok" && entry ? BigInt(entry.quantity.numeric) : undefined;
  }, [balances.data, token]);
  const gasReserve = nativeGasReserve(fees.data?.maxFeePerGas);

  const schema = useMemo(
    () =>
      sendSchema({
        symbol: token.symbol,
        decimals: token.decimals,
        isNative: token.isNative,
        balance,
        gasReserve,
        from: address,
      }),
    [token, balance, gasReserve, address],
  );
  const form = useForm<SendValues>({
    resolver: zodResolver(schema),
    defaultValues: { token: token.id, amount: "", receiver: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const amountText = useWatch({ control: form.control, name: "amount" });

  const walletAddress = connection.status === "connected" ? connection.address : undefined;
  const wrongAccount = walletAddress && walletAddress.toLowerCase() !== address.toLowerCase();

  const setMax = () => {
    if (balance === undefined) return;
    const max = token.isNative ? (balance > gasReserve ? balance - gasReserve : 0n) : balance;
    const text = formatBalance(max, token.decimals, Math.min(token.decimals, 6)).replaceAll(",", "");
    form.setValue("amount", text.includes(".") ? text.replace(/\.?0+$/, "") || "0" : text, {
      shouldValidate: true,
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!walletAddress) {
      modal.open();
      return;
    }
    if (wrongAccount) {
      toast.error("Your wallet has another account selected. Switch to the signed-in account and try again.");
      return;
    }
    const parsed = parseAmountInput(values.amount, token.symbol, token.decimals);
    if ("error" in parsed) return;
    const to = getAddress(values.receiver.trim().toLowerCase());
    setBusy(true);
    let toastId: string | number | undefined;
    try {
      if (connection.chainId !== chainId) await switchChain.mutateAsync({ chainId });
      const hash = token.isNative
        ? await sendTx.mutateAsync({ to, value: parsed.value, chainId })
        : await writeContract.mutateAsync({
            address: token.address,
            abi: erc20Abi,
            functionName: "transfer",
            args: [to, parsed.value],
            chainId,
          });
      toastId = toast.loading(
        <span>
          Transaction submitted.{" "}
          <a href={`${explorerUrl}/tx/${hash}`} target="_blank" rel="noreferrer" className="underline">
            View
          </a>
        </span>,
      );
      const receipt = await waitForTransactionReceipt(config, { hash, chainId, timeout: 120_000 });
      if (receipt.status !== "success") throw new Error("The transaction was reverted on chain");
      toast.update(toastId, {
        render: (
          <span>
            Sent {values.amount} {token.symbol}.{" "}
            <a href={`${explorerUrl}/tx/${hash}`} target="_blank" rel="noreferrer" className="underline">
              View transaction
            </a>
          </span>
        ),
        type: "success",
        isLoading: false,
        autoClose: 5_000,
      });
      form.reset({ token: token.id, amount: "", receiver: "" });
      bypassHistoryCache();
      markBalancesChanged();
      queryClient.setQueryData(walletKeys.balances(address), await fetchBalances(address, { force: true }));
      void queryClient.invalidateQueries({ queryKey: walletKeys.history(address) });
    } catch (err) {
      const message = walletErrorMessage(err);
      if (toastId !== undefined)
        toast.update(toastId, { render: message, type: "error", isLoading: false, autoClose: 5_000 });
      else toast.error(message);
    } finally {
      setBusy(false);
    }
  });

  const errors = form.formState.errors;
  const preview = amountText ? parseAmountInput(amountText, token.symbol, token.decimals) : null;
  return (
    <Card title="Send">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="send-form">
        <Field label="Token">
          {({ id }) => (
            <select
              id={id}
              value={token.id}
              onChange={(e) => {
                setTokenId(e.target.value as Token["id"]);
                form.setValue("token", e.target.value);
                form.clearErrors("amount");
              }}
              className="h-10 w-full rounded-control border border-border bg-bg px-3 text-sm text-text focus:border-gold focus:outline-none"
              data-testid="send-token"
            >
              {sendable.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.symbol} — {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Amount"
          error={errors.amount?.message}
          hint={
            balance === undefined ? (
              "Reading your balance…"
            ) : (
              <span className="tabular">
                Balance: {formatBalance(balance, token.decimals)} {token.symbol}
                <button type="button" onClick={setMax} className="ml-2 text-gold hover:underline">
                  Max
                </button>
              </span>
            )
          }
        >
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              aria-describedby={describedBy}
              invalid={invalid}
              className="tabular"
              data-testid="send-amount"
              {...form.register("amount")}
            />
          )}
        </Field>
        <Field label="Receiver address" error={errors.receiver?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
              aria-describedby={describedBy}
              invalid={invalid}
              className="font-mono"
              data-testid="send-receiver"
              {...form.register("receiver")}
            />
          )}
        </Field>
        {mounted && wrongAccount ? (
          <p className="text-sm text-warning" role="status">
            Your wallet has another account selected; switch to {address.slice(0, 6)}…{address.slice(-4)} to
            send.
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy} data-testid="send-submit">
          {busy
            ? "Confirm in your wallet…"
            : mounted && !walletAddress
              ? "Connect wallet to send"
              : preview && "value" in preview && preview.value > 0n
                ? `Send ${amountText.trim()} ${token.symbol}`
                : "Send"}
        </Button>
      </form>
    </Card>
  );
}
