import { addressParam, participantProfile } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin", "moderator"],
    params: addressParam,
    summary: "One participant: points history, tasks, faucet claims, referrals, sessions",
  },
  ({ db, params }) => participantProfile(db, params.address),
);
