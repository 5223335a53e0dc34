import {
  createPublicTicket,
  idempotencyKeyOf,
  PUBLIC_TICKET_BODY_LIMIT,
  PUBLIC_TICKET_RATE_LIMIT,
  publicTicketResponse,
  ticketCreateSchema,
} from "@/features/support/server";
import { json, route } from "@/server/route";

/**
 * Opens a ticket without a session (the help panel on /connect). 201 with the ticket and its private
 * link; 200 with the same for a repeated Idempotency-Key. Every submission counts against the
 * per-IP and per-subnet limits (docs/api.md, "Support without a wallet").
 */
export const POST = route(
  {
    session: "none",
    write: true,
    body: ticketCreateSchema,
    bodyLimit: PUBLIC_TICKET_BODY_LIMIT,
    rateLimit: [
      { name: "support-public-ticket", by: "ip", ...PUBLIC_TICKET_RATE_LIMIT.ip },
      { name: "support-public-ticket", by: "subnet", ...PUBLIC_TICKET_RATE_LIMIT.subnet },
    ],
    summary: "Opens a support ticket without signing in (Idempotency-Key header required)",
    response: publicTicketResponse,
    status: 201,
    responses: {
      200: { description: "A repeated Idempotency-Key: the same ticket", schema: publicTicketResponse },
    },
  },
  async ({ req, db, body }) => {
    const key = idempotencyKeyOf(req, true);
    const { ticket, link, created } = await createPublicTicket(db, body, key);
    return json({ ticket, link }, { status: created ? 201 : 200 });
  },
);
