import { auditQuery } from "@/features/admin/server";
import { listAudit } from "@/server/audit";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin"],
    query: auditQuery,
    summary: "The audit log, newest first, 50 a page; cursor is the last id of the previous page",
  },
  async ({ db, query }) => {
    const page = await listAudit(db, { cursor: query.cursor ? BigInt(query.cursor) : undefined });
    return {
      entries: page.entries.map((e) => ({ ...e, id: String(e.id), createdAt: e.createdAt.toISOString() })),
      nextCursor: page.nextCursor === undefined ? null : String(page.nextCursor),
    };
  },
);
