import type { Metadata } from "next";
import { SupportInbox } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Support" };

export default async function AdminSupportPage() {
  const { session } = await requireConsoleViewer(["moderator"]);
  return (
    <>
      <PageHeader
        title="Support inbox"
        description="Read participants' tickets, answer them, and close them when they are solved."
      />
      <SupportInbox me={session.address} />
    </>
  );
}
