import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { SupportPage } from "@/features/support";
import { loadTickets } from "@/features/support/server";
import { ROUTES } from "@/lib/routes";
import { isSignedInShellRender } from "@/server/shell-page";

export const metadata: Metadata = { title: "Support" };

export default async function Support() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session and served only
  // to visitors whose session the HTTP entry has checked: their tickets come from the list's client
  // query (GET /api/support/tickets). A client navigation still gets them with the page.
  if (await isSignedInShellRender()) return <SupportPage />;
  const session = await requirePageSession(ROUTES.support.path);
  return <SupportPage tickets={await loadTickets(session)} />;
}
