import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { faucetStatus } from "@/features/faucet/server";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** Drip amounts, the caller's next allowed claim time and latest claim, and the faucet's state. */
export const GET = route(async (req) => {
  const session = await requireSession(req);
  const status = await faucetStatus(await getDb(), { userId: session.userId, address: session.address });
  return NextResponse.json(status, { headers: { "Cache-Control": "no-store" } });
});
