import { z } from "zod";
import { lookupName, nameRecordSchema, requireLabel } from "@/features/names/server";
import { route } from "@/server/route";

/** `GET /api/profile/account/{name}`: a name's record; unknown → empty addresses and attributes. */
export const GET = route(
  {
    params: z.object({ name: z.string().max(200) }),
    rateLimit: { name: "names-read", by: "ip", limit: 300, windowSeconds: 60 },
    summary: "Resolve a name to its record",
    response: nameRecordSchema,
  },
  async ({ db, params }) => lookupName(db, requireLabel(params.name)),
);
