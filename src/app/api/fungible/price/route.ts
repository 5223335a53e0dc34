import { context, fungiblePriceResponse, fungiblePrices, priceBody } from "@/features/swap/server";
import { json, route } from "@/server/route";

// Prices come from pool reserves against tUSD and are cached 15 s server-side (the seed's lifetime).
// A POST only because the seed's API takes the token list as a body: it reads, so no origin check.
export const POST = route(
  {
    write: false,
    body: priceBody,
    summary: "USD prices of testnet tokens and LP tokens, from pool reserves",
    response: fungiblePriceResponse,
  },
  async ({ body }) =>
    json(await fungiblePrices(context(), body.addresses), {
      headers: { "Cache-Control": "private, max-age=15" },
    }),
);
