import { z } from "zod";
import { clusterDecisionSchema, clusterSchema, decideCluster } from "@/features/integrity/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Confirm (exclude every member) or dismiss a cluster; audited. */
export const POST = route(
  {
    roles: ["admin", "moderator"],
    params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    body: clusterDecisionSchema,
    summary: "Confirm or dismiss a sybil cluster",
    response: z.object({ cluster: clusterSchema, excluded: z.number().int() }),
  },
  ({ db, session, params, body }) => decideCluster(db, session.address, params.id, body),
);
