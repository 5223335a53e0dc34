import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { FaqPage } from "@/features/faq";
import { loadFaq } from "@/features/faq/server";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "FAQ" };

export default async function Faq() {
  await requirePageSession(ROUTES.faq.path);
  return <FaqPage sections={await loadFaq()} />;
}
