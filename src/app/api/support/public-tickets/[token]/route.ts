import {
  getTicketByToken,
  PUBLIC_READ_RATE_LIMIT,
  publicTicketParams,
  ticketResponse,
} from "@/features/support/server";
import { route } from "@/server/route";

export const GET = route(
  {
    session: "none",
    params: publicTicketParams,
    rateLimit: { name: "support-public-read", by: "ip", ...PUBLIC_READ_RATE_LIMIT },
    summary: "A ticket opened signed out, by its private link's token",
    response: ticketResponse,
  },
  async ({ db, params }) => ({ ticket: await getTicketByToken(db, params.token) }),
);
