import { referralVisitBody, referralVisitResponse, rememberReferralVisit } from "@/features/referrals/server";
import { apiErrorSchema } from "@/server/errors";
import { route } from "@/server/route";

/** Sets the 30-day referral cookie for a `/:ref` visit (the page calls this once after rendering). */
export const POST = route(
  {
    body: referralVisitBody,
    // One visit per link is what a person makes; each call costs a code lookup, so a script does not
    // get them for free.
    rateLimit: { name: "referral-visit", by: "ip", limit: 60, windowSeconds: 60 },
    summary: "Remembers a referral code for 30 days (cookie read at first sign-in)",
    response: referralVisitResponse,
    responses: {
      404: {
        description: "No one has this invite code (the cookie is left as it was)",
        schema: apiErrorSchema,
      },
    },
  },
  ({ body }) => rememberReferralVisit(body.code),
);
