import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { getTicket } from "@/features/support/server";
import { requireReader } from "@/features/support/server/http";
import { route } from "@/server/errors";

// Per-user answers: never cached by the browser or a proxy.
const NO_STORE = { "Cache-Control": "no-store" };

type Ctx = { params: Promise<{ id: string }> };

export const GET = route(async (req: Request, ctx: Ctx) => {
  const actor = await requireReader(req);
  const { id } = await ctx.params;
  return NextResponse.json({ ticket: await getTicket(await getDb(), actor, id) }, { headers: NO_STORE });
});
