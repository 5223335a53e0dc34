import { NextResponse } from "next/server";
import { getChainStatus } from "@/features/testnet/server";
import { route } from "@/server/errors";
import { counted } from "@/server/metrics";

export const dynamic = "force-dynamic";

/**
 * Latest block, gas price and RPC health of the testnet. An unreachable RPC is still a 200 with
 * `rpc.ok: false` and null figures: the page shows "unavailable" rather than an error.
 */
export const GET = counted(
  "/api/chain/status",
  route(async () => NextResponse.json(await getChainStatus(), { headers: { "Cache-Control": "no-store" } })),
);
