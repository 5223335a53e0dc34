import type { Metadata } from "next";
import { ErrorPage } from "@/features/app-shell";
import { TICKET_LINK_GONE } from "@/features/support";
import { PageLink } from "@/ui";

export const metadata: Metadata = {
  title: "Ticket link not found",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * An unknown private link, or one that stopped working: the link is revoked when the ticket's
 * owner signs in and replies (the ticket moves to their account), so say where it went instead of
 * the bare "Page not found". It names no ticket, so a guessed token learns nothing.
 */
export default function TicketLinkNotFound() {
  return (
    <ErrorPage
      statusCode={404}
      message={TICKET_LINK_GONE}
      action={
        <PageLink
          href="/support"
          className="inline-flex h-11 items-center rounded-control border border-border bg-raised px-6 text-sm font-medium text-text hover:border-gold hover:text-gold"
        >
          Open Support
        </PageLink>
      }
    />
  );
}
