import { historyPageSchema, pointsHistoryPage, pointsHistoryQuery } from "@/features/points/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** The signed-in user's ledger entries, newest first; `?cursor=` from the previous page's `next`. */
export const GET = route(
  {
    session: "required",
    query: pointsHistoryQuery,
    summary: "The signed-in user's points ledger, newest first (cursor-paginated)",
    response: historyPageSchema,
  },
  ({ db, session, query }) => pointsHistoryPage(db, session.userId, query),
);
