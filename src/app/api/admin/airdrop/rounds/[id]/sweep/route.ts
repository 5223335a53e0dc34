import {
  adminRoundSchema,
  adminView,
  roundIdSchema,
  sweepRound,
  sweepSchema,
} from "@/features/airdrop/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    roles: ["admin"],
    params: roundIdSchema,
    body: sweepSchema,
    summary: "After the deadline: withdraw the unclaimed tokens (to the deployer or `to`)",
    response: adminRoundSchema,
    rateLimit: { name: "airdrop-admin", by: "user", limit: 30, windowSeconds: 60 },
  },
  // Records `airdrop.sweep` in the audit log in the same transaction as the sweep.
  async ({ db, params, body, session }) =>
    adminView(db, await sweepRound(db, params.id, body.to, session.address)),
);
