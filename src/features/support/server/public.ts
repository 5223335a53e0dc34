import { createHash, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { supportMessages, supportTickets } from "@/db/schema";
import { badRequest, conflict } from "@/server/errors";
import { emitEvent } from "@/server/webhook-outbox";
import { publicIdempotencyKeySchema, type Ticket, type TicketCreate, type TicketMessage } from "../schema";
import { TOKEN_PATTERN, ticketLinkPath, ticketToken, tokenHash } from "./link";
import {
  assertSamePayload,
  findMessageByKey,
  insertMessage,
  loadTicketById,
  ticketNotFound,
  toMessage,
} from "./tickets";

// Support without a wallet (issue 18; docs/api.md, "Support without a wallet"): a ticket opened
// signed out has no user. The route layer limits it per IP and subnet; its thread is reached through
// the private link (./link.ts), by mail when SMTP is set, and by the account whose verified profile
// email equals the ticket's (./access.ts).

export type PublicTicketResult = { ticket: Ticket; link: string; created: boolean };

/** The same submission (key and payload) running twice in this process becomes one operation. */
const inFlight = new Map<string, Promise<PublicTicketResult>>();

/**
 * Opens a signed-out ticket, idempotently: the Idempotency-Key is unique among signed-out tickets,
 * so a retry with the same key and values returns the first ticket and the same link; the same key
 * with other values is a 409. The key must be long (a UUID): it is the only thing tying a retry to
 * its submission.
 */
export function createPublicTicket(
  db: Db,
  input: TicketCreate,
  idempotencyKey: string,
): Promise<PublicTicketResult> {
  const parsed = publicIdempotencyKeySchema.safeParse(idempotencyKey);
  if (!parsed.success)
    return Promise.reject(
      badRequest(parsed.error.issues[0]?.message ?? "Invalid format", "INVALID_IDEMPOTENCY_KEY"),
    );
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([idempotencyKey, input]))
    .digest("hex");
  const running = inFlight.get(fingerprint);
  if (running) return running.then((r) => ({ ...r, created: false }));
  const work = createPublicTicketAcrossProcesses(db, input, idempotencyKey).finally(() =>
    inFlight.delete(fingerprint),
  );
  inFlight.set(fingerprint, work);
  return work;
}

/** The uncoalesced path, as another web process runs it (the unique index alone keeps one ticket). */
export async function createPublicTicketAcrossProcesses(
  db: Db,
  input: TicketCreate,
  idempotencyKey: string,
): Promise<PublicTicketResult> {
  const prior = await findPublicByKey(db, idempotencyKey);
  if (prior) return replay(prior, input);

  const id = randomUUID();
  const token = ticketToken(id);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        id,
        userId: null,
        email: input.email,
        category: input.category,
        subject: input.subject,
        txHash: input.txHash,
        idempotencyKey,
        accessTokenHash: tokenHash(token),
      })
      // The partial unique index on the key (signed-out tickets): a concurrent twin got there first.
      .onConflictDoNothing()
      .returning({ id: supportTickets.id });
    if (!row) return false;
    await tx
      .insert(supportMessages)
      .values({ ticketId: id, author: "user", authorAddress: null, body: input.message });
    await emitEvent(tx as unknown as Db, "ticket.opened", id, {
      ticketId: id,
      address: null,
      category: input.category,
    });
    return true;
  });
  if (created) {
    const ticket = await loadTicketById(db, id);
    if (!ticket) throw new Error("ticket vanished right after it was created");
    return { ticket, link: ticketLinkPath(token), created: true };
  }
  const raced = await findPublicByKey(db, idempotencyKey);
  if (!raced) throw new Error("idempotency conflict without a ticket");
  return replay(raced, input);
}

function replay(ticket: Ticket, input: TicketCreate): PublicTicketResult {
  return {
    ticket: assertSamePayload(ticket, input),
    link: ticketLinkPath(ticketToken(ticket.id)),
    created: false,
  };
}

async function findPublicByKey(db: Db, key: string): Promise<Ticket | null> {
  const [row] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(isNull(supportTickets.userId), eq(supportTickets.idempotencyKey, key)));
  return row ? loadTicketById(db, row.id) : null;
}

/** The ticket behind a private link; anything else (malformed, unknown) is "not found". */
async function ticketIdByToken(db: Db, token: string): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw ticketNotFound();
  const [row] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.accessTokenHash, tokenHash(token)));
  if (!row) throw ticketNotFound();
  return row.id;
}

export async function getTicketByToken(db: Db, token: string): Promise<Ticket> {
  const ticket = await loadTicketById(db, await ticketIdByToken(db, token));
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/** The participant's reply through the private link: (re)opens the ticket; a retried key returns the first. */
export async function replyByToken(
  db: Db,
  token: string,
  body: string,
  idempotencyKey: string | null,
): Promise<{ ticket: Ticket; message: TicketMessage; created: boolean }> {
  const id = await ticketIdByToken(db, token);
  const replayed = async (prior: NonNullable<Awaited<ReturnType<typeof findMessageByKey>>>) => {
    if (prior.body !== body || prior.author !== "user")
      throw conflict(
        "This Idempotency-Key was already used for a different message; send a new key for a new message.",
        "IDEMPOTENCY_KEY_REUSED",
      );
    return { ticket: await getTicketByToken(db, token), message: toMessage(prior), created: false };
  };
  if (idempotencyKey) {
    const prior = await findMessageByKey(db, id, idempotencyKey);
    if (prior) return replayed(prior);
  }
  const inserted = await insertMessage(db, id, "user", null, body, idempotencyKey);
  if (!inserted) {
    const prior = idempotencyKey ? await findMessageByKey(db, id, idempotencyKey) : null;
    if (!prior) throw new Error("message conflict without a message");
    return replayed(prior);
  }
  return { ticket: await getTicketByToken(db, token), message: toMessage(inserted), created: true };
}
