"use client";

import { useQuery } from "@tanstack/react-query";
import { EmptyState, Skeleton } from "@/ui";
import { ticketQueryOptions, ticketsQueryOptions } from "../api";
import type { Ticket } from "../schema";
import { TicketCard, TicketFull } from "./TicketCard";

export function TicketListSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      {[0, 1].map((i) => (
        <div key={i} className="rounded-card border border-border bg-surface p-5">
          <Skeleton className="block h-5 w-2/3" label="Loading your tickets" />
          <Skeleton className="mt-2 block h-3 w-1/2" />
          <Skeleton className="mt-4 block h-4 w-32" />
        </div>
      ))}
    </div>
  );
}

export function TicketList({ initialTickets }: { initialTickets?: Ticket[] }) {
  const { data: tickets, isPending, isError, error } = useQuery(ticketsQueryOptions(initialTickets));
  return (
    <section aria-labelledby="your-tickets" className="mt-10">
      <h2 id="your-tickets" className="mb-4 text-lg font-semibold text-text">
        Your tickets
      </h2>
      {isPending ? (
        <TicketListSkeleton />
      ) : isError && !tickets ? (
        <EmptyState title="Your tickets could not be loaded" description={error.message} />
      ) : tickets.length === 0 ? (
        <EmptyState
          title="No tickets yet"
          description="When you send a ticket with the form above it appears here, with the team's answers. Many questions are already answered in the FAQ."
        />
      ) : (
        <div className="flex flex-col gap-4" data-testid="ticket-list">
          {tickets.map((t, i) => (
            <TicketCard key={t.id} ticket={t} defaultOpen={i === 0} />
          ))}
        </div>
      )}
    </section>
  );
}

export function TicketDetail({ initialTicket }: { initialTicket: Ticket }) {
  const { data: ticket } = useQuery(ticketQueryOptions(initialTicket.id, initialTicket));
  return <TicketFull ticket={ticket ?? initialTicket} />;
}
