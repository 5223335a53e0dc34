import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getAddress } from "viem";
import type { Db } from "@/db/client";
import { supportMessages, supportTickets } from "@/db/schema";
import { rateLimit } from "@/features/auth/server";
import { namesFor } from "@/features/names/server";
import { ApiError, conflict, notFound } from "@/server/errors";
import { emitEvent } from "@/server/webhook-outbox";
import {
  REPLY_RATE_LIMIT,
  TICKET_RATE_LIMIT,
  type Ticket,
  type TicketCreate,
  type TicketMessage,
} from "../schema";

/** Who is acting: the signed-in user, and whether their address is in ADMIN_ADDRESSES. */
export type Actor = { userId: string; address: string; isAdmin: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LISTED_TICKETS = 50;

export const ticketNotFound = () => notFound("Ticket not found.", "TICKET_NOT_FOUND");

type TicketRow = typeof supportTickets.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

function toMessage(m: MessageRow): TicketMessage {
  return { id: m.id, author: m.author, body: m.body, createdAt: m.createdAt.toISOString() };
}

/** The opener's address: the author of the ticket's user messages (the first one opens it). */
const openerOf = (messages: MessageRow[]) => messages.find((m) => m.author === "user")?.authorAddress ?? null;

function toTicket(t: TicketRow, messages: MessageRow[], names: Map<string, string>): Ticket {
  const opener = openerOf(messages);
  return {
    id: t.id,
    email: t.email,
    category: t.category,
    subject: t.subject,
    txHash: t.txHash,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    from: opener ? { address: getAddress(opener), name: names.get(opener) ?? null } : null,
    messages: messages.map(toMessage),
  };
}

async function loadTicket(db: Db, id: string): Promise<Ticket | null> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  if (!row) return null;
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const opener = openerOf(messages);
  return toTicket(row, messages, await namesFor(db, opener ? [opener] : []));
}

/** The same create request (same user, key and payload) collapses into one in-flight operation. */
const inFlight = new Map<string, Promise<{ ticket: Ticket; created: boolean }>>();

/**
 * Opens a ticket, idempotently: the (user, Idempotency-Key) pair is unique in the database, so a
 * retry or double click returns the first ticket (`created: false`) instead of opening another.
 * Reusing a key for a different payload is a 409. Only requests that would create a ticket count
 * against the rate limit.
 */
export function createTicket(
  db: Db,
  actor: Actor,
  input: TicketCreate,
  idempotencyKey: string,
): Promise<{ ticket: Ticket; created: boolean }> {
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([actor.userId, idempotencyKey, input]))
    .digest("hex");
  const running = inFlight.get(fingerprint);
  if (running) return running.then((r) => ({ ticket: r.ticket, created: false }));
  const work = createTicketOnce(db, actor, input, idempotencyKey).finally(() => inFlight.delete(fingerprint));
  inFlight.set(fingerprint, work);
  return work;
}

/**
 * The uncoalesced path, as a request landing on another web process would run it; exported for
 * the test that checks the database constraint alone keeps one ticket per key.
 */
export const createTicketAcrossProcesses = (
  db: Db,
  actor: Actor,
  input: TicketCreate,
  idempotencyKey: string,
): Promise<{ ticket: Ticket; created: boolean }> => createTicketOnce(db, actor, input, idempotencyKey);

async function createTicketOnce(
  db: Db,
  actor: Actor,
  input: TicketCreate,
  idempotencyKey: string,
): Promise<{ ticket: Ticket; created: boolean }> {
  const prior = await findByKey(db, actor.userId, idempotencyKey);
  if (prior) return { ticket: assertSamePayload(prior, input), created: false };

  try {
    await rateLimit({ key: `support:ticket:${actor.userId}`, ...TICKET_RATE_LIMIT, db });
  } catch (err) {
    // Another web process may have just created the ticket for this key: that is a replay, not a new ticket.
    const raced =
      err instanceof ApiError && err.status === 429
        ? await findByKey(db, actor.userId, idempotencyKey)
        : null;
    if (raced) return { ticket: assertSamePayload(raced, input), created: false };
    throw err;
  }

  const createdId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        userId: actor.userId,
        email: input.email,
        category: input.category,
        subject: input.subject,
        txHash: input.txHash,
        idempotencyKey,
      })
      .onConflictDoNothing({ target: [supportTickets.userId, supportTickets.idempotencyKey] })
      .returning({ id: supportTickets.id });
    if (!row) return null;
    await tx.insert(supportMessages).values({
      ticketId: row.id,
      author: "user",
      authorAddress: actor.address.toLowerCase(),
      body: input.message,
    });
    await emitEvent(tx as unknown as Db, "ticket.opened", row.id, {
      ticketId: row.id,
      address: actor.address.toLowerCase(),
      category: input.category,
    });
    return row.id;
  });
  if (createdId) {
    const ticket = await loadTicket(db, createdId);
    if (!ticket) throw new Error("ticket vanished right after it was created");
    return { ticket, created: true };
  }
  const raced = await findByKey(db, actor.userId, idempotencyKey);
  if (!raced) throw new Error("idempotency conflict without a ticket");
  return { ticket: assertSamePayload(raced, input), created: false };
}

