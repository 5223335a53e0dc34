import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageSession } from "@/features/auth/server";
import { TicketPage } from "@/features/support";
import { loadTicket } from "@/features/support/server";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "Support ticket" };

type Props = { params: Promise<{ id: string }> };

/** Another user's ticket is indistinguishable from a missing one: 404. */
export default async function Ticket({ params }: Props) {
  const { id } = await params;
  const session = await requirePageSession(`${ROUTES.support.path}/tickets/${encodeURIComponent(id)}`);
  const ticket = await loadTicket(session, id);
  if (!ticket) notFound();
  return <TicketPage ticket={ticket} />;
}
