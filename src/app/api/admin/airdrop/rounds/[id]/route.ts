import { adminRoundSchema, adminView, getRound, roundIdSchema } from "@/features/airdrop/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    roles: ["admin"],
    params: roundIdSchema,
    summary: "One airdrop round with its publish progress",
    response: adminRoundSchema,
  },
  async ({ db, params }) => adminView(db, await getRound(db, params.id)),
);
