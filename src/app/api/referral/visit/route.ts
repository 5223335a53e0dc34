import { NextResponse } from "next/server";
import { z } from "zod";
import { assertSameOrigin, REFERRAL_COOKIE } from "@/features/auth";
import { isReferralCode, normalizeReferralCode } from "@/features/auth/referral-code";
import { config } from "@/server/config";
import { parseOrThrow, readJson, route } from "@/server/errors";
import { counted } from "@/server/metrics";

const THIRTY_DAYS_SECONDS = 30 * 24 * 3600;

const bodySchema = z.object({
  code: z.string().refine(isReferralCode, "Invalid format"),
});

/**
 * Remembers the referral code of a `/:ref` visit for 30 days (read at first sign-in). Server
 * components cannot set cookies in Next 16, so the page calls this once after it renders.
 * The latest valid invite wins, and each visit renews the 30 days.
 */
export const POST = counted(
  "/api/referral/visit",
  route(async (req: Request) => {
    assertSameOrigin(req);
    const { code } = parseOrThrow(bodySchema, await readJson(req));
    const normalized = normalizeReferralCode(code);
    const res = NextResponse.json({ code: normalized }, { headers: { "Cache-Control": "no-store" } });
    res.cookies.set(REFERRAL_COOKIE, normalized, {
      httpOnly: true,
      sameSite: "lax",
      secure: config().secureCookies,
      path: "/",
      maxAge: THIRTY_DAYS_SECONDS,
    });
    return res;
  }),
);
