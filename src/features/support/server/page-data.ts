import { getDb } from "@/db/client";
import type { Session } from "@/features/auth/server";
import { ApiError } from "@/server/errors";
import type { Ticket } from "../schema";
import { actorOf } from "./http";
import { getTicketByToken } from "./public";
import { getTicket, listTickets } from "./tickets";

export async function loadTickets(session: Session): Promise<Ticket[]> {
  return listTickets(await getDb(), session.userId, session.address);
}

/** The ticket for its page, or null when it does not exist or is not the viewer's (a 404 either way). */
export async function loadTicket(session: Session, id: string): Promise<Ticket | null> {
  try {
    return await getTicket(await getDb(), actorOf(session), id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The ticket behind a private link, for its public page; null for a malformed or unknown token. */
export async function loadTicketByToken(token: string): Promise<Ticket | null> {
  try {
    return await getTicketByToken(await getDb(), token);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
