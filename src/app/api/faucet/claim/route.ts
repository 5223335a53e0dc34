import {
  claimBodySchema,
  claimCreatedSchema,
  claimFaucet,
  liveFaucetSettings,
} from "@/features/faucet/server";
import { json, route } from "@/server/route";

export const dynamic = "force-dynamic";

/**
 * Queues the drip for the signed-in address once the proof of work checks out: once per cooldown,
 * a few per client address and network, within today's outflow cap (docs/api.md "Faucet").
 */
export const POST = route(
  {
    session: "required",
    body: claimBodySchema,
    bodyLimit: 4 * 1024,
    // A burst guard in front of the faucet's own rules (which count claims, not requests).
    rateLimit: { name: "faucet-claim", by: "ip", limit: 20, windowSeconds: 60 },
    summary: "Claim test coins (proof of work required)",
    response: claimCreatedSchema,
    status: 202,
  },
  async ({ db, session, ip, body }) => {
    const created = await claimFaucet(
      db,
      { userId: session.userId, address: session.address, ip },
      body.altcha,
      await liveFaucetSettings(db),
    );
    return json(created, { status: 202 });
  },
);
