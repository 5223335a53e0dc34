import { airdropListSchema, roundsFor } from "@/features/airdrop/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    session: "required",
    summary: "Published airdrop rounds with the signed-in participant's eligibility, amount and proof",
    response: airdropListSchema,
    rateLimit: { name: "airdrop-list", by: "user", limit: 120, windowSeconds: 60 },
  },
  async ({ db, session }) => ({ rounds: await roundsFor(db, session.address) }),
);
