import "server-only";

export { type SessionAnswer, verifyBodySchema } from "./schema";
export { issueNonce } from "./server/nonces";
/** The auth feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): sessions, origin, rate limits. */
export { assertSameOrigin } from "./server/origin";
export { getCurrentSession, requirePageSession, requireSession } from "./server/page-session";
export { type RateLimitOptions, type RateLimitState, rateLimit } from "./server/rate-limit";
export { hasRole, ROLES, type Role, rolesOf } from "./server/roles";
export {
  carriesSessionCookie,
  clearSessionCookie,
  createSession,
  deleteAllSessionsOfUser,
  deleteSessionByCookieHeader,
  type Session,
  sessionFromCookieHeader,
  sessionFromCookieValue,
  setSessionCookie,
} from "./server/sessions";
export { verifySignIn } from "./server/siwe";
export {
  countParticipants,
  findOrCreateImportedUser,
  findOrCreateUser,
  getUserByAddress,
  getUserById,
  getUserByReferralCode,
  isAdmin,
  type User,
} from "./server/users";
export { REFERRAL_COOKIE, readCookie, readCookies } from "./session-cookie";
