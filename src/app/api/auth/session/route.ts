import { NextResponse } from "next/server";
import { SESSION_COOKIE } from "@/features/auth";
import type { SessionAnswer } from "@/features/auth/schema";
import { clearSessionCookie, sessionFromCookieValue } from "@/features/auth/server/sessions";
import { readCookie } from "@/features/auth/session-cookie";
import { errorResponse, route, unauthorized } from "@/server/errors";
import { counted } from "@/server/metrics";

/** `GET /api/auth/session` → `{address}` of the signed-in wallet, or 401 (docs/api.md). */
export const GET = counted(
  "/api/auth/session",
  route(async (req: Request) => {
    const cookie = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
    const session = await sessionFromCookieValue(cookie);
    if (!session) {
      const res = errorResponse(unauthorized());
      res.headers.set("Cache-Control", "no-store");
      // A cookie that no longer maps to a session is cleared, so the proxy stops letting it through.
      if (cookie) clearSessionCookie(res);
      return res;
    }
    const answer: SessionAnswer = { address: session.address };
    return NextResponse.json(answer, { headers: { "Cache-Control": "no-store" } });
  }),
);
