"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { type Address, erc20Abi, getAddress } from "viem";
import { useConnection, useEstimateFeesPerGas } from "wagmi";
import type { Token } from "@/features/tokens";
import { toInputString } from "@/lib/amount";
import { type PlannedStep, useTxSteps } from "@/web3";
import { bypassHistoryCache, fetchBalances, useBalances, walletKeys } from "../queries";
import { nativeGasReserve, parseAmountInput, type SendValues, sendSchema } from "../send-schema";

export type SendEnv = { address: Address; tokens: Token[]; chainId: number; explorerUrl: string };

/**
 * The send form's state and submission: token, amount (validated against the live balance and the
 * fee reserve of a native send) and receiver; sent through the shared steps hook (a native transfer
 * or an ERC-20 transfer of exactly the typed amount), then the balances and history refetch.
 */
export function useSendForm({ address, tokens, chainId, explorerUrl }: SendEnv, openWallet: () => void) {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const balances = useBalances(address);
  const fees = useEstimateFeesPerGas({ chainId, query: { refetchInterval: 30_000 } });
  const tx = useTxSteps({ chainId, explorerUrl });

  const [tokenId, setTokenId] = useState(tokens[0]?.id ?? "native");
  const token = tokens.find((t) => t.id === tokenId) ?? (tokens[0] as Token);
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
  const wrongAccount = Boolean(walletAddress && walletAddress.toLowerCase() !== address.toLowerCase());

  const pickToken = (id: string) => {
    setTokenId(id as Token["id"]);
    form.setValue("token", id);
    form.clearErrors("amount");
  };
  const setMax = () => {
    if (balance === undefined) return;
    const max = token.isNative ? (balance > gasReserve ? balance - gasReserve : 0n) : balance;
    form.setValue("amount", toInputString(max, token.decimals), { shouldValidate: true });
  };

  const submit = form.handleSubmit(async (values) => {
    if (!walletAddress) {
      openWallet();
      return;
    }
    if (wrongAccount) {
      toast.error("Your wallet has another account selected. Switch to the signed-in account and try again.");
      return;
    }
    const parsed = parseAmountInput(values.amount, token.symbol, token.decimals);
    if ("error" in parsed) return;
    const to = getAddress(values.receiver.trim().toLowerCase());
    const label = `Send ${values.amount} ${token.symbol}`;
    const confirmedText = `Sent ${values.amount} ${token.symbol}`;
    const step: PlannedStep = token.isNative
      ? { id: "send", label, confirmedText, to, value: parsed.value }
      : {
          id: "send",
          label,
          confirmedText,
          address: token.address,
          abi: erc20Abi,
          functionName: "transfer",
          args: [to, parsed.value],
        };
    if (!(await tx.run([step]))) return;
    form.reset({ token: token.id, amount: "", receiver: "" });
    bypassHistoryCache();
    queryClient.setQueryData(walletKeys.balances(address), await fetchBalances(address, { force: true }));
    void queryClient.invalidateQueries({ queryKey: walletKeys.history(address) });
  });

  const preview = amountText ? parseAmountInput(amountText, token.symbol, token.decimals) : null;
  return {
    form,
    token,
    pickToken,
    balance,
    setMax,
    submit,
    walletAddress,
    wrongAccount,
    busy: tx.pending,
    sendLabel:
      preview && "value" in preview && preview.value > 0n
        ? `Send ${amountText.trim()} ${token.symbol}`
        : "Send",
  };
}
