import { z } from "zod";
import { idempotencyKeySchema, staffReply, staffReplyResponse } from "@/features/admin/server";
import { badRequest } from "@/server/errors";
import { json, route } from "@/server/route";

const body = z.object({ body: z.string().trim().min(1, "Write a reply").max(5000) });

export const POST = route(
  {
    roles: ["admin", "moderator"],
    params: z.object({ id: z.string().max(64) }),
    body,
    bodyLimit: 32 * 1024,
    status: 201,
    response: staffReplyResponse,
    summary:
      "Reply to a ticket as staff (the ticket becomes answered); an optional Idempotency-Key makes a retry return the first reply",
  },
  async ({ db, session, params, body, req }) => {
    const raw = req.headers.get("idempotency-key");
    let key: string | null = null;
    if (raw) {
      const parsed = idempotencyKeySchema.safeParse(raw);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? "Invalid format", "INVALID_IDEMPOTENCY_KEY");
      key = parsed.data;
    }
    const out = await staffReply(db, session, params.id, body.body, key);
    return json(out, { status: out.created ? 201 : 200 });
  },
);
