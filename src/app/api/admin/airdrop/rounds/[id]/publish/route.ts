import { adminRoundSchema, roundIdSchema } from "@/features/airdrop";
import { adminView, getRound, startPublishJob } from "@/features/airdrop/server";
import { recordAudit } from "@/server/audit";
import { json, route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Freezes the round now (409 when the rule cannot be published) and runs the chain steps in the background. */
export const POST = route(
  {
    roles: ["admin"],
    params: roundIdSchema,
    summary: "Publish (or resume publishing) a round: freeze, deploy, fund, publish",
    response: adminRoundSchema,
    status: 202,
    rateLimit: { name: "airdrop-admin", by: "user", limit: 30, windowSeconds: 60 },
  },
  async ({ db, params, session }) => {
    const before = await adminView(db, await getRound(db, params.id));
    await startPublishJob(db, params.id);
    const after = await adminView(db, await getRound(db, params.id));
    await recordAudit(db, {
      actor: session.address,
      action: "airdrop.publish",
      target: `airdrop:${params.id}`,
      before: { status: before.status },
      after: { status: after.status, merkleRoot: after.merkleRoot, recipients: after.recipients },
    });
    return json(after, { status: 202 });
  },
);
