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
  /** The friend has completed an on-chain task (bonuses flow from then on). */
  qualified: boolean;
};

/** `GET /api/referrals/me` */
export type ReferralsMe = {
  code: string;
  link: string;
  sharePercent: number;
  friendsCount: number;
  qualifiedCount: number;
  totalBonus: string;
  friends: FriendView[];
};
