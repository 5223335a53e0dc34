import { pointsSummary, pointsSummarySchema } from "@/features/points/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Balance, tier and progress, rank and the chart series of the signed-in user. */
export const GET = route(
  {
    session: "required",
    summary: "The signed-in user's points balance, tier, rank and chart series",
    response: pointsSummarySchema,
  },
  ({ db, session }) => pointsSummary(db, session.userId),
);
