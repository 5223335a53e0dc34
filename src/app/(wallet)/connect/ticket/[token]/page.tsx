import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PublicTicketPage } from "@/features/support";
import { loadTicketByToken } from "@/features/support/server";

// A ticket opened signed out, by its private link (issue 18). It lives under /connect, the public
// help page, because /support and everything under it stays behind the session (src/lib/routes.ts).
// The token is the only key: never indexed, never sent on as a referrer.
export const metadata: Metadata = {
  title: "Your support ticket",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

type Props = { params: Promise<{ token: string }> };

export default async function PublicTicket({ params }: Props) {
  const { token } = await params;
  const ticket = await loadTicketByToken(token);
  if (!ticket) notFound();
  return <PublicTicketPage ticket={ticket} token={token} />;
}
