import { z } from "zod";
import {
  createSession,
  deleteSessionByCookieHeader,
  findOrCreateUser,
  REFERRAL_COOKIE,
  readCookie,
  setSessionCookie,
  verifyBodySchema,
  verifySignIn,
} from "@/features/auth/server";
import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { json, route } from "@/server/route";

/** `POST /api/auth/verify` `{message, signature}` → session cookie + `{address}` (docs/api.md). */
export const POST = route(
  {
    summary: "Sign in with a signed EIP-4361 message",
    body: verifyBodySchema,
    rateLimit: {
      name: "auth-verify",
      by: "ip",
      windowSeconds: 60,
      // Read per request, not at import (route modules are also loaded by `next build`).
      get limit() {
        return config().AUTH_RATE_LIMIT_PER_MINUTE;
      },
    },
    response: z.object({ address: z.string() }),
  },
  async ({ req, db, body }) => {
    const { address, chainId } = await verifySignIn(db, body);
    const cookieHeader = req.headers.get("cookie");
    const { user, created } = await findOrCreateUser(db, address, readCookie(cookieHeader, REFERRAL_COOKIE));
    // A new sign-in replaces whatever session this browser had (no orphaned rows, no fixation).
    await deleteSessionByCookieHeader(cookieHeader, db);
    const { cookieValue, session } = await createSession(db, user.id);
    logger.info({ userId: user.id, chainId, created, referred: Boolean(user.referrerId) }, "signed in");
    const res = json({ address: session.address });
    setSessionCookie(res, cookieValue);
    return res;
  },
);
