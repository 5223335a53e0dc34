import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { listTasks } from "@/features/tasks/server";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** Every campaign task with the signed-in user's state and progress. */
export const GET = route(async (req) => {
  const session = await requireSession(req);
  const tasks = await listTasks(await getDb(), session);
  return NextResponse.json({ tasks }, { headers: { "Cache-Control": "no-store" } });
});
