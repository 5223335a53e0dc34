import "server-only";

// The support feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export {
  replyResponse,
  replySchema,
  ticketCreateSchema,
  ticketListResponse,
  ticketParams,
  ticketResponse,
} from "./schema";
export { actorOf, idempotencyKeyOf } from "./server/http";
export { loadTicket, loadTickets } from "./server/page-data";
export { type Actor, addMessage, createTicket, getTicket, listTickets } from "./server/tickets";
