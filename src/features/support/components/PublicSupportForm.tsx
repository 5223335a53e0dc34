"use client";

import { useState } from "react";
import { Button, ButtonLink } from "@/ui";
import { CopyButton } from "@/ui/CopyButton";
import { createPublicTicket } from "../api";
import { ticketReference } from "../format";
import type { Ticket } from "../schema";
import { TicketForm } from "./SupportForm";

/**
 * The ticket form for visitors without a session (the help panel on /connect). After sending it
 * shows the ticket's private link: without SMTP that link is the only way back to the answer.
 */
export function PublicSupportForm({ mailReplies }: { mailReplies: boolean }) {
  const [sent, setSent] = useState<{ ticket: Ticket; link: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (sent)
    return (
      <Sent ticket={sent.ticket} link={sent.link} mailReplies={mailReplies} onAnother={() => setSent(null)} />
    );
  return (
    <TicketForm
      title="Write to the team"
      emailHint={
        mailReplies
          ? "Required: the team's answers are mailed here."
          : "Required, so the team can reach you. Answers appear on the private link shown after sending."
      }
      send={async (values, key) => {
        setError(null);
        setSent(await createPublicTicket(values, key));
      }}
      onError={setError}
      notice={
        error ? (
          <p
            role="alert"
            className="rounded-control border border-danger/50 bg-danger/10 p-3 text-sm text-text"
          >
            {error}
          </p>
        ) : null
      }
    />
  );
}

function Sent({
  ticket,
  link,
  mailReplies,
  onAnother,
}: {
  ticket: Ticket;
  link: string;
  mailReplies: boolean;
  onAnother: () => void;
}) {
  const absolute = typeof window === "undefined" ? link : new URL(link, window.location.origin).href;
  return (
    <section
      role="status"
      aria-labelledby="ticket-sent-title"
      data-testid="public-ticket-sent"
      className="rounded-card border border-gold/40 bg-surface p-4 sm:p-5"
    >
      <h3 id="ticket-sent-title" className="text-base font-semibold text-text">
        Ticket #{ticketReference(ticket.id)} sent
      </h3>
      <p className="mt-1 text-sm text-muted">
        {mailReplies ? `Answers are mailed to ${ticket.email}. ` : "Answers appear on your private link. "}
        The link shows the conversation and lets you reply; keep it to yourself, whoever has it can read the
        ticket.
      </p>
      <p className="mt-3 break-all rounded-control border border-border bg-bg p-3 font-id text-xs text-text">
        {absolute}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink href={link}>Open your ticket</ButtonLink>
        <CopyButton value={absolute} label="your private ticket link" className="h-10" />
        <Button variant="ghost" onClick={onAnother}>
          Write another ticket
        </Button>
      </div>
      <p className="mt-3 text-xs text-muted">
        Signed in later with a verified profile email equal to {ticket.email}, you also find it on the Support
        page.
      </p>
    </section>
  );
}
