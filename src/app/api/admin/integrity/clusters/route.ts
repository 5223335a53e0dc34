import { z } from "zod";
import { clusterSchema, listClusters, pageQuerySchema } from "@/features/integrity/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Detected clusters with members and evidence, paged and filtered by `status` or member `address`. */
export const GET = route(
  {
    roles: ["admin", "moderator"],
    query: pageQuerySchema,
    summary: "Sybil clusters",
    response: z.object({ clusters: z.array(clusterSchema), nextCursor: z.number().nullable() }),
  },
  ({ db, query }) => listClusters(db, { ...query, address: query.address }),
);
