"use client";

import { useQuery } from "@tanstack/react-query";
import { type Address, encodeFunctionData, erc20Abi } from "viem";
import { useConfig } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { fetchNamesOf } from "@/features/names";
import type { Token } from "@/features/tokens";
import { walletErrorMessage } from "@/web3";
import { type KnownContract, networkFee, recipientRisk } from "../recipient";

/** What the form validated, waiting for the sender's confirmation. */
export type SendDraft = { to: Address; amount: bigint; amountText: string; token: Token };

export type FeeEstimate = { gas: bigint; gasPrice: bigint; fee: bigint };

/**
 * The review of a send before the wallet opens: the receiver's name (if registered), whether the
 * receiver is a burn address or a contract (ours by name, any other by getCode), and the network
 * fee (estimateGas × gas price) of exactly the transaction the wallet will be asked to sign.
 */
export function useSendReview(
  draft: SendDraft | null,
  env: { from: Address; chainId: number; contracts: readonly KnownContract[] },
) {
  const config = useConfig();
  const to = draft?.to;
  const client = () => {
    const c = getPublicClient(config, { chainId: env.chainId });
    if (!c) throw new Error("The testnet is not configured in this browser");
    return c;
  };
  // The zero address and our own contracts are known without asking the chain.
  const known = to ? recipientRisk(to, env.contracts, undefined) : null;
  const code = useQuery({
    queryKey: ["wallet", "code", env.chainId, to],
    queryFn: async () => {
      const bytecode = await client().getCode({ address: to! });
      return Boolean(bytecode && bytecode !== "0x");
    },
    enabled: Boolean(to) && !known,
    staleTime: 60_000,
    retry: 1,
  });
  const name = useQuery({
    queryKey: ["wallet", "name-of", to?.toLowerCase()],
    queryFn: async ({ signal }) => (await fetchNamesOf(to!, signal))[0]?.name ?? null,
    enabled: Boolean(to),
    staleTime: 60_000,
    retry: false,
  });
  const fee = useQuery({
    queryKey: ["wallet", "send-fee", env.chainId, env.from, to, draft?.token.id, draft?.amount.toString()],
    queryFn: async (): Promise<FeeEstimate> => {
      const c = client();
      const d = draft!;
      const call = d.token.isNative
        ? { to: d.to, value: d.amount }
        : {
            to: d.token.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [d.to, d.amount] }),
          };
      const [gas, gasPrice] = await Promise.all([
        c.estimateGas({ account: env.from, ...call }),
        c.getGasPrice(),
      ]);
      return { gas, gasPrice, fee: networkFee(gas, gasPrice) };
    },
    enabled: Boolean(draft),
    staleTime: 15_000,
    retry: false,
  });
  const risk = known ?? (to ? recipientRisk(to, env.contracts, code.data) : null);
  return {
    name: name.data ?? null,
    risk,
    /** True until the chain said whether the receiver has code (the warning must not appear late). */
    checking: code.isPending && Boolean(to) && !known,
    codeUnknown: code.isError,
    fee: fee.data ?? null,
    feePending: fee.isPending && Boolean(draft),
    feeError: fee.isError ? walletErrorMessage(fee.error) : null,
  };
}
