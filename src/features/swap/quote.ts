import type { Address } from "viem";
import { type PoolState, sameAddress, type Token } from "@/features/tokens";
import { bestRoute, NoRouteError, type Side } from "./routing";

export type SwapKind = "swap" | "wrap" | "unwrap";

export type SwapQuote = {
  kind: SwapKind;
  side: Side;
  from: Token;
  to: Token;
  amountIn: bigint;
  amountOut: bigint;
  /** Tokens along the route as the user sees them (native coin at an end when it is traded). */
  route: Token[];
  /** Router path (ERC-20 pool tokens); empty for wrap/unwrap. */
  path: Address[];
  amounts: bigint[];
  priceImpactBps: number;
  fee: bigint;
};

export class QuoteError extends Error {
  override name = "QuoteError";
}

export type QuoteRequest = {
  tokens: readonly Token[];
  pools: readonly PoolState[];
  from: Token;
  to: Token;
  side: Side;
  /** Input amount for exactIn, output amount for exactOut (base units, > 0). */
  amount: bigint;
};

/** Quotes a trade: native ↔ wrapped is a 1:1 wrap/unwrap; everything else goes through the best pool route. */
export function quoteSwap({ tokens, pools, from, to, side, amount }: QuoteRequest): SwapQuote {
  if (amount <= 0n) throw new QuoteError("Amount must be greater than 0");
  if (from.id === to.id) throw new QuoteError("Choose two different tokens");
  if (sameAddress(from.poolAddress, to.poolAddress)) {
    // Native coin ↔ its wrapped token: WrappedNative.deposit/withdraw, 1:1, no fee, no pool.
    return {
      kind: from.isNative ? "wrap" : "unwrap",
      side,
      from,
      to,
      amountIn: amount,
      amountOut: amount,
      route: [from, to],
      path: [],
      amounts: [amount, amount],
      priceImpactBps: 0,
      fee: 0n,
    };
  }
  let best: ReturnType<typeof bestRoute>;
  try {
    best = bestRoute(pools, from.poolAddress, to.poolAddress, side, amount);
  } catch (err) {
    if (err instanceof NoRouteError) throw new QuoteError(err.message);
    throw err;
  }
  const route = best.path.map((address, i) => {
    if (i === 0) return from;
    if (i === best.path.length - 1) return to;
    const t = tokens.find((tok) => !tok.isNative && sameAddress(tok.address, address));
    if (!t) throw new QuoteError(`Unknown token ${address} in route`);
    return t;
  });
  return {
    kind: "swap",
    side,
    from,
    to,
    amountIn: best.amountIn,
    amountOut: best.amountOut,
    route,
    path: best.path,
    amounts: best.amounts,
    priceImpactBps: best.priceImpactBps,
    fee: best.fee,
  };
}
