import type { Metadata } from "next";
import { WebhooksScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Webhooks" };

export default async function AdminWebhooksPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed event notifications to your own services: add receivers, follow their deliveries, and send failed ones again."
      />
      <WebhooksScreen />
    </>
  );
}
