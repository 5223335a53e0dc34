import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rankingChanged } from "@/features/points/server";
import { createTicket } from "@/features/support/server";
import { recordAudit } from "@/server/audit";
import { badRequest, conflict, notFound } from "@/server/errors";
import { CATEGORY_TEXT, type ExclusionCategory } from "../categories";
import { parseAddressCsv } from "../csv";
import type { Exclusion, MyStanding } from "../schema";
import { rows } from "./rows";

type Row = {
  address: string;
  reason_category: ExclusionCategory;
  reason: string;
  source: Exclusion["source"];
  created_by: string;
  created_at: string | Date;
};

const view = (r: Row): Exclusion => ({
  address: r.address,
  reasonCategory: r.reason_category,
  reason: r.reason,
  source: r.source,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The exclusion of an address, or null when it takes part normally. */
export async function exclusionOf(db: Pick<Db, "execute">, address: string): Promise<Exclusion | null> {
  const [row] = rows<Row>(
    await db.execute(sql`SELECT * FROM participant_exclusions WHERE address = ${address.toLowerCase()}`),
  );
  return row ? view(row) : null;
}

export type ExcludeInput = { address: string; reasonCategory: ExclusionCategory; reason: string };

/** Excludes one participant (or updates the reason of an existing exclusion), with its audit entry. */
export async function excludeParticipant(
  db: Db,
  actor: string,
  input: ExcludeInput,
  source: Exclusion["source"] = "manual",
): Promise<Exclusion> {
  const address = input.address.toLowerCase();
  return db.transaction(async (tx) => {
    const before = await exclusionOf(tx, address);
    const [row] = rows<Row>(
      await tx.execute(sql`
        INSERT INTO participant_exclusions (address, reason_category, reason, source, created_by)
        VALUES (${address}, ${input.reasonCategory}, ${input.reason}, ${source}, ${actor.toLowerCase()})
        ON CONFLICT (address) DO UPDATE SET reason_category = EXCLUDED.reason_category,
          reason = EXCLUDED.reason, source = EXCLUDED.source, created_by = EXCLUDED.created_by
        RETURNING *`),
    );
    const after = view(row as Row);
    // Who is ranked changed: cached points reads are read again (features/points/server/ranking-cache.ts).
    rankingChanged();
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "integrity.exclude",
      target: address,
      before,
      after,
    });
    return after;
  });
}

/** Restores an excluded participant: the exclusion (and its appeal) go, the audit log keeps both. */
export async function restoreParticipant(
  db: Db,
  actor: string,
  input: { address: string; reason: string },
): Promise<{ address: string; restored: true }> {
  const address = input.address.toLowerCase();
  return db.transaction(async (tx) => {
    const before = await exclusionOf(tx, address);
    if (!before) throw notFound("This address is not excluded.", "NOT_EXCLUDED");
    await tx.execute(sql`DELETE FROM participant_exclusions WHERE address = ${address}`);
    await tx.execute(sql`DELETE FROM exclusion_appeals WHERE address = ${address}`);
    rankingChanged();
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "integrity.restore",
      target: address,
      before,
      after: { reason: input.reason },
    });
    return { address, restored: true as const };
  });
}

/** Imports a published exclusion list (one address per line); existing exclusions are kept as they are. */
export async function importExclusions(
  db: Db,
  actor: string,
  input: { csv: string; reasonCategory: ExclusionCategory; reason: string },
): Promise<{ added: number; alreadyExcluded: number; duplicates: number }> {
  const parsed = parseAddressCsv(input.csv);
  if (!parsed.ok) throw badRequest(`Line ${parsed.line}: ${parsed.message}`, "INVALID_CSV");
  return db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < parsed.addresses.length; i += 1000) {
      const chunk = parsed.addresses.slice(i, i + 1000);
      const values = sql.join(
        chunk.map(
          (a) => sql`(${a}, ${input.reasonCategory}, ${input.reason}, 'import', ${actor.toLowerCase()})`,
        ),
        sql`, `,
      );
      added += rows(
        await tx.execute(sql`
          INSERT INTO participant_exclusions (address, reason_category, reason, source, created_by)
          VALUES ${values} ON CONFLICT (address) DO NOTHING RETURNING address`),
      ).length;
    }
    if (added > 0) rankingChanged();
    const result = {
      added,
      alreadyExcluded: parsed.addresses.length - added,
      duplicates: parsed.duplicates,
    };
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "integrity.import",
      target: `exclusions:${parsed.addresses.length}`,
      after: { ...result, reasonCategory: input.reasonCategory, reason: input.reason },
    });
    return result;
  });
}

