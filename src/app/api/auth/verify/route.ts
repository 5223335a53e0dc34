import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { assertSameOrigin, REFERRAL_COOKIE, rateLimit, SESSION_COOKIE } from "@/features/auth";
import { type SessionAnswer, verifyBodySchema } from "@/features/auth/schema";
import { createSession, deleteSessionByCookieValue, setSessionCookie } from "@/features/auth/server/sessions";
import { verifySignIn } from "@/features/auth/server/siwe";
import { findOrCreateUser } from "@/features/auth/server/users";
import { readCookie } from "@/features/auth/session-cookie";
import { recordSignIn } from "@/features/integrity/server";
import { clientIp } from "@/server/client-ip";
import { config } from "@/server/config";
import { parseOrThrow, readJson, route } from "@/server/errors";
import { logger } from "@/server/logger";
import { counted } from "@/server/metrics";

/** `POST /api/auth/verify` `{message, signature}` → session cookie + `{address}` (docs/api.md). */
export const POST = counted(
  "/api/auth/verify",
  route(async (req: Request) => {
    assertSameOrigin(req);
    const ip = clientIp(req, config().TRUST_PROXY_HOPS);
    if (ip) await rateLimit({ key: `auth:verify:${ip}`, limit: 30, windowSeconds: 60 });
    const body = parseOrThrow(verifyBodySchema, await readJson(req));
    const db = await getDb();
    const { address, chainId } = await verifySignIn(db, body);

    const cookieHeader = req.headers.get("cookie");
    const { user, created } = await findOrCreateUser(db, address, readCookie(cookieHeader, REFERRAL_COOKIE));
    // A new sign-in replaces whatever session this browser had (no orphaned rows, no fixation).
    await deleteSessionByCookieValue(readCookie(cookieHeader, SESSION_COOKIE), db);
    const { cookieValue, session } = await createSession(db, user.id);
    // Where sign-ins come from feeds the sybil job's shared-address signal (issue 12).
    await recordSignIn(db, { userId: user.id, address: session.address, ip });
    logger.info({ userId: user.id, chainId, created, referred: Boolean(user.referrerId) }, "signed in");

    const answer: SessionAnswer = { address: session.address };
    const res = NextResponse.json(answer, { headers: { "Cache-Control": "no-store" } });
    setSessionCookie(res, cookieValue);
    return res;
  }),
);
