import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { leaderboard } from "@/features/points/server";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** Top 100 with ranks, the signed-in user's rank and the users around them. */
export const GET = route(async (req) => {
  const session = await requireSession(req);
  const board = await leaderboard(await getDb(), session.userId);
  return NextResponse.json(board, { headers: { "Cache-Control": "no-store" } });
});
