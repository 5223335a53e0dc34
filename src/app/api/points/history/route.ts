import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { InvalidHistoryCursorError, pointsHistory } from "@/features/points/server";
import { badRequest, route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** The signed-in user's ledger entries, newest first; `?cursor=` from the previous page's `next`. */
export const GET = route(async (req) => {
  const session = await requireSession(req);
  const params = new URL(req.url).searchParams;
  const limitText = params.get("limit");
  const limit = limitText === null ? 20 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw badRequest("limit: a whole number from 1 to 100.", "INVALID_INPUT");
  }
  try {
    const page = await pointsHistory(await getDb(), session.userId, { cursor: params.get("cursor"), limit });
    return NextResponse.json(page, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    if (err instanceof InvalidHistoryCursorError) throw badRequest(err.message, "INVALID_CURSOR");
    throw err;
  }
});
