// Client-safe public API of the auth feature (docs/ARCHITECTURE.md, "Feature entries"): referral
// codes and the session cookie's format (Web Crypto only, so the proxy can use it). Sessions,
// users and sign-in are server code: `@/features/auth/server`.
export { isReferralCode, normalizeReferralCode } from "./referral-code";
export { newSessionId, sessionCookieName, signSessionId, verifiedSessionCookie } from "./session-cookie";
