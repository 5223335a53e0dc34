import type { Metadata } from "next";
import { SettingsScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Settings" };

export default async function AdminSettingsPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader
        title="Settings"
        description="Settings you can change while the portal runs; the environment gives their defaults."
      />
      <SettingsScreen />
    </>
  );
}
