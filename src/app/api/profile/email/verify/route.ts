import { z } from "zod";
import { verifyEmailToken } from "@/features/profile/server";
import { redirectUrl } from "@/lib/safe-redirect";
import { config } from "@/server/config";
import { route } from "@/server/route";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The mailed verification link. Anyone holding the link may open it (mail clients open links without
 * our cookie), so it needs no session; it answers with a redirect to the profile page (/wallet/profile) and its outcome.
 */
export const GET = route(
  {
    session: "none",
    query: z.object({ token: z.string().max(200).default("") }),
    rateLimit: { name: "profile-email-verify", by: "ip", limit: 30, windowSeconds: 600 },
    // A redirect (to `?email=verified` or `?email=invalid`), whatever the token.
    status: 303,
    summary: "Verify a profile email from the mailed link (redirects to /wallet/profile)",
  },
  async ({ db, query }) => {
    const ok = TOKEN.test(query.token) && (await verifyEmailToken(db, query.token)) !== null;
    // Not Response.redirect(): its headers are immutable and the route layer adds Cache-Control.
    const location = redirectUrl(`/wallet/profile?email=${ok ? "verified" : "invalid"}`, config().origin);
    return new Response(null, { status: 303, headers: { location: location.href } });
  },
);
