import {
  assertChain,
  context,
  SWAPS_UNSUPPORTED,
  tokenEntry,
  tokensQuery,
  tokensResponse,
} from "@/features/swap/server";
import { route } from "@/server/route";

export const GET = route(
  {
    query: tokensQuery,
    summary: "The testnet's swappable tokens",
    response: tokensResponse,
  },
  ({ query }) => {
    const ctx = context();
    assertChain(ctx, query.chainId, SWAPS_UNSUPPORTED);
    return { tokens: ctx.tokens.map(tokenEntry) };
  },
);
