import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { requireOwnClaim } from "@/features/faucet/server";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** One of the caller's claims; someone else's (or an unknown id) is a 404. */
export const GET = route(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const session = await requireSession(req);
  const { id } = await ctx.params;
  const view = await requireOwnClaim(await getDb(), id, session.userId);
  return NextResponse.json(view, { headers: { "Cache-Control": "no-store" } });
});
