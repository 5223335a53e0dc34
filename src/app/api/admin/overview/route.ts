import { cachedOverview, overviewSchema, rangeQuery } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin", "moderator"],
    query: rangeQuery,
    summary:
      "Campaign figures over a date range: sign-ups, sign-ins, funnel, faucet outflow, completions, open tickets",
    response: overviewSchema,
  },
  ({ db, query }) => cachedOverview(db, query),
);
