import { z } from "zod";
import { isReferralCode } from "@/features/auth";

// Wire shapes of the referrals API (client-safe).

export type FriendView = {
  /** Masked: the list shows who joined without publishing friends' full addresses. */
  address: string;
  /** The friend's registered name (`alice.aurum`), shown instead of the masked address; null when none. */
  name: string | null;
  joinedAt: string;
  /** The friend's own total. */
  points: string;
  /** What the signed-in user earned from this friend. */
  bonus: string;
  /** The friend meets the qualification rule (bonuses and the invite task count them from then on). */
  qualified: boolean;
  /** Excluded from the campaign: never counts. */
  excluded: boolean;
  /** Distinct on-chain task types done (the faucet claim not counted) and how many the rule asks for. */
  onchainTypesDone: number;
  onchainTypesNeeded: number;
  /** When the waiting time since the friend's first sign-in is over. */
  eligibleAt: string;
};

/** `GET /api/referrals/me` */
export type ReferralsMe = {
  code: string;
  link: string;
  sharePercent: number;
  friendsCount: number;
  qualifiedCount: number;
  /** The qualification rule (server/qualification.ts), for "how it works" and each friend's to-do. */
  rule: { taskTypes: number; hours: number };
  totalBonus: string;
  friends: FriendView[];
};

// Schemas of the referrals API (for validation, the API reference and contract tests).

/** `GET /api/referrals/me` */
export const referralsMeSchema = z.object({
  code: z.string(),
  link: z.string(),
  sharePercent: z.number(),
  friendsCount: z.number(),
  qualifiedCount: z.number(),
  totalBonus: z.string(),
  friends: z.array(
    z.object({
      address: z.string(),
      joinedAt: z.string(),
      points: z.string(),
      bonus: z.string(),
      qualified: z.boolean(),
    }),
  ),
});

/** `POST /api/referral/visit` body: the code from a `/:ref` link. */
export const referralVisitBody = z.object({
  code: z.string().refine(isReferralCode, "Invalid format"),
});

/** `POST /api/referral/visit` answer: the stored (upper-case) code. */
export const referralVisitResponse = z.object({ code: z.string() });
