import "server-only";

// The support feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export {
  PUBLIC_READ_RATE_LIMIT,
  PUBLIC_REPLY_RATE_LIMIT,
  PUBLIC_TICKET_BODY_LIMIT,
  PUBLIC_TICKET_RATE_LIMIT,
  publicTicketParams,
  publicTicketResponse,
  replyResponse,
  replySchema,
  ticketCreateSchema,
  ticketListResponse,
  ticketParams,
  ticketResponse,
} from "./schema";
export { actorOf, idempotencyKeyOf } from "./server/http";
export { loadTicket, loadTicketByToken, loadTickets } from "./server/page-data";
export { createPublicTicket, getTicketByToken, replyByToken } from "./server/public";
export { addMessage, createTicket, getTicket, listTickets } from "./server/tickets";
