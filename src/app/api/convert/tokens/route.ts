import { NextResponse } from "next/server";
import { queryObject, tokensQuery } from "@/features/swap/schema";
import { assertChain, context, SWAPS_UNSUPPORTED, tokenEntry } from "@/features/swap/server";
import { parseOrThrow, route } from "@/server/errors";

export const GET = route(async (req) => {
  const q = parseOrThrow(tokensQuery, queryObject(req));
  const ctx = context();
  assertChain(ctx, q.chainId, SWAPS_UNSUPPORTED);
  return NextResponse.json({ tokens: ctx.tokens.map(tokenEntry) });
});
