import { z } from "zod";
import { addressInput, nameRecordSchema, reverseLookup } from "@/features/names/server";
import { route } from "@/server/route";

/** `GET /api/profile/reverse/{address}`: the names of an address (a list; at most one today). */
export const GET = route(
  {
    params: z.object({ address: addressInput }),
    rateLimit: { name: "names-read", by: "ip", limit: 300, windowSeconds: 60 },
    summary: "The names of an address",
    response: z.array(nameRecordSchema),
  },
  async ({ db, params }) => reverseLookup(db, params.address),
);
