import { health, healthSchema } from "@/server/health";
import { json, route } from "@/server/route";

export const dynamic = "force-dynamic";

/**
 * Liveness for load balancers: 200 while the database answers, else 503. The testnet RPC's state is
 * reported but decides nothing (src/server/health.ts says why).
 */
export const GET = route(
  {
    summary: "Health of the database (503 when it is down) and the state of the testnet RPC",
    response: healthSchema,
    responses: {
      503: { description: "Degraded: the database did not answer", schema: healthSchema },
    },
  },
  async ({ db }) => {
    const result = await health(db);
    return json(result, { status: result.status === "ok" ? 200 : 503 });
  },
);
