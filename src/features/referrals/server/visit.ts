import { normalizeReferralCode } from "@/features/auth";
import { getUserByReferralCode, REFERRAL_COOKIE } from "@/features/auth/server";
import { config } from "@/server/config";
import { notFound } from "@/server/errors";
import { json } from "@/server/route";

const THIRTY_DAYS_SECONDS = 30 * 24 * 3600;

/**
 * Remembers the referral code of a `/:ref` visit for 30 days (read at first sign-in). Server
 * components cannot set cookies in Next 16, so the page calls `POST /api/referral/visit` once
 * after it renders. The latest invite that belongs to someone wins, and each visit renews the 30
 * days. A well-formed code nobody owns is refused (404) and leaves the cookie alone: otherwise any
 * link to `/<random code>` would silently take a real inviter's credit away.
 */
export async function rememberReferralVisit(code: string): Promise<Response> {
  const normalized = normalizeReferralCode(code);
  if (!(await getUserByReferralCode(normalized))) {
    throw notFound(`No one has the invite code ${normalized}.`);
  }
  const res = json({ code: normalized });
  res.cookies.set(REFERRAL_COOKIE, normalized, {
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    path: "/",
    maxAge: THIRTY_DAYS_SECONDS,
  });
  return res;
}
