import {
  idempotencyKeyOf,
  PUBLIC_REPLY_RATE_LIMIT,
  publicTicketParams,
  replyByToken,
  replyResponse,
  replySchema,
} from "@/features/support/server";
import { json, route } from "@/server/route";

/** The participant's reply through the private link (the ticket becomes open again). */
export const POST = route(
  {
    session: "none",
    write: true,
    params: publicTicketParams,
    body: replySchema,
    bodyLimit: 24 * 1024,
    rateLimit: { name: "support-public-reply", by: "ip", ...PUBLIC_REPLY_RATE_LIMIT },
    summary:
      "Adds a reply to a ticket opened signed out, by its private link's token (optional Idempotency-Key)",
    response: replyResponse,
    status: 201,
    responses: { 200: { description: "A repeated Idempotency-Key: the same reply", schema: replyResponse } },
  },
  async ({ req, db, params, body }) => {
    const key = idempotencyKeyOf(req, false);
    const { ticket, message, created } = await replyByToken(db, params.token, body.body, key);
    return json({ ticket, message }, { status: created ? 201 : 200 });
  },
);
