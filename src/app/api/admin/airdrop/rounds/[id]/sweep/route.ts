import {
  adminRoundSchema,
  adminView,
  roundIdSchema,
  sweepRound,
  sweepSchema,
} from "@/features/airdrop/server";
import { recordAudit } from "@/server/audit";
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
  async ({ db, params, body, session }) => {
    const r = await sweepRound(db, params.id, body.to);
    const view = await adminView(db, r);
    await recordAudit(db, {
      actor: session.address,
      action: "airdrop.sweep",
      target: `airdrop:${params.id}`,
      after: { sweptAmount: view.sweptAmount, to: body.to ?? "deployer" },
    });
    return view;
  },
);
