// Public API of the integrity feature for pages and other features (client-safe).
// Server code (exclusions, appeals, sybil scoring) is in `@/features/integrity/server`.
export { IntegrityConsole } from "./components/IntegrityConsole";
export { StandingNotice } from "./components/StandingNotice";
export { CATEGORY_TEXT, EXCLUSION_CATEGORIES, type ExclusionCategory, type MyStanding } from "./schema";
