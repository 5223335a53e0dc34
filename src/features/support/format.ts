import { DEFAULT_LOCALE, formatDateTime } from "@/lib/format";
import type { TicketStatus } from "./schema";

/** A ticket's time in UTC, through the one formatter (server HTML and client renders agree). */
export function formatTicketTime(iso: string, locale = DEFAULT_LOCALE): string {
  return formatDateTime(iso, locale);
}

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

/** Short id shown to users and quoted in conversations ("ticket 3F2A91C0"). */
export function ticketReference(id: string): string {
  return id.replaceAll("-", "").slice(0, 8).toUpperCase();
}
