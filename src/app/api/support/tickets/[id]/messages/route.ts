import {
  actorOf,
  addMessage,
  idempotencyKeyOf,
  replyResponse,
  replySchema,
  ticketParams,
} from "@/features/support/server";
import { json, route } from "@/server/route";

/**
 * A reply by the ticket's owner (status → open) or by staff in ADMIN_ADDRESSES (status → answered).
 * Owners may reply 30 times an hour (counted in addMessage); staff are not limited.
 */
export const POST = route(
  {
    session: "required",
    params: ticketParams,
    body: replySchema,
    summary: "Adds a reply to a ticket (optional Idempotency-Key header)",
    response: replyResponse,
    status: 201,
    responses: { 200: { description: "A repeated Idempotency-Key: the same reply", schema: replyResponse } },
  },
  async ({ req, db, session, params, body }) => {
    const key = idempotencyKeyOf(req, false);
    const { ticket, message, created } = await addMessage(db, actorOf(session), params.id, body.body, key);
    return json({ ticket, message }, { status: created ? 201 : 200 });
  },
);
