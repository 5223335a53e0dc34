import "server-only";

/** The auth feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): sessions, origin, rate limits. */
export { assertSameOrigin } from "./server/origin";
export { type RateLimitOptions, type RateLimitState, rateLimit } from "./server/rate-limit";
export { hasRole, ROLES, type Role, rolesOf } from "./server/roles";
export { type Session, sessionFromCookieValue } from "./server/sessions";
export { REFERRAL_COOKIE, readCookie, SESSION_COOKIE } from "./session-cookie";
