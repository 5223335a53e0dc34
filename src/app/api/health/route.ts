import { health, healthSchema } from "@/server/health";
import { json, route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Liveness and dependencies for load balancers: 200 when database and RPC answer, else 503. */
export const GET = route(
  {
    summary: "Health of the database and the testnet RPC (503 when either is down)",
    response: healthSchema,
    responses: {
      503: { description: "Degraded: the database or the testnet RPC did not answer", schema: healthSchema },
    },
  },
  async ({ db }) => {
    const result = await health(db);
    return json(result, { status: result.status === "ok" ? 200 : 503 });
  },
);
