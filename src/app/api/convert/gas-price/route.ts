import {
  assertChain,
  context,
  GAS_PRICE_UNSUPPORTED,
  gasPrice,
  gasPriceQuery,
  gasPriceResponse,
} from "@/features/swap/server";
import { route } from "@/server/route";

export const GET = route(
  {
    query: gasPriceQuery,
    summary: "Gas price tiers of the testnet (wei)",
    response: gasPriceResponse,
  },
  async ({ query }) => {
    const ctx = context();
    assertChain(ctx, query.chainId, GAS_PRICE_UNSUPPORTED);
    return gasPrice(ctx);
  },
);
