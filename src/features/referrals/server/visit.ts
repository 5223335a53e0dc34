import { normalizeReferralCode } from "@/features/auth";
import { REFERRAL_COOKIE } from "@/features/auth/server";
import { config } from "@/server/config";
import { json } from "@/server/route";

const THIRTY_DAYS_SECONDS = 30 * 24 * 3600;

/**
 * Remembers the referral code of a `/:ref` visit for 30 days (read at first sign-in). Server
 * components cannot set cookies in Next 16, so the page calls `POST /api/referral/visit` once
 * after it renders. The latest valid invite wins, and each visit renews the 30 days.
 */
export function rememberReferralVisit(code: string): Response {
  const normalized = normalizeReferralCode(code);
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
