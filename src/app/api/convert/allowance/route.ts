import { NextResponse } from "next/server";
import { allowanceQuery, queryObject } from "@/features/swap/schema";
import { allowance, context, resolveToken } from "@/features/swap/server";
import { parseOrThrow, route } from "@/server/errors";

export const GET = route(async (req) => {
  const q = parseOrThrow(allowanceQuery, queryObject(req));
  const ctx = context();
  const token = resolveToken(ctx, q.tokenAddress, "tokenAddress");
  return NextResponse.json(
    {
      allowance: await allowance(ctx, token, q.userAddress),
      spender: ctx.deployment.contracts.router.address,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});
