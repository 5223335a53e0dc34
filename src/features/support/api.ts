import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { yielding } from "@/lib/yield-to-main";
import type { ReplyInput, Ticket, TicketCreateInput, TicketMessage } from "./schema";

/**
 * Browser-side calls to the support API, in the wagmi shape: actions → query options with a key
 * factory → thin hooks in components/. Errors carry the server's message, which the UI shows as is.
 */

export const supportKeys = {
  all: ["support"] as const,
  tickets: () => [...supportKeys.all, "tickets"] as const,
  ticket: (id: string) => [...supportKeys.all, "ticket", id] as const,
  publicTicket: (token: string) => [...supportKeys.all, "public-ticket", token] as const,
};

export async function fetchTickets(signal?: AbortSignal): Promise<Ticket[]> {
  return (await apiFetch<{ tickets: Ticket[] }>("/api/support/tickets", { signal })).tickets;
}

export async function fetchTicket(id: string, signal?: AbortSignal): Promise<Ticket> {
  return (await apiFetch<{ ticket: Ticket }>(`/api/support/tickets/${encodeURIComponent(id)}`, { signal }))
    .ticket;
}

/** `idempotencyKey` must stay the same across retries of one submission (see SupportForm). */
export async function createTicket(input: TicketCreateInput, idempotencyKey: string): Promise<Ticket> {
  const { ticket } = await apiFetch<{ ticket: Ticket }>("/api/support/tickets", {
    method: "POST",
    idempotencyKey,
    body: input,
  });
  return ticket;
}

export async function postReply(
  ticketId: string,
  input: ReplyInput,
  idempotencyKey: string,
): Promise<{ ticket: Ticket; message: TicketMessage }> {
  return apiFetch(`/api/support/tickets/${encodeURIComponent(ticketId)}/messages`, {
    method: "POST",
    idempotencyKey,
    body: input,
  });
}

export function ticketsQueryOptions(initialData?: Ticket[]) {
  return queryOptions({
    queryKey: supportKeys.tickets(),
    queryFn: yielding(({ signal }) => fetchTickets(signal)),
    initialData,
    // Staff answers arrive without the user doing anything; a calm poll picks them up.
    refetchInterval: 30_000,
    staleTime: 5_000,
  });
}

export function ticketQueryOptions(id: string, initialData?: Ticket) {
  return queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => fetchTicket(id, signal),
    initialData,
    refetchInterval: 30_000,
    staleTime: 5_000,
  });
}

// Signed out (the help panel on /connect and the private ticket page).

/** Opens a ticket without a session; answers the ticket and its private link. */
export async function createPublicTicket(
  input: TicketCreateInput,
  idempotencyKey: string,
): Promise<{ ticket: Ticket; link: string }> {
  return apiFetch("/api/support/public-tickets", { method: "POST", idempotencyKey, body: input });
}

export async function fetchPublicTicket(token: string, signal?: AbortSignal): Promise<Ticket> {
  return (
    await apiFetch<{ ticket: Ticket }>(`/api/support/public-tickets/${encodeURIComponent(token)}`, { signal })
  ).ticket;
}

export async function postPublicReply(
  token: string,
  input: ReplyInput,
  idempotencyKey: string,
): Promise<{ ticket: Ticket; message: TicketMessage }> {
  return apiFetch(`/api/support/public-tickets/${encodeURIComponent(token)}/messages`, {
    method: "POST",
    idempotencyKey,
    body: input,
  });
}

export function publicTicketQueryOptions(token: string, initialData?: Ticket) {
  return queryOptions({
    queryKey: supportKeys.publicTicket(token),
    queryFn: ({ signal }) => fetchPublicTicket(token, signal),
    initialData,
    refetchInterval: 30_000,
    staleTime: 5_000,
  });
}
