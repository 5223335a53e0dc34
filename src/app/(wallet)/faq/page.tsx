import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { FaqPage } from "@/features/faq";
import { loadFaq } from "@/features/faq/server";
import { ROUTES } from "@/lib/routes";
import { isSignedInShellRender } from "@/server/shell-page";

export const metadata: Metadata = { title: "FAQ" };

export default async function Faq() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session; the HTTP entry
  // serves it only to visitors whose session it has checked.
  if (!(await isSignedInShellRender())) await requirePageSession(ROUTES.faq.path);
  return <FaqPage sections={await loadFaq()} />;
}
