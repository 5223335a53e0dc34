import type { Metadata } from "next";
import { FaqScreen, NewsScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Content" };

export default async function AdminContentPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader title="Content" description="Write, schedule and unpublish news; edit and order the FAQ." />
      <section aria-labelledby="news-heading" className="mb-12">
        <h2 id="news-heading" className="mb-4 text-xl font-semibold">
          News
        </h2>
        <NewsScreen />
      </section>
      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="mb-4 text-xl font-semibold">
          FAQ
        </h2>
        <FaqScreen />
      </section>
    </>
  );
}
