import { adminRoundSchema, adminView, requestPublish, roundIdSchema } from "@/features/airdrop/server";
import { json, route } from "@/server/route";

export const dynamic = "force-dynamic";

/**
 * Records a publish request (409 at once when the rule cannot be published) and answers 202; the
 * airdrop worker runs the freeze and the chain steps (docs/airdrop.md "Publishing"). Idempotent.
 */
export const POST = route(
  {
    roles: ["admin"],
    params: roundIdSchema,
    summary: "Request publishing (or resuming) a round: the worker freezes, deploys, funds and publishes it",
    response: adminRoundSchema,
    status: 202,
    rateLimit: { name: "airdrop-admin", by: "user", limit: 30, windowSeconds: 60 },
  },
  async ({ db, params, session }) => {
    // Records `airdrop.publish` in the audit log in the request's own transaction.
    const round = await requestPublish(db, params.id, session.address);
    return json(await adminView(db, round), { status: 202 });
  },
);
