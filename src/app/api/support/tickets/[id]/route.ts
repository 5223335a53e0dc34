import { actorOf, getTicket, ticketParams, ticketResponse } from "@/features/support/server";
import { route } from "@/server/route";

export const GET = route(
  {
    session: "required",
    params: ticketParams,
    summary: "One ticket with its messages (the owner's, or any for staff)",
    response: ticketResponse,
  },
  async ({ db, session, params }) => ({ ticket: await getTicket(db, actorOf(session), params.id) }),
);
