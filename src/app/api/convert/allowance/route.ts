import { allowance, allowanceQuery, allowanceResponse, context, resolveToken } from "@/features/swap/server";
import { route } from "@/server/route";

export const GET = route(
  {
    query: allowanceQuery,
    summary: "How much of a token the user lets the router spend (base units)",
    response: allowanceResponse,
  },
  async ({ query }) => {
    const ctx = context();
    const token = resolveToken(ctx, query.tokenAddress, "tokenAddress");
    return {
      allowance: await allowance(ctx, token, query.userAddress),
      spender: ctx.deployment.contracts.router.address,
    };
  },
);
