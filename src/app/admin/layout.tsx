import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ConsoleNav } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageContainer } from "@/ui";
import { WalletBoundary } from "@/wallet-modal/WalletBoundary";

export const metadata: Metadata = {
  title: { default: "Console", template: "%s · Console" },
  robots: { index: false },
};

/** The operator console: admins and moderators only; anyone else gets the plain 404 page. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const viewer = await requireConsoleViewer();
  return (
    <WalletBoundary>
      <PageContainer className="flex flex-col gap-6 md:flex-row md:gap-8">
        <ConsoleNav isAdmin={viewer.isAdmin} />
        <div className="min-w-0 flex-1">{children}</div>
      </PageContainer>
    </WalletBoundary>
  );
}
