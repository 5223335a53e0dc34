import { NextResponse } from "next/server";
import { queryObject, quotesQuery } from "@/features/swap/schema";
import { context, quote, quoteEntry, resolveToken } from "@/features/swap/server";
import { parseOrThrow, route } from "@/server/errors";

export const GET = route(async (req) => {
  const q = parseOrThrow(quotesQuery, queryObject(req));
  const ctx = context();
  const from = resolveToken(ctx, q.from, "from");
  const to = resolveToken(ctx, q.to, "to");
  const result = await quote(ctx, from, to, q.side, q.amount);
  return NextResponse.json(
    { quotes: [quoteEntry(ctx, result, Math.round(q.slippage * 100))] },
    { headers: { "Cache-Control": "no-store" } },
  );
});
