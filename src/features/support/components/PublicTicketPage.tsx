"use client";

import { useQuery } from "@tanstack/react-query";
import { PageContainer } from "@/ui";
import { publicTicketQueryOptions } from "../api";
import type { Ticket } from "../schema";
import { TicketFull } from "./TicketCard";

/** `/connect/ticket/{token}`: a ticket opened signed out, read and answered through its private link. */
export function PublicTicketPage({ ticket, token }: { ticket: Ticket; token: string }) {
  const { data } = useQuery(publicTicketQueryOptions(token, ticket));
  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <p className="mb-4 text-sm text-muted">
          Your support ticket. Keep this page&apos;s address private: whoever has it can read and reply.
          Bookmark it to come back to the team&apos;s answer.
        </p>
        <TicketFull ticket={data ?? ticket} token={token} />
      </div>
    </PageContainer>
  );
}
