import { participantsQuery, participantsResponse, searchParticipants } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin", "moderator"],
    query: participantsQuery,
    response: participantsResponse,
    summary: "Participants newest first, searched by address prefix, referral code or name",
  },
  ({ db, query }) => searchParticipants(db, query),
);
