import { referralVisitBody, referralVisitResponse, rememberReferralVisit } from "@/features/referrals/server";
import { route } from "@/server/route";

/** Sets the 30-day referral cookie for a `/:ref` visit (the page calls this once after rendering). */
export const POST = route(
  {
    body: referralVisitBody,
    summary: "Remembers a referral code for 30 days (cookie read at first sign-in)",
    response: referralVisitResponse,
  },
  ({ body }) => rememberReferralVisit(body.code),
);
