import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { replySchema } from "@/features/support/schema";
import { addMessage } from "@/features/support/server";
import { idempotencyKeyOf, readJsonBody, requireWriter } from "@/features/support/server/http";
import { parseOrThrow, route } from "@/server/errors";

// Per-user answers: never cached by the browser or a proxy.
const NO_STORE = { "Cache-Control": "no-store" };

type Ctx = { params: Promise<{ id: string }> };

/** A reply by the ticket's owner (status → open) or by staff in ADMIN_ADDRESSES (status → answered). */
export const POST = route(async (req: Request, ctx: Ctx) => {
  const actor = await requireWriter(req);
  const { id } = await ctx.params;
  const key = idempotencyKeyOf(req, false);
  const { body } = parseOrThrow(replySchema, await readJsonBody(req));
  const { ticket, message, created } = await addMessage(await getDb(), actor, id, body, key);
  return NextResponse.json({ ticket, message }, { status: created ? 201 : 200, headers: NO_STORE });
});
