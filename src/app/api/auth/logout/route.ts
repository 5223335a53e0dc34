import { z } from "zod";
import { clearSessionCookie, deleteSessionByCookieHeader } from "@/features/auth/server";
import { json, route } from "@/server/route";

/** `POST /api/auth/logout`: deletes this browser's session row and clears the cookie; idempotent (docs/api.md). */
export const POST = route(
  { summary: "Sign out this browser", write: true, response: z.object({ ok: z.literal(true) }) },
  async ({ req, db }) => {
    await deleteSessionByCookieHeader(req.headers.get("cookie"), db);
    const res = json({ ok: true });
    clearSessionCookie(res);
    return res;
  },
);
