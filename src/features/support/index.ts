// Client-safe public API of the support feature. Server code (database, route helpers):
// `@/features/support/server`. Components are imported by pages from ./components.

export * from "./components";
export { formatTicketTime, STATUS_LABELS, ticketReference } from "./format";
export { pickHelpFaq } from "./help";
export {
  CATEGORY_LABELS,
  SUPPORT_CATEGORIES,
  type SupportCategory,
  type Ticket,
  type TicketMessage,
  type TicketStatus,
} from "./schema";
