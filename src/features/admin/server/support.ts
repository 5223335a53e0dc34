import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { supportAssignments, supportTickets } from "@/db/schema";
import type { Session } from "@/features/auth/server";
import { namesFor } from "@/features/names/server";
import { addMessage, getTicket } from "@/features/support/server";
import { recordAudit } from "@/server/audit";
import type { InboxPage, TicketThreadView } from "./responses";
import { query } from "./sql";

// The support inbox reuses the support feature's services (threads, idempotent replies); staff
// are whoever the route layer let through with a console role.

const staffActor = (s: Session) => ({ userId: s.userId, address: s.address, isAdmin: true, console: true });

/** Tickets per inbox page. */
export const INBOX_PAGE = 50;

/**
 * The inbox's order and keyset: newest activity first, `updated_at` then id, the order of the index
 * `support_tickets_activity_idx`; the cursor carries `updated_at` to the microsecond, exactly. The cursor is the previous page's last ticket, not an offset:
 * activity only moves a ticket's `updated_at` forward, to above every cursor already handed out,
 * so a ticket seen on one page never comes back on a later one. A ticket not yet reached that gets
 * activity meanwhile jumps to the top: the next reload shows it there, later pages do not.
 */
export async function inbox(
  db: Db,
  f: {
    status?: string;
    category?: string;
    age?: "1d" | "7d" | "older";
    cursor?: { instant: string; id: string };
  },
): Promise<InboxPage> {
  const where = [sql`TRUE`];
  if (f.status) where.push(sql`t.status = ${f.status}`);
  if (f.category) where.push(sql`t.category = ${f.category}`);
  if (f.age === "1d") where.push(sql`t.created_at > now() - interval '1 day'`);
  if (f.age === "7d") where.push(sql`t.created_at > now() - interval '7 days'`);
  if (f.age === "older") where.push(sql`t.created_at <= now() - interval '7 days'`);
  if (f.cursor) {
    where.push(sql`(t.updated_at, t.id) < (${f.cursor.instant}::timestamptz, ${f.cursor.id}::uuid)`);
  }
  const fetched = await query<{
    id: string;
    subject: string;
    category: string;
    status: string;
    created_at: Date | string;
    updated_at: Date | string;
    cursor_at: string;
    address: string | null;
    email: string;
    assignee: string | null;
    messages: string;
  }>(
    db,
    sql`SELECT t.id, t.subject, t.category, t.status, t.created_at, t.updated_at, u.address, t.email, a.assignee,
          to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
          (SELECT count(*) FROM support_messages m WHERE m.ticket_id = t.id) AS messages
        FROM support_tickets t LEFT JOIN users u ON u.id = t.user_id
        LEFT JOIN support_assignments a ON a.ticket_id = t.id
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY t.updated_at DESC, t.id DESC LIMIT ${INBOX_PAGE + 1}`,
  );
  const rows = fetched.slice(0, INBOX_PAGE);
  const last = rows.at(-1);
  const names = await namesFor(
    db,
    rows.flatMap((r) => [r.address, r.assignee].filter((a): a is string => a !== null)),
  );
  return {
    tickets: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      category: r.category as InboxPage["tickets"][number]["category"],
      status: r.status as InboxPage["tickets"][number]["status"],
      // Null for a ticket opened signed out (issue 18): the email is all there is.
      address: r.address,
      email: r.email,
      name: r.address ? (names.get(r.address) ?? null) : null,
      assignee: r.assignee,
      assigneeName: r.assignee ? (names.get(r.assignee) ?? null) : null,
      messages: Number(r.messages),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
    nextCursor: fetched.length > INBOX_PAGE && last ? `${last.cursor_at}|${last.id}` : null,
  };
}

export async function ticketThread(db: Db, session: Session, id: string): Promise<TicketThreadView> {
  const ticket = await getTicket(db, staffActor(session), id);
  const [meta] = await query<{ address: string | null; assignee: string | null }>(
    db,
    sql`SELECT u.address, a.assignee FROM support_tickets t LEFT JOIN users u ON u.id = t.user_id
        LEFT JOIN support_assignments a ON a.ticket_id = t.id WHERE t.id = ${id}`,
  );
  // Null address: a ticket opened signed out (issue 18), known by its email only.
  const address = meta?.address ?? null;
  const assignee = meta?.assignee ?? null;
  const names = await namesFor(
    db,
    [address, assignee].filter((a): a is string => a !== null),
  );
  return {
    ticket,
    address,
    name: address ? (names.get(address) ?? null) : null,
    assignee,
    assigneeName: assignee ? (names.get(assignee) ?? null) : null,
  };
}

/**
 * A staff reply from the console's inbox: always as staff, even on a ticket that is also theirs.
 * addMessage writes it with its audit entry in one transaction, so a console retry (same
 * Idempotency-Key) writes both. The reply mail of a ticket opened signed out leaves only after that
 * transaction commits, so a failed attempt mails nothing and its retry mails once.
 */
export async function staffReply(db: Db, session: Session, id: string, body: string, key: string | null) {
  return addMessage(db, staffActor(session), id, body, key);
}

export async function updateTicket(
  db: Db,
  session: Session,
  id: string,
  patch: { status?: "open" | "answered" | "closed"; assignee?: "me" | "nobody" },
) {
  const { ticket } = await ticketThread(db, session, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (patch.status && patch.status !== ticket.status) {
      await t
        .update(supportTickets)
        .set({ status: patch.status, updatedAt: new Date() })
        .where(eq(supportTickets.id, id));
      await recordAudit(t, {
        actor: session.address,
        action: "support.status",
        target: `ticket:${id}`,
        before: { status: ticket.status },
        after: { status: patch.status },
      });
    }
    if (patch.assignee) await assignTicket(t, session, id, patch.assignee);
  });
  return ticketThread(db, session, id);
}

async function assignTicket(t: Db, session: Session, id: string, assignee: "me" | "nobody") {
  const [prior] = await t.select().from(supportAssignments).where(eq(supportAssignments.ticketId, id));
  const before = prior?.assignee ?? null;
  const after = assignee === "me" ? session.address.toLowerCase() : null;
  // Unassigning a ticket nobody has, or taking one already yours, changes nothing: no write and no
  // audit entry (docs/api.md, "Operator console").
  if (after === before) return;
  if (after) {
    await t
      .insert(supportAssignments)
      .values({ ticketId: id, assignee: after })
      .onConflictDoUpdate({
        target: supportAssignments.ticketId,
        set: { assignee: after, assignedAt: new Date() },
      });
  } else {
    await t.delete(supportAssignments).where(eq(supportAssignments.ticketId, id));
  }
  await recordAudit(t, {
    actor: session.address,
    action: "support.assign",
    target: `ticket:${id}`,
    before: { assignee: before },
    after: { assignee: after },
  });
}
