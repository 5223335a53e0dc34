import { z } from "zod";
import { appealBodySchema, appealExclusion } from "@/features/integrity/server";
import { json, route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Appeals the caller's exclusion: opens a support ticket with its context, once. */
export const POST = route(
  {
    session: "required",
    body: appealBodySchema,
    bodyLimit: 8 * 1024,
    rateLimit: { name: "integrity-appeal", by: "user", limit: 10, windowSeconds: 3600 },
    summary: "Appeal your exclusion",
    response: z.object({ ticketId: z.string(), created: z.boolean() }),
    status: 201,
    responses: {
      200: {
        description: "Already appealed: the existing ticket",
        schema: z.object({ ticketId: z.string(), created: z.boolean() }),
      },
    },
  },
  async ({ db, session, body }) => {
    const result = await appealExclusion(db, { userId: session.userId, address: session.address }, body);
    return json(result, { status: result.created ? 201 : 200 });
  },
);
