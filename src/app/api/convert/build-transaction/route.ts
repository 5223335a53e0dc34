import {
  buildTransaction,
  buildTransactionBody,
  buildTransactionResponse,
  context,
  resolveToken,
} from "@/features/swap/server";
import { route } from "@/server/route";

export const POST = route(
  {
    body: buildTransactionBody,
    summary: "An unsigned swap transaction with the slippage bound (amountOutMin / amountInMax) applied",
    response: buildTransactionResponse,
  },
  async ({ body }) => {
    const ctx = context();
    const from = resolveToken(ctx, body.from, "from");
    const to = resolveToken(ctx, body.to, "to");
    return buildTransaction(ctx, {
      user: body.userAddress,
      from,
      to,
      side: body.side,
      amount: body.amount,
      slippageBps: Math.round(body.eip155.slippage * 100),
      deadline: body.deadline,
      disableEstimate: body.disableEstimate,
    });
  },
);
