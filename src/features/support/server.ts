import "server-only";

// The support feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export { actorOf } from "./server/http";
export { loadTicket, loadTickets } from "./server/page-data";
export { type Actor, addMessage, createTicket, getTicket, listTickets } from "./server/tickets";