async function findByKey(db: Db, userId: string, key: string): Promise<Ticket | null> {
  const [row] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.userId, userId), eq(supportTickets.idempotencyKey, key)));
  return row ? loadTicket(db, row.id) : null;
}

function assertSamePayload(ticket: Ticket, input: TicketCreate): Ticket {
  const first = ticket.messages.find((m) => m.author === "user");
  const same =
    ticket.email === input.email &&
    ticket.category === input.category &&
    ticket.subject === input.subject &&
    ticket.txHash === input.txHash &&
    first?.body === input.message;
  if (!same) {
    throw conflict(
      "This Idempotency-Key was already used for a different ticket; send a new key for a new ticket.",
      "IDEMPOTENCY_KEY_REUSED",
    );
  }
  return ticket;
}

/** The user's own tickets, newest first, with their threads. */
export async function listTickets(db: Db, userId: string): Promise<Ticket[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(MAX_LISTED_TICKETS);
  if (rows.length === 0) return [];
  const messages = await db
    .select()
    .from(supportMessages)
    .where(
      inArray(
        supportMessages.ticketId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const byTicket = new Map<string, MessageRow[]>();
  for (const m of messages) byTicket.set(m.ticketId, [...(byTicket.get(m.ticketId) ?? []), m]);
  const names = await namesFor(
    db,
    messages.filter((m) => m.author === "user").map((m) => m.authorAddress),
  );
  return rows.map((r) => toTicket(r, byTicket.get(r.id) ?? [], names));
}

/**
 * A ticket the actor may see: their own, or any ticket for staff. Anything else, including a
 * malformed id, is "not found", so ticket ids cannot be probed.
 */
export async function getTicket(db: Db, actor: Actor, id: string): Promise<Ticket> {
  if (!UUID.test(id)) throw ticketNotFound();
  const [row] = await db
    .select({ userId: supportTickets.userId })
    .from(supportTickets)
    .where(eq(supportTickets.id, id));
  if (!row || (row.userId !== actor.userId && !actor.isAdmin)) throw ticketNotFound();
  const ticket = await loadTicket(db, id);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/**
 * Adds a message to a ticket. The owner's reply (re)opens it; a staff reply (an ADMIN_ADDRESSES
 * address that does not own the ticket) marks it answered. Anyone else gets 404. An optional
 * Idempotency-Key makes a retried reply return the first one.
 */
export async function addMessage(
  db: Db,
  actor: Actor,
  ticketId: string,
  body: string,
  idempotencyKey: string | null,
): Promise<{ ticket: Ticket; message: TicketMessage; created: boolean }> {
  if (!UUID.test(ticketId)) throw ticketNotFound();
  const [row] = await db
    .select({ userId: supportTickets.userId })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId));
  if (!row) throw ticketNotFound();
  const author = row.userId === actor.userId ? "user" : actor.isAdmin ? "staff" : null;
  if (!author) throw ticketNotFound();

  if (idempotencyKey) {
    const prior = await findMessageByKey(db, ticketId, idempotencyKey);
    if (prior) return replay(db, actor, ticketId, prior, body);
  }
  if (author === "user") await rateLimit({ key: `support:reply:${actor.userId}`, ...REPLY_RATE_LIMIT, db });

  const inserted = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId, author, authorAddress: actor.address.toLowerCase(), body, idempotencyKey })
      .onConflictDoNothing({ target: [supportMessages.ticketId, supportMessages.idempotencyKey] })
      .returning();
    if (!message) return null;
    await tx
      .update(supportTickets)
      .set({ status: author === "staff" ? "answered" : "open", updatedAt: sql`now()` })
      .where(eq(supportTickets.id, ticketId));
    return message;
  });
  if (!inserted) {
    const prior = idempotencyKey ? await findMessageByKey(db, ticketId, idempotencyKey) : null;
    if (!prior) throw new Error("message conflict without a message");
    return replay(db, actor, ticketId, prior, body);
  }
  return { ticket: await getTicket(db, actor, ticketId), message: toMessage(inserted), created: true };
}

async function findMessageByKey(db: Db, ticketId: string, key: string): Promise<MessageRow | null> {
  const [m] = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.ticketId, ticketId), eq(supportMessages.idempotencyKey, key)));
  return m ?? null;
}

async function replay(db: Db, actor: Actor, ticketId: string, prior: MessageRow, body: string) {
  if (prior.body !== body || prior.authorAddress !== actor.address.toLowerCase()) {
    throw conflict(
      "This Idempotency-Key was already used for a different message; send a new key for a new message.",
      "IDEMPOTENCY_KEY_REUSED",
    );
  }
  return { ticket: await getTicket(db, actor, ticketId), message: toMessage(prior), created: false };
}
