import type { TicketStatus } from "./schema";

// Fixed locale and UTC: server HTML and client renders agree in every time zone.
const dateTime = new Intl.DateTimeFormat("en", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
  hourCycle: "h23",
});

export function formatTicketTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
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
