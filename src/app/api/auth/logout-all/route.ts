import { z } from "zod";
import { clearSessionCookie, deleteAllSessionsOfUser } from "@/features/auth/server";
import { logger } from "@/server/logger";
import { json, route } from "@/server/route";

/**
 * `POST /api/auth/logout-all` ("Sign out everywhere"): deletes every session of the signed-in
 * wallet, on every device, and clears this browser's cookie (docs/api.md).
 */
export const POST = route(
  {
    summary: "Sign out everywhere",
    session: "required",
    write: true,
    response: z.object({ ok: z.literal(true), signedOut: z.number().int() }),
  },
  async ({ db, session }) => {
    const signedOut = await deleteAllSessionsOfUser(db, session.userId);
    logger.info({ userId: session.userId, signedOut }, "signed out everywhere");
    const res = json({ ok: true, signedOut });
    clearSessionCookie(res);
    return res;
  },
);
