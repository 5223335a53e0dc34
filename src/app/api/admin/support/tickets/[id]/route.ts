import { z } from "zod";
import { ticketPatchSchema, ticketThread, ticketThreadResponse, updateTicket } from "@/features/admin/server";
import { route } from "@/server/route";

const params = z.object({ id: z.string().max(64) });

export const GET = route(
  {
    roles: ["admin", "moderator"],
    params,
    response: ticketThreadResponse,
    summary: "A ticket's thread, its participant and assignee (with their names)",
  },
  ({ db, session, params }) => ticketThread(db, session, params.id),
);

export const PATCH = route(
  {
    roles: ["admin", "moderator"],
    params,
    body: ticketPatchSchema,
    bodyLimit: 1024,
    response: ticketThreadResponse,
    summary: "Close, reopen or assign a ticket ({status}, {assignee: me|nobody})",
  },
  ({ db, session, params, body }) => updateTicket(db, session, params.id, body),
);
