import "server-only";

// The referrals feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export { referralsMeSchema, referralVisitBody, referralVisitResponse } from "./schema";
export { creditPendingReferralBonuses, creditReferralBonuses, referralSharePercent } from "./server/bonus";
export { countQualifiedFriends, listFriends, referralsMe } from "./server/friends";
export { loadFriendsPage, loadReferralRules } from "./server/page-data";
export { qualificationRule } from "./server/qualification";
export { rememberReferralVisit } from "./server/visit";
