import type { Metadata } from "next";
import { requireConsoleViewer } from "@/features/admin/server";
import { IntegrityConsole } from "@/features/integrity";
import { publicConfig } from "@/server/public-config";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Integrity" };
export const dynamic = "force-dynamic";

/** Operator console: sybil clusters, exclusions and scores. Gates itself: anyone but staff sees a 404. */
export default async function IntegrityAdminPage() {
  await requireConsoleViewer(["admin", "moderator"]);
  return (
    <PageContainer>
      <PageHeader
        title="Integrity"
        description="Review detected sybil clusters, exclude or restore participants and import exclusion lists."
      />
      <IntegrityConsole explorerUrl={publicConfig().explorerUrl} />
    </PageContainer>
  );
}
