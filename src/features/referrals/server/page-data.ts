import { getDb } from "@/db/client";
import type { Session } from "@/features/auth/server";
import type { FriendsPageData, ReferralRules } from "../schema";
import { referralRules, referralsMe } from "./friends";
import { qrSvg } from "./qr";

/**
 * /friends: the signed-in user's referral view and the QR code of their link. The page's server
 * render and the HTTP entry's page-data block of its signed-in shell (scripts/lib/shell-data.ts)
 * both read it here.
 */
export async function loadFriendsPage(session: Session): Promise<FriendsPageData> {
  const me = await referralsMe(await getDb(), session.userId);
  return { me, qrSvg: await qrSvg(me.link) };
}

/** The rules every user reads on /friends ("How it works"), for its signed-in shell. */
export async function loadReferralRules(): Promise<ReferralRules> {
  return referralRules(await getDb());
}
