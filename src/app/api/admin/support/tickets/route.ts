import { inbox, inboxResponse, ticketsQuery } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin", "moderator"],
    query: ticketsQuery,
    response: inboxResponse,
    summary:
      "Support inbox: every participant's tickets, filtered by status, category and age, newest activity first, 50 a page (keyset `cursor`: the previous page's `nextCursor`)",
  },
  ({ db, query }) => inbox(db, query),
);
