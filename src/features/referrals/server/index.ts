// Server-only public API of the referrals feature.
export { creditReferralBonuses } from "./bonus";
export { countQualifiedFriends, listFriends, referralLink, referralsMe } from "./friends";
export { qrSvg } from "./qr";
