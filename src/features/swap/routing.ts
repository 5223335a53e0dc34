import type { Address } from "viem";
import { orientedReserves, otherToken, type PoolState, poolHas, sameAddress } from "@/features/tokens";
import { AmmError, getAmountsIn, getAmountsOut, type Hop, lpFee, priceImpactBps } from "./amm";

export type Side = "exactIn" | "exactOut";

/** A candidate path of ERC-20 pool tokens (2 or 3 addresses: direct or through one intermediate). */
export type Route = { path: Address[]; pools: PoolState[] };

/** Every direct and one-intermediate path between two pool tokens (≤ 2 hops). */
export function candidateRoutes(pools: readonly PoolState[], from: Address, to: Address): Route[] {
  if (sameAddress(from, to)) return [];
  const routes: Route[] = [];
  const poolOf = (a: Address, b: Address) => pools.find((p) => poolHas(p, a) && poolHas(p, b));
  const direct = poolOf(from, to);
  if (direct) routes.push({ path: [from, to], pools: [direct] });
  for (const first of pools) {
    if (!poolHas(first, from)) continue;
    const mid = otherToken(first, from);
    if (sameAddress(mid, to)) continue;
    const second = poolOf(mid, to);
    if (second) routes.push({ path: [from, mid, to], pools: [first, second] });
  }
  return routes;
}

export type RouteQuote = {
  side: Side;
  path: Address[];
  pools: Address[];
  /** Amount at each step of the path, as the router's getAmountsOut/getAmountsIn returns them. */
  amounts: bigint[];
  amountIn: bigint;
  amountOut: bigint;
  priceImpactBps: number;
  /** LP fee in the input token. */
  fee: bigint;
};

function hopsOf(route: Route): Hop[] {
  return route.pools.map((pool, i) => orientedReserves(pool, route.path[i]!));
}

function quoteRoute(route: Route, side: Side, amount: bigint): RouteQuote {
  const hops = hopsOf(route);
  const amounts = side === "exactIn" ? getAmountsOut(amount, hops) : getAmountsIn(amount, hops);
  const amountIn = amounts[0]!;
  const amountOut = amounts[amounts.length - 1]!;
  return {
    side,
    path: route.path,
    pools: route.pools.map((p) => p.address),
    amounts,
    amountIn,
    amountOut,
    priceImpactBps: priceImpactBps(amountIn, amountOut, hops),
    fee: lpFee(amountIn, hops.length),
  };
}

export class NoRouteError extends Error {
  constructor(readonly reason: "no-pool" | "liquidity") {
    super(reason === "no-pool" ? "No pool connects these tokens" : "Not enough liquidity for this trade");
    this.name = "NoRouteError";
  }
}

/**
 * The best route: most output for an exact input, least input for an exact output. Ties keep the
 * shorter path (fewer hops, less gas). Routes that cannot fill the amount are skipped.
 */
export function bestRoute(
  pools: readonly PoolState[],
  from: Address,
  to: Address,
  side: Side,
  amount: bigint,
) {
  const routes = candidateRoutes(pools, from, to);
  if (routes.length === 0) throw new NoRouteError("no-pool");
  let best: RouteQuote | undefined;
  for (const route of routes) {
    let q: RouteQuote;
    try {
      q = quoteRoute(route, side, amount);
    } catch (err) {
      if (err instanceof AmmError) continue;
      throw err;
    }
    const better =
      !best ||
      (side === "exactIn" ? q.amountOut > best.amountOut : q.amountIn < best.amountIn) ||
      // An exact-in quote of 0 output is useless; prefer one that buys something.
      false;
    if (better) best = q;
  }
  if (!best || (side === "exactIn" && best.amountOut === 0n)) throw new NoRouteError("liquidity");
  return best;
}
