import { z } from "zod";
import { carriesSessionCookie, clearSessionCookie } from "@/features/auth/server";
import { errorResponse, unauthorized } from "@/server/errors";
import { route } from "@/server/route";

/** `GET /api/auth/session` → `{address}` of the signed-in wallet, or 401 (docs/api.md). */
export const GET = route(
  {
    summary: "The signed-in wallet",
    session: "optional",
    response: z.object({ address: z.string() }),
  },
  ({ req, session }) => {
    if (session) return { address: session.address };
    const res = errorResponse(unauthorized());
    // A cookie that no longer maps to a session is cleared (both names), so the proxy stops letting
    // it through.
    if (carriesSessionCookie(req.headers.get("cookie"))) clearSessionCookie(res);
    return res;
  },
);
