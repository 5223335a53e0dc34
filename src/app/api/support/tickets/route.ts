import {
  actorOf,
  createTicket,
  idempotencyKeyOf,
  listTickets,
  ticketCreateSchema,
  ticketListResponse,
  ticketResponse,
} from "@/features/support/server";
import { json, route } from "@/server/route";

export const GET = route(
  {
    session: "required",
    summary:
      "The signed-in user's support tickets, newest first (with those opened signed out under their verified email)",
    response: ticketListResponse,
  },
  async ({ db, session }) => ({ tickets: await listTickets(db, session.userId, session.address) }),
);

/**
 * 201 with the new ticket; 200 with the same ticket when the Idempotency-Key was seen before. The
 * per-user limit (5 an hour) is counted in createTicket, so a retry of a created ticket is free.
 */
export const POST = route(
  {
    session: "required",
    body: ticketCreateSchema,
    summary: "Opens a support ticket (Idempotency-Key header required)",
    response: ticketResponse,
    status: 201,
    responses: {
      200: { description: "A repeated Idempotency-Key: the same ticket", schema: ticketResponse },
    },
  },
  async ({ req, db, session, body }) => {
    const key = idempotencyKeyOf(req, true);
    const { ticket, created } = await createTicket(db, actorOf(session), body, key);
    return json({ ticket }, { status: created ? 201 : 200 });
  },
);
