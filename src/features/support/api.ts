import { queryOptions } from "@tanstack/react-query";
import type { ReplyInput, Ticket, TicketCreateInput, TicketMessage } from "./schema";

/**
 * Browser-side calls to the support API, in the wagmi shape: actions → query options with a key
 * factory → thin hooks in components/. Errors carry the server's message, which the UI shows as is.
 */

export class SupportApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "SupportApiError";
  }
}

export const supportKeys = {
  all: ["support"] as const,
  tickets: () => [...supportKeys.all, "tickets"] as const,
  ticket: (id: string) => [...supportKeys.all, "ticket", id] as const,
};

const OFFLINE = "Could not reach the server. Check your connection and try again.";

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, cache: "no-store", credentials: "same-origin" });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new SupportApiError(0, "NETWORK_ERROR", OFFLINE);
  }
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok) {
    const message = body?.error?.message ?? `HTTP status code: ${res.status}`;
    throw new SupportApiError(res.status, body?.error?.code ?? "HTTP_ERROR", message);
  }
  return body as T;
}

export async function fetchTickets(signal?: AbortSignal): Promise<Ticket[]> {
  return (await call<{ tickets: Ticket[] }>("/api/support/tickets", { signal })).tickets;
}

export async function fetchTicket(id: string, signal?: AbortSignal): Promise<Ticket> {
  return (await call<{ ticket: Ticket }>(`/api/support/tickets/${encodeURIComponent(id)}`, { signal }))
    .ticket;
}

/** `idempotencyKey` must stay the same across retries of one submission (see SupportForm). */
export async function createTicket(input: TicketCreateInput, idempotencyKey: string): Promise<Ticket> {
  const { ticket } = await call<{ ticket: Ticket }>("/api/support/tickets", {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify(input),
  });
  return ticket;
}

export async function postReply(
  ticketId: string,
  input: ReplyInput,
  idempotencyKey: string,
): Promise<{ ticket: Ticket; message: TicketMessage }> {
  return call(`/api/support/tickets/${encodeURIComponent(ticketId)}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify(input),
  });
}

export function ticketsQueryOptions(initialData?: Ticket[]) {
  return queryOptions({
    queryKey: supportKeys.tickets(),
    queryFn: ({ signal }) => fetchTickets(signal),
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
