// Client-safe public API of the support feature. Server code (database, route helpers):
// `@/features/support/server`. Components are imported by pages from ./components.

export * from "./components";
export { pickHelpFaq, TICKET_LINK_GONE } from "./help";
