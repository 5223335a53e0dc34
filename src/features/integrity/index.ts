// Public API of the integrity feature for pages and other features (client-safe).
// Server code (exclusions, appeals, sybil scoring) is in `@/features/integrity/server`.

export { IntegrityConsole } from "./components/IntegrityConsole";
export { StandingNotice } from "./components/StandingNotice";
export type { MyStanding } from "./schema";
