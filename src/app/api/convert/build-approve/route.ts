import {
  buildApprove,
  buildApproveQuery,
  buildApproveResponse,
  context,
  resolveToken,
} from "@/features/swap/server";
import { route } from "@/server/route";

export const GET = route(
  {
    query: buildApproveQuery,
    summary: "An unsigned approve() transaction for exactly the amount to swap",
    response: buildApproveResponse,
  },
  async ({ query }) => {
    const ctx = context();
    const from = resolveToken(ctx, query.from, "from");
    const to = resolveToken(ctx, query.to, "to");
    return buildApprove(ctx, query.userAddress, from, to, query.amount);
  },
);
