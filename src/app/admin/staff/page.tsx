import type { Metadata } from "next";
import { StaffScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Staff" };

export default async function AdminStaffPage() {
  const { session } = await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader title="Staff" description="Who may use this console, and with which role." />
      <StaffScreen me={session.address} />
    </>
  );
}
