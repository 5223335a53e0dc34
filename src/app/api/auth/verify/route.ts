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
import { recordSignIn } from "@/features/integrity/server";
import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { json, route } from "@/server/route";
import { emitEvent } from "@/server/webhook-outbox";

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
  async ({ req, db, body, ip }) => {
    const { address, chainId } = await verifySignIn(db, body);
    const cookieHeader = req.headers.get("cookie");
    const { user, created } = await findOrCreateUser(db, address, readCookie(cookieHeader, REFERRAL_COOKIE));
    // A new sign-in replaces whatever session this browser had (no orphaned rows, no fixation).
    await deleteSessionByCookieHeader(cookieHeader, db);
    const { cookieValue, session } = await createSession(db, user.id);
    // Where sign-ins come from feeds the sybil job's shared-address signal (issue 12).
    await recordSignIn(db, { userId: user.id, address: session.address, ip });
    // Idempotent per participant: emitted at every sign-in, so a crash right after the first one
    // cannot lose the event (docs/integrations.md).
    await emitEvent(db, "participant.signed_up", user.id, {
      address: session.address.toLowerCase(),
      referred: Boolean(user.referrerId),
      // An imported address exists before it signs up: its sign-up is its first sign-in.
      signedUpAt: (user.firstSignInAt ?? user.createdAt).toISOString(),
    });
    logger.info({ userId: user.id, chainId, created, referred: Boolean(user.referrerId) }, "signed in");
    const res = json({ address: session.address });
    setSessionCookie(res, cookieValue);
    return res;
  },
);
