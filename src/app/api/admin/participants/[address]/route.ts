import { addressParam, participantProfile, participantProfileResponse } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin", "moderator"],
    params: addressParam,
    response: participantProfileResponse,
    summary: "One participant: points history, tasks, faucet claims, referrals, sessions",
  },
  ({ db, params }) => participantProfile(db, params.address),
);
