import type { Metadata } from "next";
import { AuditScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Audit" };

export default async function AdminAuditPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader
        title="Audit"
        description="Every operator action, who did it and what changed, newest first."
      />
      <AuditScreen />
    </>
  );
}
