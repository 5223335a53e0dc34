import { getDb } from "@/db/client";
import type { Session } from "@/features/auth/server";
import { ApiError } from "@/server/errors";
import type { Ticket } from "../schema";
import { actorOf } from "./http";
import { getTicket, listTickets } from "./tickets";

export async function loadTickets(session: Session): Promise<Ticket[]> {
  return listTickets(await getDb(), session.userId);
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
