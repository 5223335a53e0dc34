import { NextResponse } from "next/server";
import { assertSameOrigin } from "@/features/auth";
import { buildTransactionBody } from "@/features/swap/schema";
import { buildTransaction, context, resolveToken } from "@/features/swap/server";
import { parseOrThrow, readJson, route } from "@/server/errors";

export const POST = route(async (req) => {
  assertSameOrigin(req);
  const body = parseOrThrow(buildTransactionBody, await readJson(req));
  const ctx = context();
  const from = resolveToken(ctx, body.from, "from");
  const to = resolveToken(ctx, body.to, "to");
  const result = await buildTransaction(ctx, {
    user: body.userAddress,
    from,
    to,
    side: body.side,
    amount: body.amount,
    slippageBps: Math.round(body.eip155.slippage * 100),
    deadline: body.deadline,
    disableEstimate: body.disableEstimate,
  });
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});
