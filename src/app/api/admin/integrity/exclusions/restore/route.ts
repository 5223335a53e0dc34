import { z } from "zod";
import { restoreBodySchema, restoreParticipant } from "@/features/integrity/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Restores an excluded participant (their data was kept); audited. */
export const POST = route(
  {
    roles: ["admin", "moderator"],
    body: restoreBodySchema,
    summary: "Restore an excluded participant",
    response: z.object({ address: z.string(), restored: z.literal(true) }),
  },
  ({ db, session, body }) => restoreParticipant(db, session.address, body),
);
