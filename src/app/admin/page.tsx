import type { Metadata } from "next";
import { OverviewScreen } from "@/features/admin";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Overview" };

export default function AdminOverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="How the campaign is going over the dates you choose." />
      <OverviewScreen />
    </>
  );
}
