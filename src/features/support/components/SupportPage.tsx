import { PageContainer, PageHeader, PageLink, Skeleton } from "@/ui";
import type { Ticket } from "../schema";
import { SupportForm } from "./SupportForm";
import { TicketDetail, TicketList, TicketListSkeleton } from "./TicketList";

/**
 * The header is the page's largest text (its LCP element): the loading skeleton shows it too, so it
 * paints with the first streamed chunk instead of after the tickets query (docs/ARCHITECTURE.md).
 */
const HEADER = {
  title: "Support",
  description:
    "Something broken or unclear? Send the team a ticket; answers appear below, and you can reply.",
};

/** `tickets` undefined: the list loads them itself (a signed-in shell, src/server/shell-page.ts). */
export function SupportPage({ tickets }: { tickets?: Ticket[] }) {
  return (
    <PageContainer>
      <PageHeader {...HEADER} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <SupportForm />
          <TicketList initialTickets={tickets} />
        </div>
        <aside>
          <div className="rounded-card border border-border bg-surface p-5 text-sm text-muted lg:sticky lg:top-24">
            <h2 className="mb-2 text-base font-semibold text-text">Before you write</h2>
            <ul className="flex list-disc flex-col gap-2 pl-5 marker:text-gold">
              <li>
                The{" "}
                <PageLink href="/faq" className="text-gold underline underline-offset-2">
                  FAQ
                </PageLink>{" "}
                answers faucet limits, points, referrals and stuck transactions.
              </li>
              <li>Add the transaction hash if a transaction is involved: it lets us look it up directly.</li>
              <li>The team will never ask for your seed phrase or private key.</li>
            </ul>
          </div>
        </aside>
      </div>
    </PageContainer>
  );
}

export function SupportSkeleton() {
  return (
    <PageContainer>
      <PageHeader {...HEADER} />
      <div className="mb-10 rounded-card border border-border bg-surface p-6">
        {[0, 1, 2].map((i) => (
          <Skeleton
            key={i}
            className="mb-5 block h-10 w-full"
            label={i === 0 ? "Loading support" : "Loading"}
          />
        ))}
        <Skeleton className="block h-32 w-full" />
      </div>
      <TicketListSkeleton />
    </PageContainer>
  );
}

export function TicketPage({ ticket }: { ticket: Ticket }) {
  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <PageLink href="/support" className="mb-4 inline-block text-sm text-muted hover:text-gold">
          ← All your tickets
        </PageLink>
        <TicketDetail initialTicket={ticket} />
      </div>
    </PageContainer>
  );
}
