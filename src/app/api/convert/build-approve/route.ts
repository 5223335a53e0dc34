import { NextResponse } from "next/server";
import { buildApproveQuery, queryObject } from "@/features/swap/schema";
import { buildApprove, context, resolveToken } from "@/features/swap/server";
import { parseOrThrow, route } from "@/server/errors";

export const GET = route(async (req) => {
  const q = parseOrThrow(buildApproveQuery, queryObject(req));
  const ctx = context();
  const from = resolveToken(ctx, q.from, "from");
  const to = resolveToken(ctx, q.to, "to");
  return NextResponse.json(await buildApprove(ctx, q.userAddress, from, to, q.amount), {
    headers: { "Cache-Control": "no-store" },
  });
});
