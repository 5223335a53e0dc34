import { z } from "zod";
import { importBodySchema, importExclusions } from "@/features/integrity/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Imports an exclusion list (CSV, one address per line, optional `address` header); audited. */
export const POST = route(
  {
    roles: ["admin", "moderator"],
    body: importBodySchema,
    bodyLimit: 6 * 1024 * 1024,
    summary: "Import an exclusion list",
    response: z.object({ added: z.number(), alreadyExcluded: z.number(), duplicates: z.number() }),
  },
  ({ db, session, body }) => importExclusions(db, session.address, body),
);
