import {
  context,
  quote,
  quoteEntry,
  quotesQuery,
  quotesResponse,
  resolveToken,
} from "@/features/swap/server";
import { route } from "@/server/route";

export const GET = route(
  {
    query: quotesQuery,
    summary: "A quote from the testnet pools, with the slippage bounds",
    response: quotesResponse,
  },
  async ({ query }) => {
    const ctx = context();
    const from = resolveToken(ctx, query.from, "from");
    const to = resolveToken(ctx, query.to, "to");
    const result = await quote(ctx, from, to, query.side, query.amount);
    return { quotes: [quoteEntry(ctx, result, Math.round(query.slippage * 100))] };
  },
);
