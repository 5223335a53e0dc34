import type { Metadata } from "next";
import { NewsScreen } from "@/features/admin/components/NewsScreen";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Content" };

export default async function AdminContentPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader title="Content" description="Write, schedule and unpublish news articles." />
      <NewsScreen />
    </>
  );
}
