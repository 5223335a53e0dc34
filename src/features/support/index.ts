// Client-safe public API of the support feature (page components, types). Server code: ./server.ts.
export * from "./components";
export type { SupportCategory, Ticket, TicketMessage, TicketStatus } from "./schema";
