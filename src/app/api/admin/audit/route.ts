import { auditPage, auditQuery, auditResponse } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin"],
    query: auditQuery,
    response: auditResponse,
    summary: "The audit log, newest first, 50 a page; cursor is the last id of the previous page",
  },
  ({ db, query }) => auditPage(db, query.cursor),
);
