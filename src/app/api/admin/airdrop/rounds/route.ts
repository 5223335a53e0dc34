import { z } from "zod";
import {
  adminRoundSchema,
  adminView,
  createRound,
  createRoundSchema,
  listRoundsAdmin,
} from "@/features/airdrop/server";
import { json, route } from "@/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    roles: ["admin"],
    summary: "Every airdrop round (newest first)",
    response: z.object({ rounds: z.array(adminRoundSchema) }),
  },
  async ({ db }) => ({ rounds: await listRoundsAdmin(db) }),
);

export const POST = route(
  {
    roles: ["admin"],
    body: createRoundSchema,
    summary: "Create a draft airdrop round",
    response: adminRoundSchema,
    status: 201,
    rateLimit: { name: "airdrop-admin", by: "user", limit: 30, windowSeconds: 60 },
  },
  async ({ db, body, session }) => {
    // createRound records `airdrop.create` in the audit log in the round's own transaction.
    const row = await createRound(db, body, session.address);
    return json(await adminView(db, row), { status: 201 });
  },
);
