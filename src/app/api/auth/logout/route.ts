import { NextResponse } from "next/server";
import { assertSameOrigin, SESSION_COOKIE } from "@/features/auth";
import { clearSessionCookie, deleteSessionByCookieValue } from "@/features/auth/server/sessions";
import { readCookie } from "@/features/auth/session-cookie";
import { route } from "@/server/errors";
import { counted } from "@/server/metrics";

/** `POST /api/auth/logout`: deletes the session row and clears the cookie; idempotent (docs/api.md). */
export const POST = counted(
  "/api/auth/logout",
  route(async (req: Request) => {
    assertSameOrigin(req);
    await deleteSessionByCookieValue(readCookie(req.headers.get("cookie"), SESSION_COOKIE));
    const res = NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
    clearSessionCookie(res);
    return res;
  }),
);
