// Public API of the support feature (server side: imports the database; client code must not import it).

export type { SupportCategory, Ticket, TicketMessage, TicketStatus } from "./schema";
export { actorOf } from "./server/http";
export { type Actor, addMessage, createTicket, getTicket, listTickets } from "./server/tickets";
