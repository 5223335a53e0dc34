import { createFaucetChallenge, faucetSettings, powChallengeSchema } from "@/features/faucet/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** An ALTCHA proof-of-work challenge; solving it is the ticket for one claim (docs/api.md). */
export const GET = route(
  {
    session: "required",
    rateLimit: [
      { name: "faucet-challenge", by: "ip", limit: 60, windowSeconds: 600 },
      { name: "faucet-challenge", by: "user", limit: 30, windowSeconds: 600 },
    ],
    summary: "A proof-of-work challenge for the next faucet claim",
    response: powChallengeSchema,
  },
  () => createFaucetChallenge(faucetSettings()),
);
