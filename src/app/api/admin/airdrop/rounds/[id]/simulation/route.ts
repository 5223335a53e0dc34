import { z } from "zod";
import { roundIdSchema, roundSimulation } from "@/features/airdrop/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    roles: ["admin"],
    params: roundIdSchema,
    summary: "Simulate the round's rule on live points: distribution figures and sensitivity",
    response: z
      .object({
        snapshotAt: z.string(),
        participants: z.number(),
        stats: z.unknown(),
        sensitivity: z.array(z.unknown()),
      })
      .passthrough(),
    rateLimit: { name: "airdrop-simulate", by: "user", limit: 30, windowSeconds: 60 },
  },
  async ({ db, params }) => roundSimulation(db, params.id),
);
