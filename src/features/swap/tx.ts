import { type Abi, type Address, encodeFunctionData, type Hex } from "viem";
import { routerAbi, wrappedNativeAbi } from "@/chain/generated";
import type { ApprovalNeed } from "@/web3/approval";
import type { SwapQuote } from "./quote";
import { maximumSold, minimumReceived } from "./slippage";

export type Contracts = { router: Address; wrappedNative: Address };

export type SwapCall = {
  to: Address;
  data: Hex;
  value: bigint;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  /** Slippage bound: minimum output (exactIn) or maximum input (exactOut). */
  limit: bigint;
};

/**
 * The transaction that executes a quote with the user's slippage and deadline. Built once and
 * shared by the UI (from the quote the user saw, so slippage protects exactly that) and by
 * POST /api/convert/build-transaction.
 */
export function buildSwapCall(
  q: SwapQuote,
  c: Contracts,
  opts: { recipient: Address; slippageBps: number; deadline: bigint },
): SwapCall {
  if (q.kind === "wrap") {
    return {
      to: c.wrappedNative,
      data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }),
      value: q.amountIn,
      abi: wrappedNativeAbi,
      functionName: "deposit",
      args: [],
      limit: q.amountOut,
    };
  }
  if (q.kind === "unwrap") {
    return {
      to: c.wrappedNative,
      data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "withdraw", args: [q.amountIn] }),
      value: 0n,
      abi: wrappedNativeAbi,
      functionName: "withdraw",
      args: [q.amountIn],
      limit: q.amountOut,
    };
  }
  const { recipient: to, deadline } = opts;
  const path = q.path;
  const exactIn = q.side === "exactIn";
  const limit = exactIn
    ? minimumReceived(q.amountOut, opts.slippageBps)
    : maximumSold(q.amountIn, opts.slippageBps);
  const call = (functionName: string, args: readonly unknown[], value = 0n): SwapCall => ({
    to: c.router,
    // biome-ignore lint/suspicious/noExplicitAny: the function name is chosen at run time among router swaps
    data: encodeFunctionData({ abi: routerAbi, functionName: functionName as any, args: args as any }),
    value,
    abi: routerAbi,
    functionName,
    args,
    limit,
  });
  if (q.from.isNative) {
    return exactIn
      ? call("swapExactETHForTokens", [limit, path, to, deadline], q.amountIn)
      : call("swapETHForExactTokens", [q.amountOut, path, to, deadline], limit);
  }
  if (q.to.isNative) {
    return exactIn
      ? call("swapExactTokensForETH", [q.amountIn, limit, path, to, deadline])
      : call("swapTokensForExactETH", [q.amountOut, limit, path, to, deadline]);
  }
  return exactIn
    ? call("swapExactTokensForTokens", [q.amountIn, limit, path, to, deadline])
    : call("swapTokensForExactTokens", [q.amountOut, limit, path, to, deadline]);
}

/**
 * The ERC-20 approval a swap needs: the exact amount the router may pull (the input for exact-in,
 * the slippage maximum for exact-out), never unlimited. Native input and wrap/unwrap need none.
 */
export function approvalFor(q: SwapQuote, c: Contracts, slippageBps: number): ApprovalNeed | null {
  if (q.kind !== "swap" || q.from.isNative) return null;
  const amount = q.side === "exactIn" ? q.amountIn : maximumSold(q.amountIn, slippageBps);
  return { token: q.from.address, spender: c.router, amount };
}
