// Tickets and their threads, signed in (the signed-out entry points are in ./public.ts). Over 300
// lines because creation, listing, access and replies share the row mapping and idempotency rules.
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { getAddress } from "viem";
import type { Db } from "@/db/client";
import { supportMessages, supportTickets } from "@/db/schema";
import { rateLimit } from "@/features/auth/server";
import { namesFor } from "@/features/names/server";
import { recordAudit } from "@/server/audit";
import { ApiError, conflict, notFound } from "@/server/errors";
import { emitEvent } from "@/server/webhook-outbox";

export type { Actor } from "./access";

import {
  REPLY_RATE_LIMIT,
  TICKET_RATE_LIMIT,
  type Ticket,
  type TicketCreate,
  type TicketMessage,
} from "../schema";
import { type Actor, roleOn, verifiedEmailOf } from "./access";
import { mailStaffReply } from "./reply-mail";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LISTED_TICKETS = 50;

export const ticketNotFound = () => notFound("Ticket not found.", "TICKET_NOT_FOUND");

type TicketRow = typeof supportTickets.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

export function toMessage(m: MessageRow): TicketMessage {
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

/** A ticket with its thread by id, with no access check (callers check first). */
export async function loadTicketById(db: Db, id: string): Promise<Ticket | null> {
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
    const ticket = await loadTicketById(db, createdId);
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
  return row ? loadTicketById(db, row.id) : null;
}

export function assertSamePayload(ticket: Ticket, input: TicketCreate): Ticket {
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

/**
 * The user's own tickets, newest first, with their threads. Given the user's address, tickets
 * opened signed out with the address's verified profile email are theirs too (docs/api.md,
 * "Support without a wallet": only a verified address proves the mailbox is theirs).
 */
export async function listTickets(db: Db, userId: string, address?: string): Promise<Ticket[]> {
  const email = address ? await verifiedEmailOf(db, address) : null;
  const rows = await db
    .select()
    .from(supportTickets)
    .where(
      email
        ? or(
            eq(supportTickets.userId, userId),
            and(isNull(supportTickets.userId), eq(sql`lower(${supportTickets.email})`, email)),
          )
        : eq(supportTickets.userId, userId),
    )
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
    messages.flatMap((m) => (m.author === "user" && m.authorAddress ? [m.authorAddress] : [])),
  );
  return rows.map((r) => toTicket(r, byTicket.get(r.id) ?? [], names));
}

/**
 * A ticket the actor may see: their own (see roleOn), or any ticket for staff. Anything else, including a
 * malformed id, is "not found", so ticket ids cannot be probed.
 */
export async function getTicket(db: Db, actor: Actor, id: string): Promise<Ticket> {
  if (!UUID.test(id)) throw ticketNotFound();
  const [row] = await db
    .select({ userId: supportTickets.userId, email: supportTickets.email })
    .from(supportTickets)
    .where(eq(supportTickets.id, id));
  if (!row || !(await roleOn(db, actor, row))) throw ticketNotFound();
  const ticket = await loadTicketById(db, id);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/** Runs inside the transaction that stores a message (e.g. the console's audit entry for a reply). */
type OnInserted = (tx: Db, message: MessageRow) => Promise<void>;

/** `then` after the staff reply's audit entry, in the message's transaction. */
function auditedStaffReply(actor: Actor, ticketId: string, then?: OnInserted): OnInserted {
  return async (tx, message) => {
    await recordAudit(tx, {
      actor: actor.address,
      action: "support.reply",
      target: `ticket:${ticketId}`,
      after: { messageId: message.id },
    });
    await then?.(tx, message);
  };
}

/**
 * Adds a message to a ticket. The owner's reply (re)opens it; a staff reply (an ADMIN_ADDRESSES
 * address that does not own the ticket) marks it answered. Anyone else gets 404. An optional
 * Idempotency-Key makes a retried reply return the first one.
 *
 * A staff reply is written with its audit entry (support.reply), whichever route it came through:
 * the console's inbox or a staff address replying on the ticket's own page.
 *
 * `onInserted` writes what must be stored with the message in its transaction: when it throws,
 * nothing is stored. The reply mail of a ticket opened signed out goes out only after that
 * transaction commits, once per stored reply (a replay mails nothing), so call this with the
 * database, never inside a transaction of your own: a rollback after the mail cannot unsend it.
 */
export async function addMessage(
  db: Db,
  actor: Actor,
  ticketId: string,
  body: string,
  idempotencyKey: string | null,
  opts: { onInserted?: OnInserted } = {},
): Promise<{ ticket: Ticket; message: TicketMessage; created: boolean }> {
  if (!UUID.test(ticketId)) throw ticketNotFound();
  const [row] = await db
    .select({ userId: supportTickets.userId, email: supportTickets.email, subject: supportTickets.subject })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId));
  if (!row) throw ticketNotFound();
  const author = await roleOn(db, actor, row);
  if (!author) throw ticketNotFound();

  if (idempotencyKey) {
    const prior = await findMessageByKey(db, ticketId, idempotencyKey);
    if (prior) return replay(db, actor, ticketId, prior, body);
  }
  if (author === "user") await rateLimit({ key: `support:reply:${actor.userId}`, ...REPLY_RATE_LIMIT, db });

  // The verified owner's first reply to a ticket opened signed out claims it: the form's email is
  // not checked, so whoever opened it may hold its private link, and must not read what the owner
  // writes in their account from now on (docs/api.md, "Support without a wallet").
  const claimFor = author === "user" && row.userId === null ? actor.userId : null;
  const inserted = await insertMessage(
    db,
    ticketId,
    author,
    actor.address.toLowerCase(),
    body,
    idempotencyKey,
    {
      claimFor,
      onInserted: author === "staff" ? auditedStaffReply(actor, ticketId, opts.onInserted) : opts.onInserted,
    },
  );
  if (!inserted) {
    const prior = idempotencyKey ? await findMessageByKey(db, ticketId, idempotencyKey) : null;
    if (!prior) throw new Error("message conflict without a message");
    return replay(db, actor, ticketId, prior, body);
  }
  // A ticket opened signed out has no account to show the answer to: it goes by mail (when SMTP is
  // set), now that the reply is committed; never before, or a rolled-back reply would be mailed.
  if (author === "staff" && row.userId === null)
    await mailStaffReply({ id: ticketId, email: row.email, subject: row.subject, body });
  return { ticket: await getTicket(db, actor, ticketId), message: toMessage(inserted), created: true };
}

