import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { SupportPage } from "@/features/support";
import { loadTickets } from "@/features/support/server";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "Support" };

export default async function Support() {
  const session = await requirePageSession(ROUTES.support.path);
  return <SupportPage tickets={await loadTickets(session)} />;
}
