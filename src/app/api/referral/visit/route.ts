import { referralVisitBody, referralVisitResponse, rememberReferralVisit } from "@/features/referrals/server";
import { apiErrorSchema } from "@/server/errors";
import { route } from "@/server/route";

/** Sets the 30-day referral cookie for a `/:ref` visit (the page calls this once after rendering). */
export const POST = route(
  {
    body: referralVisitBody,
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
