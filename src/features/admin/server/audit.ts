import type { Db } from "@/db/client";
import { namesFor } from "@/features/names/server";
import { listAudit } from "@/server/audit";
import type { AuditPage } from "./responses";

/** One page of the audit log for the console, each actor with their primary name (issue 16). */
export async function auditPage(db: Db, cursor?: number): Promise<AuditPage> {
  const page = await listAudit(db, { cursor: cursor === undefined ? undefined : BigInt(cursor) });
  const names = await namesFor(
    db,
    page.entries.map((e) => e.actor),
  );
  return {
    entries: page.entries.map((e) => ({
      id: String(e.id),
      actor: e.actor,
      actorName: names.get(e.actor.toLowerCase()) ?? null,
      action: e.action,
      target: e.target,
      before: e.before,
      after: e.after,
      createdAt: e.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor === undefined ? null : String(page.nextCursor),
  };
}
