import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth";
import { FaqPage } from "@/features/faq/components";
import { loadFaq } from "@/features/faq/server/page-data";

export const metadata: Metadata = { title: "FAQ" };

export default async function Faq() {
  await requirePageSession("/faq");
  return <FaqPage sections={await loadFaq()} />;
}
