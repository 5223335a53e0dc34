// Client-safe public API of the referrals feature. Server code is in `@/features/referrals/server`.
export { FriendsPanel, type FriendsPanelProps } from "./components/FriendsPanel";
export { maskAddress, referralBonus } from "./maths";
export { referralsKeys, referralsQueryOptions } from "./queries";
export type { FriendView, ReferralsMe } from "./schema";
