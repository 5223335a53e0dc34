import type { Metadata } from "next";
import { verificationGuideHtml } from "@/features/airdrop/server";
import { requirePageSession } from "@/features/auth/server";
import { PageContainer, PageHeader } from "@/ui";
import { proseClasses } from "@/ui/prose";

export const metadata: Metadata = { title: "Verify an airdrop" };

export default async function VerifyAirdrop() {
  await requirePageSession("/airdrop/verify");
  const html = await verificationGuideHtml();
  return (
    <PageContainer>
      <PageHeader
        title="Verify an airdrop"
        description="How allocations are computed and how to check a round's tree against the contract yourself."
      />
      <article
        className={proseClasses}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our committed docs/airdrop.md, rendered by renderMarkdown (raw HTML escaped)
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </PageContainer>
  );
}