/** A page of exclusions, newest first (`cursor`: offset). */
export async function listExclusions(
  db: Db,
  opts: { cursor?: number; limit: number; address?: string },
): Promise<{ exclusions: Exclusion[]; nextCursor: number | null }> {
  const offset = opts.cursor ?? 0;
  const filter = opts.address ? sql`WHERE address LIKE ${`${opts.address}%`}` : sql``;
  const list = rows<Row>(
    await db.execute(sql`SELECT * FROM participant_exclusions ${filter}
      ORDER BY created_at DESC, address LIMIT ${opts.limit + 1} OFFSET ${offset}`),
  );
  return {
    exclusions: list.slice(0, opts.limit).map(view),
    nextCursor: list.length > opts.limit ? offset + opts.limit : null,
  };
}

/**
 * `GET /api/integrity/me`: the participant's own standing, for /rewards. One statement (issue 11:
 * it runs on every /rewards render): the exclusion, its appeal ticket and the last support email.
 */
export async function myStanding(db: Db, who: { userId: string; address: string }): Promise<MyStanding> {
  const address = who.address.toLowerCase();
  const [row] = rows<Partial<Row> & { ticket_id: string | null; email: string | null }>(
    await db.execute(sql`
      SELECT x.reason_category, x.created_at,
        (SELECT ticket_id FROM exclusion_appeals WHERE address = ${address}) AS ticket_id,
        (SELECT email FROM support_tickets WHERE user_id = ${who.userId}
          ORDER BY created_at DESC LIMIT 1) AS email
      FROM (SELECT 1) one LEFT JOIN participant_exclusions x ON x.address = ${address}`),
  );
  const excluded = Boolean(row?.reason_category);
  return {
    excluded,
    reasonCategory: excluded ? (row?.reason_category ?? null) : null,
    since: excluded && row?.created_at ? new Date(row.created_at).toISOString() : null,
    appealTicketId: excluded ? (row?.ticket_id ?? null) : null,
    email: row?.email ?? null,
  };
}

/**
 * Opens the appeal: a support ticket carrying the exclusion's context, once per exclusion (a second
 * press answers the same ticket).
 */
export async function appealExclusion(
  db: Db,
  who: { userId: string; address: string },
  input: { email: string; note: string },
): Promise<{ ticketId: string; created: boolean }> {
  const address = who.address.toLowerCase();
  const exclusion = await exclusionOf(db, address);
  if (!exclusion)
    throw conflict("Your address is not excluded, so there is nothing to appeal.", "NOT_EXCLUDED");
  const [prior] = rows<{ ticket_id: string }>(
    await db.execute(sql`SELECT ticket_id FROM exclusion_appeals WHERE address = ${address}`),
  );
  if (prior) return { ticketId: prior.ticket_id, created: false };
  const message = [
    `Appeal against the exclusion of ${address}.`,
    `Reason category: ${CATEGORY_TEXT[exclusion.reasonCategory]}.`,
    `Excluded since ${exclusion.createdAt} (source: ${exclusion.source}).`,
    input.note ? `Participant's note: ${input.note}` : "The participant added no note.",
  ].join("\n");
  const { ticket } = await createTicket(
    db,
    { userId: who.userId, address, isAdmin: false },
    {
      email: input.email,
      category: "points",
      subject: "Appeal: excluded from rewards",
      message,
      txHash: null,
    },
    `appeal:${address}:${exclusion.createdAt}`,
  );
  const inserted = rows(
    await db.execute(sql`INSERT INTO exclusion_appeals (address, ticket_id) VALUES (${address}, ${ticket.id})
      ON CONFLICT (address) DO NOTHING RETURNING address`),
  );
  // A concurrent press got the same ticket (same idempotency key) and recorded it first.
  return { ticketId: ticket.id, created: inserted.length > 0 };
}

/** /rewards: the signed-in participant's standing, for the page (pages never open the database). */
export async function loadMyStanding(who: { userId: string; address: string }): Promise<MyStanding> {
  const { getDb } = await import("@/db/client");
  return myStanding(await getDb(), who);
}
