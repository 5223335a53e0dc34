import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { ticketCreateSchema } from "@/features/support/schema";
import { createTicket, listTickets } from "@/features/support/server";
import { idempotencyKeyOf, readJsonBody, requireReader, requireWriter } from "@/features/support/server/http";
import { parseOrThrow, route } from "@/server/errors";

// Per-user answers: never cached by the browser or a proxy.
const NO_STORE = { "Cache-Control": "no-store" };

export const GET = route(async (req: Request) => {
  const actor = await requireReader(req);
  return NextResponse.json(
    { tickets: await listTickets(await getDb(), actor.userId) },
    { headers: NO_STORE },
  );
});

/** 201 with the new ticket; 200 with the same ticket when the Idempotency-Key was seen before. */
export const POST = route(async (req: Request) => {
  const actor = await requireWriter(req);
  const key = idempotencyKeyOf(req, true);
  const input = parseOrThrow(ticketCreateSchema, await readJsonBody(req));
  const { ticket, created } = await createTicket(await getDb(), actor, input, key);
  return NextResponse.json({ ticket }, { status: created ? 201 : 200, headers: NO_STORE });
});
