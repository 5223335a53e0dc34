import {
  adminRoundSchema,
  adminView,
  getRound,
  requestPublish,
  roundIdSchema,
} from "@/features/airdrop/server";
import { recordAudit } from "@/server/audit";
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
    const before = await getRound(db, params.id);
    const after = await requestPublish(db, params.id);
    await recordAudit(db, {
      actor: session.address,
      action: "airdrop.publish",
      target: `airdrop:${params.id}`,
      before: { status: before.status, requested: before.publishRequestedAt !== null },
      after: { status: after.status, requested: after.publishRequestedAt !== null },
    });
    return json(await adminView(db, after), { status: 202 });
  },
);
