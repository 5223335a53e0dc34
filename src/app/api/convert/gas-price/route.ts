import { NextResponse } from "next/server";
import { gasPriceQuery, queryObject } from "@/features/swap/schema";
import { assertChain, context, GAS_PRICE_UNSUPPORTED, gasPrice } from "@/features/swap/server";
import { parseOrThrow, route } from "@/server/errors";

export const GET = route(async (req) => {
  const q = parseOrThrow(gasPriceQuery, queryObject(req));
  const ctx = context();
  assertChain(ctx, q.chainId, GAS_PRICE_UNSUPPORTED);
  return NextResponse.json(await gasPrice(ctx), { headers: { "Cache-Control": "no-store" } });
});
