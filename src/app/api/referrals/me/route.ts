import { referralsMe, referralsMeSchema } from "@/features/referrals/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** The signed-in user's referral code and link, and the friends who joined with it. */
export const GET = route(
  {
    session: "required",
    summary: "The signed-in user's referral code, link and friends",
    response: referralsMeSchema,
  },
  ({ db, session }) => referralsMe(db, session.userId),
);
