import { getDb } from "@/db/client";
import { referralsMe } from "./friends";
import { qrSvg } from "./qr";

/** /friends: the signed-in user's referral view and the QR code of their link. */
export async function loadFriendsPage(userId: string) {
  const me = await referralsMe(await getDb(), userId);
  return { me, qrSvg: await qrSvg(me.link) };
}
