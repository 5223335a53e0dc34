import { myStanding, myStandingSchema } from "@/features/integrity/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** The caller's standing in the campaign: excluded or not, the reason category, their appeal. */
export const GET = route(
  { session: "required", summary: "Your standing in the campaign", response: myStandingSchema },
  ({ db, session }) => myStanding(db, { userId: session.userId, address: session.address }),
);
