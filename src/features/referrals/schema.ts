import { z } from "zod";
import { isReferralCode } from "@/features/auth";

// Wire shapes of the referrals API (client-safe).

// Wire shapes of the referrals API: one zod schema each, the types derived from them, so the
// answer, the client and the API reference cannot drift apart.

const friendSchema = z.object({
  /** Masked: the list shows who joined without publishing friends' full addresses. */
  address: z.string(),
  /** The friend's registered name (`alice.aurum`), shown instead of the masked address; null when none. */
  name: z.string().nullable(),
  joinedAt: z.string(),
  /** The friend's own total. */
  points: z.string(),
  /** What the signed-in user earned from this friend. */
  bonus: z.string(),
  /** The friend meets the qualification rule (bonuses and the invite task count them from then on). */
  qualified: z.boolean(),
  /** Excluded from the campaign: never counts. */
  excluded: z.boolean(),
  /** Distinct on-chain task types done (the faucet claim not counted) and how many the rule asks for. */
  onchainTypesDone: z.number(),
  onchainTypesNeeded: z.number(),
  /** When the waiting time since the friend's first sign-in is over. */
  eligibleAt: z.string(),
});
export type FriendView = z.infer<typeof friendSchema>;

/** `GET /api/referrals/me` */
export const referralsMeSchema = z.object({
  code: z.string(),
  link: z.string(),
  sharePercent: z.number(),
  friendsCount: z.number(),
  qualifiedCount: z.number(),
  /** The qualification rule (server/qualification.ts), for "how it works" and each friend's to-do. */
  rule: z.object({ taskTypes: z.number(), hours: z.number() }),
  totalBonus: z.string(),
  friends: z.array(friendSchema),
});
export type ReferralsMe = z.infer<typeof referralsMeSchema>;

/** The share and the qualification rule, the same for every user. */
export type ReferralRules = Pick<ReferralsMe, "sharePercent" | "rule">;

/** What /friends shows of the user (the page's props, or its shell's page-data block). */
export type FriendsPageData = {
  me: ReferralsMe;
  /** The link as an SVG QR code, rendered on the server by the `qrcode` package. */
  qrSvg: string;
};

/** `POST /api/referral/visit` body: the code from a `/:ref` link. */
export const referralVisitBody = z.object({
  code: z.string().refine(isReferralCode, "Invalid format"),
});

/** `POST /api/referral/visit` answer: the stored (upper-case) code. */
export const referralVisitResponse = z.object({ code: z.string() });
