"use client";

import { AccountName } from "@/features/names";
import { useLocale } from "@/lib/locale";
import { cn, PageLink } from "@/ui";
import { formatTicketTime, ticketReference } from "../format";
import { CATEGORY_LABELS } from "../rules";
import type { Ticket } from "../schema";
import { ReplyForm } from "./ReplyForm";
import { StatusBadge } from "./StatusBadge";

function Thread({ ticket }: { ticket: Ticket }) {
  const locale = useLocale();
  return (
    <ol className="flex flex-col gap-3" aria-label="Conversation">
      {ticket.messages.map((m) => (
        <li
          key={m.id}
          className={cn(
            "rounded-control border p-3 sm:p-4",
            m.author === "staff" ? "border-gold/40 bg-gold/5 sm:ml-8" : "border-border bg-bg sm:mr-8",
          )}
        >
          <p className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted">
            <span className={cn("font-semibold", m.author === "staff" ? "text-gold" : "text-text")}>
              {m.author === "staff" ? "Support team" : "You"}
            </span>
            <time dateTime={m.createdAt}>{formatTicketTime(m.createdAt, locale)}</time>
          </p>
          <p className="whitespace-pre-wrap break-words text-sm leading-6 text-text/90">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

function Meta({ ticket }: { ticket: Ticket }) {
  const locale = useLocale();
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      <div className="flex gap-1">
        <dt className="sr-only">Reference</dt>
        <dd className="font-id">#{ticketReference(ticket.id)}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="sr-only">Category</dt>
        <dd>{CATEGORY_LABELS[ticket.category]}</dd>
      </div>
      {ticket.from ? (
        <div className="flex min-w-0 gap-1">
          <dt>From</dt>
          <dd className="min-w-0">
            <AccountName address={ticket.from.address} name={ticket.from.name} />
          </dd>
        </div>
      ) : null}
      <div className="flex gap-1">
        <dt>Opened</dt>
        <dd>
          <time dateTime={ticket.createdAt}>{formatTicketTime(ticket.createdAt, locale)}</time>
        </dd>
      </div>
      {ticket.txHash ? (
        <div className="flex min-w-0 gap-1">
          <dt>Tx</dt>
          <dd className="min-w-0 break-all font-id">{ticket.txHash}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A ticket in the list: summary line, then the thread and reply box behind a disclosure. */
export function TicketCard({ ticket, defaultOpen }: { ticket: Ticket; defaultOpen: boolean }) {
  const replies = ticket.messages.length - 1;
  return (
    <article
      className="rounded-card border border-border bg-surface p-4 sm:p-5"
      data-testid="ticket"
      data-ticket-id={ticket.id}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words text-base font-semibold text-text">
            <PageLink href={`/support/tickets/${ticket.id}`} className="hover:text-gold">
              {ticket.subject}
            </PageLink>
          </h3>
          <Meta ticket={ticket} />
        </div>
        <StatusBadge status={ticket.status} />
      </header>
      <details className="group mt-4" open={defaultOpen}>
        <summary className="cursor-pointer select-none text-sm text-muted hover:text-text">
          <span className="group-open:hidden">Show conversation</span>
          <span className="hidden group-open:inline">Hide conversation</span>
          <span className="tabular">
            {" "}
            · {replies === 0 ? "no replies yet" : `${replies} ${replies === 1 ? "reply" : "replies"}`}
          </span>
        </summary>
        <div className="mt-4">
          <Thread ticket={ticket} />
          <ReplyForm ticket={ticket} />
        </div>
      </details>
    </article>
  );
}

/**
 * The ticket on its own page (`/support/tickets/{id}`, or its private link `/connect/ticket/{token}`
 * when opened signed out): everything open.
 */
export function TicketFull({ ticket, token }: { ticket: Ticket; token?: string }) {
  return (
    <article
      className="rounded-card border border-border bg-surface p-4 sm:p-6"
      data-testid="ticket"
      data-ticket-id={ticket.id}
    >
      <header className="mb-6 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-xl font-semibold text-text sm:text-2xl">{ticket.subject}</h1>
          <Meta ticket={ticket} />
        </div>
        <StatusBadge status={ticket.status} />
      </header>
      <Thread ticket={ticket} />
      <ReplyForm ticket={ticket} token={token} />
    </article>
  );
}
