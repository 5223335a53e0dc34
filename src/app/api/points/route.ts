import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { pointsSummary } from "@/features/points/server";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** Balance, tier and progress, rank and the chart series of the signed-in user. */
export const GET = route(async (req) => {
  const session = await requireSession(req);
  const summary = await pointsSummary(await getDb(), session.userId);
  return NextResponse.json(summary, { headers: { "Cache-Control": "no-store" } });
});
