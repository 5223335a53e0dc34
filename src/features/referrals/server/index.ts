// Server-only public API of the referrals feature.
export { creditPendingReferralBonuses, creditReferralBonuses } from "./bonus";
export { countQualifiedFriends, listFriends, referralLink, referralsMe } from "./friends";
export { qrSvg } from "./qr";
export { type QualificationRule, qualificationRule } from "./qualification";