/**
 * Appends a message and sets the status (a staff message answers, a participant's (re)opens), in
 * one transaction, with whatever `onInserted` writes. Null when the (ticket, Idempotency-Key) pair
 * already has a message (then `onInserted` does not run).
 */
export async function insertMessage(
  db: Db,
  ticketId: string,
  author: "user" | "staff",
  authorAddress: string | null,
  body: string,
  idempotencyKey: string | null,
  opts: {
    /** The account that takes over a signed-out ticket: its user, and the private link revoked. */
    claimFor?: string | null;
    onInserted?: OnInserted;
  } = {},
): Promise<MessageRow | null> {
  const { claimFor = null, onInserted } = opts;
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId, author, authorAddress, body, idempotencyKey })
      .onConflictDoNothing({ target: [supportMessages.ticketId, supportMessages.idempotencyKey] })
      .returning();
    if (!message) return null;
    await tx
      .update(supportTickets)
      .set({
        status: author === "staff" ? "answered" : "open",
        updatedAt: sql`now()`,
        ...(claimFor ? { userId: claimFor, accessTokenHash: null } : {}),
      })
      .where(eq(supportTickets.id, ticketId));
    if (onInserted) await onInserted(tx as unknown as Db, message);
    return message;
  });
}

export async function findMessageByKey(db: Db, ticketId: string, key: string): Promise<MessageRow | null> {
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
