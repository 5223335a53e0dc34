import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { referralsMe } from "@/features/referrals/server";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** The signed-in user's referral code and link, and the friends who joined with it. */
export const GET = route(async (req) => {
  const session = await requireSession(req);
  return NextResponse.json(await referralsMe(await getDb(), session.userId), {
    headers: { "Cache-Control": "no-store" },
  });
});
