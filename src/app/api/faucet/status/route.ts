import { faucetStatus, faucetStatusSchema, liveFaucetSettings } from "@/features/faucet/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/**
 * The faucet's rules, drips, balances, today's outflow against the caps, queue length and recent
 * payouts; with a session also the caller's next allowed claim time and latest claim.
 */
export const GET = route(
  { session: "optional", summary: "Faucet status", response: faucetStatusSchema },
  async ({ db, session }) =>
    faucetStatus(
      db,
      session ? { userId: session.userId, address: session.address } : null,
      await liveFaucetSettings(db),
    ),
);
