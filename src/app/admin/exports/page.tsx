import type { Metadata } from "next";
import { ExportsScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Exports" };

export default async function AdminExportsPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader
        title="Exports"
        description="Download participants, points, completions, allocations and the audit log as CSV for a date range."
      />
      <ExportsScreen />
    </>
  );
}
