import { leaderboard, leaderboardSchema } from "@/features/points/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Top 100 with ranks, the signed-in user's rank and the users around them. */
export const GET = route(
  {
    session: "required",
    summary: "Top 100 by points, the signed-in user's rank and neighbours",
    response: leaderboardSchema,
  },
  ({ db, session }) => leaderboard(db, session.userId),
);
