import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { assertSameOrigin, requireSession } from "@/features/auth";
import { createClaim, faucetSettings } from "@/features/faucet/server";
import { clientIp } from "@/server/client-ip";
import { config } from "@/server/config";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** Queues the drip for the signed-in address (once per cooldown, a few per IP). */
export const POST = route(async (req) => {
  assertSameOrigin(req);
  const session = await requireSession(req);
  const created = await createClaim(
    await getDb(),
    { userId: session.userId, address: session.address, ip: clientIp(req, config().TRUST_PROXY_HOPS) },
    faucetSettings(),
  );
  return NextResponse.json(created, { status: 202, headers: { "Cache-Control": "no-store" } });
});
