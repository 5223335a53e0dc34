import { NextResponse } from "next/server";
import { priceBody } from "@/features/swap/schema";
import { context, fungiblePrices } from "@/features/swap/server";
import { parseOrThrow, readJson, route } from "@/server/errors";

// Prices come from pool reserves against tUSD and are cached 15 s server-side (the seed's lifetime).
export const POST = route(async (req) => {
  const body = parseOrThrow(priceBody, await readJson(req));
  return NextResponse.json(await fungiblePrices(context(), body.addresses), {
    headers: { "Cache-Control": "private, max-age=15" },
  });
});
